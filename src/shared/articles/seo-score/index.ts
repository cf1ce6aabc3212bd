import { wordsOf } from '../readability'
import {
  SEO_CHECK_IDS,
  SEO_CHECKS,
  SEO_LIMITS,
  SUBSTANCE_CAP,
  SUBSTANCE_CHECKS,
  type SeoCheck,
  type SeoCheckId,
  type SeoScore,
  type SeoScoreInput,
  type SeoScoreOptions,
  type SerpTopics,
} from './checks'
import { topicCoverage } from './coverage'
import { articleType, headingStructure } from './headings'
import { keywordInH1, keywordInIntroduction, keywordInMeta, keywordInTitle } from './keywords'
import { classifyLinks, externalLinks, internalLinks } from './links'
import { faq, imageAltText, structuredData } from './media'
import { metaDescriptionLength, metaTitleLength } from './meta'
import { readOutline } from './outline'
import type { ArticleFacts, Outcome } from './outcome'
import { contentLength, readability } from './readability'
import { keywordStuffing, repetition, thinSections } from './substance'

export {
  SEO_CHECK_IDS,
  SEO_CHECKS,
  SEO_LIMITS,
  SUBSTANCE_CAP,
  SUBSTANCE_CHECKS,
  type SeoCheck,
  type SeoCheckId,
  type SeoScore,
  type SeoScoreInput,
  type SeoScoreOptions,
  type SerpTopics,
} from './checks'

/** The search results a stored score measured coverage against (to rescore an edit the same way). */
export function serpTopicsOf(checks: readonly SeoCheck[]): SerpTopics | null {
  return checks.find((check) => check.id === 'topicCoverage')?.serp ?? null
}

/** The fixes of the failing checks, heaviest first: why an article is below its floor. */
export function failingFixes(checks: readonly SeoCheck[]): string[] {
  return checks
    .filter((check) => !check.passed && check.hint)
    .sort((a, b) => b.maxPoints - b.points - (a.maxPoints - a.points))
    .map((check) => check.hint!)
}

// Keyword matching: one rule, shared with the writer (keyword-rule.ts).
export { containsKeyword, countKeyword } from '../keyword-rule'

/** Scores an article against SEO_CHECKS; pure, so the editor can rescore on every change. */
export function scoreArticle(input: SeoScoreInput, options: SeoScoreOptions = {}): SeoScore {
  const internalLinkTarget = Math.max(1, options.internalLinkTarget ?? SEO_LIMITS.defaultInternalLinkTarget)
  const outline = readOutline(input.markdown)
  const facts: ArticleFacts = {
    input,
    quotedKeyword: `"${input.keyword.trim()}"`,
    blocks: outline.blocks,
    h1: outline.blocks.filter((block) => block.kind === 'heading' && block.depth === 1),
    words: outline.blocks.reduce((sum, block) => sum + wordsOf(block.text).length, 0),
    links: classifyLinks(outline.hrefs, input.siteUrl),
  }
  const outcomes: Record<SeoCheckId, Outcome> = {
    keywordInTitle: keywordInTitle(facts),
    keywordInH1: keywordInH1(facts),
    keywordInIntroduction: keywordInIntroduction(facts),
    keywordInMeta: keywordInMeta(facts),
    metaTitleLength: metaTitleLength(facts),
    metaDescriptionLength: metaDescriptionLength(facts),
    contentLength: contentLength(facts),
    headingStructure: headingStructure(facts),
    internalLinks: internalLinks(facts, internalLinkTarget),
    externalLinks: externalLinks(facts),
    imageAltText: imageAltText(facts),
    readability: readability(facts),
    faq: faq(facts),
    structuredData: structuredData(facts),
    articleType: articleType(facts),
    repetition: repetition(facts),
    thinSections: thinSections(facts),
    keywordStuffing: keywordStuffing(facts),
    topicCoverage: topicCoverage(facts),
  }
  const checks = SEO_CHECK_IDS.map((id): SeoCheck => {
    const { label, weight } = SEO_CHECKS[id]
    const { passed, share, detail, hint } = outcomes[id]
    // The epsilon keeps 9 × 2/3 at 6 despite floating point; a failing check stays below its weight.
    const points = passed ? weight : Math.min(weight - 1, Math.floor(weight * Math.max(0, share) + 1e-9))
    const serp = id === 'topicCoverage' && input.serp ? { serp: input.serp } : {}
    return { id, label, passed, points, maxPoints: weight, detail, hint, ...serp }
  })
  const sum = checks.reduce((total, check) => total + check.points, 0)
  const capped = sum > SUBSTANCE_CAP && checks.some((check) => !check.passed && (SUBSTANCE_CHECKS as readonly string[]).includes(check.id))
  return { score: capped ? SUBSTANCE_CAP : sum, checks, capped }
}
