import { getDefaults, Lexer, type MarkedToken, type Token } from 'marked'
import { checkTypeStructure, type ArticleType } from './article-types'
import { containsKeyword, countKeyword, normalisedWords } from './keyword-rule'
import { fleschReadingEase, isEnglish, sentenceStats, splitSentences, wordsOf } from './readability'
import { readingLevelFor } from './reading-level'
import { stopWordsWith } from '../text-kit'

/**
 * The SEO score of an article: a fixed list of checks, each worth its weight in points. The
 * weights add up to 100, so the score is the sum of the points. A failing check may earn part of
 * its weight where the rule is a quantity (length, links, FAQ questions, readability); points are
 * whole numbers, rounded down, so only a passing check earns its full weight.
 *
 * Substance weighs most (docs/product/pipeline.md, "SEO score"): repetition, thin sections,
 * keyword stuffing, topic coverage and length are 46 of the 100 points, and the placement, markup
 * and article type checks together are 54, below the default floor of 70. Filler that gets every placement
 * right still fails a substance check, and an article failing repetition, thin sections or
 * keyword stuffing is capped at SUBSTANCE_CAP, below the default floor, whatever else it earns.
 *
 * Meta title length and meta description length are two checks: they are two separate fixes with
 * separate limits, and one should not hide the other.
 */
export const SEO_CHECKS = {
  keywordInTitle: { label: 'Keyword in title', weight: 5 },
  keywordInH1: { label: 'Keyword in H1', weight: 4 },
  keywordInIntroduction: { label: 'Keyword in introduction', weight: 5 },
  keywordInMeta: { label: 'Keyword in meta title and description', weight: 4 },
  metaTitleLength: { label: 'Meta title length', weight: 3 },
  metaDescriptionLength: { label: 'Meta description length', weight: 3 },
  contentLength: { label: 'Content length', weight: 8 },
  headingStructure: { label: 'Heading structure', weight: 5 },
  internalLinks: { label: 'Internal links', weight: 4 },
  externalLinks: { label: 'External links', weight: 4 },
  imageAltText: { label: 'Image alt text', weight: 3 },
  readability: { label: 'Readability', weight: 4 },
  faq: { label: 'FAQ', weight: 3 },
  structuredData: { label: 'Structured data', weight: 3 },
  articleType: { label: 'Article type’s structure', weight: 4 },
  repetition: { label: 'No repetition', weight: 14 },
  thinSections: { label: 'Sections with substance', weight: 8 },
  keywordStuffing: { label: 'No keyword stuffing', weight: 6 },
  topicCoverage: { label: 'Topic coverage', weight: 10 },
} as const satisfies Record<string, { label: string; weight: number }>

/** The checks whose failure caps the score at SUBSTANCE_CAP: filler fails them. */
export const SUBSTANCE_CHECKS = ['repetition', 'thinSections', 'keywordStuffing'] as const satisfies readonly SeoCheckId[]
/** The highest score of an article failing a substance check: ten points under the default floor (70). */
export const SUBSTANCE_CAP = 60

export type SeoCheckId = keyof typeof SEO_CHECKS
export const SEO_CHECK_IDS = Object.keys(SEO_CHECKS) as SeoCheckId[]

/** The limits the checks apply, for the UI to quote. */
export const SEO_LIMITS = {
  introductionWords: 100,
  metaTitleMaxCharacters: 60,
  metaDescriptionMinCharacters: 120,
  metaDescriptionMaxCharacters: 160,
  /** Share of the top results' median word count an article needs. */
  serpMedianShare: 0.9,
  /** The word count needed when the top results' median is unknown. */
  minimumWordsWithoutSerp: 1200,
  minimumH2: 3,
  defaultInternalLinkTarget: 3,
  minimumExternalLinks: 1,
  /** Average words per sentence (other languages): full points up to the first, none from the second. */
  sentenceWordsPass: 20,
  sentenceWordsCeiling: 30,
  minimumFaqQuestions: 3,
  /** A run of this many words said twice is repetition. */
  repeatedRunWords: 8,
  /**
   * Share of word trigram occurrences whose trigram occurs more than once, at most. Edited prose
   * repeats few (this project's own docs measure 2–8%: set phrases, names, the subject's terms);
   * templated filler repeats whole sentence frames and measures 30% and more.
   */
  repeatedTrigramShare: 0.1,
  /** Words of its own text (before its first subsection) every H2 section needs. */
  minimumSectionWords: 80,
  /** Keyword occurrences per 100 words, at most: beyond it the text reads stuffed. */
  keywordDensityCeiling: 3,
  /** Share of the search results' important terms and questions the article must cover. */
  coveragePass: 0.6,
  /** Terms taken from the search results: those that occur in at least this many results. */
  coverageTermMinResults: 2,
  coverageMaxTerms: 20,
} as const

/**
 * What the top search results talk about, for the coverage check: their titles and snippets and
 * the "people also ask" questions. Kept with the coverage check (SeoCheck.serp), so a rescore in
 * the editor measures against the same results.
 */
export interface SerpTopics {
  results: Array<{ title: string; snippet: string }>
  questions: string[]
}

export interface SeoScoreInput {
  /** The focus keyword. */
  keyword: string
  /** The article title (usually the H1 text too). */
  title: string
  metaTitle: string
  metaDescription: string
  /** The body as Markdown, starting with "# H1". */
  markdown: string
  /** The business's language, by name ("English") or code ("en-US"). */
  language: string
  /** Whom the business writes for (its target audiences): sets the reading level (reading-level.ts). */
  audiences?: readonly string[] | null
  /** The business's site: links to its host (with or without "www.") and relative links are internal. */
  siteUrl: string
  /** Median word count of the top search results; null when unknown. */
  serpMedianWordCount: number | null
  /** The article's target word count when it has one; it replaces the SERP median. */
  targetWordCount?: number | null
  /** The search results it was written from; null or absent when none are known. */
  serp?: SerpTopics | null
  /** The featured and inline images. */
  images: { alt: string }[]
  faqCount: number
  /** Parsed JSON-LD objects attached to the article. */
  structuredData: unknown[]
  /** The article's type (article-types.ts): its structure is checked; a guide when absent. */
  articleType?: ArticleType
}

export interface SeoScoreOptions {
  /** Internal links needed for full points; defaults to SEO_LIMITS.defaultInternalLinkTarget. */
  internalLinkTarget?: number
}

export interface SeoCheck {
  id: SeoCheckId
  label: string
  passed: boolean
  points: number
  maxPoints: number
  /** The measured value, in a sentence. */
  detail: string
  /** What to change to pass, with the numbers involved; null when the check passes. */
  hint: string | null
  /** On the topic coverage check: the search results it measured against. */
  serp?: SerpTopics
}

export interface SeoScore {
  /** 0–100, a whole number. */
  score: number
  checks: SeoCheck[]
  /** True when a failing substance check held the score at SUBSTANCE_CAP. */
  capped: boolean
}

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
export { containsKeyword, countKeyword } from './keyword-rule'

// ---------------------------------------------------------------------------------------------
// Reading the Markdown

type OutlineBlock = { kind: 'heading'; depth: number; text: string } | { kind: 'prose' | 'table'; text: string }

interface ArticleOutline {
  /** Readable text in document order: code blocks, raw HTML, image alt texts and bare URLs left out. */
  blocks: OutlineBlock[]
  hrefs: string[]
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The lexer leaves character references in text as written; words are counted on the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi, (reference, decimal, hex, name) => {
    const codePoint = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined
    if (codePoint !== undefined) return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference
    return NAMED_ENTITIES[name.toLowerCase()] ?? reference
  })
}

const LOOKS_LIKE_URL = /^(?:[a-z][a-z\d+.-]*:|www\.)\S*$/i

function inlineText(tokens: Token[], hrefs: string[]): string {
  let text = ''
  for (const token of tokens as MarkedToken[]) {
    if (token.type === 'link') {
      hrefs.push(token.href)
      if (!token.autolink && !LOOKS_LIKE_URL.test(token.text.trim())) text += inlineText(token.tokens, hrefs)
    } else if (token.type === 'br') text += ' '
    else if (token.type === 'codespan' || token.type === 'escape') text += token.text
    else if (token.type === 'text') text += token.tokens ? inlineText(token.tokens, hrefs) : decodeEntities(token.text)
    else if (token.type === 'strong' || token.type === 'em' || token.type === 'del') text += inlineText(token.tokens, hrefs)
    // Images, inline HTML tags and checkboxes have no text a reader sees in the flow.
  }
  return text
}

function collectBlocks(tokens: Token[], outline: ArticleOutline): void {
  const add = (block: OutlineBlock) => {
    if (block.text.trim() !== '') outline.blocks.push(block)
  }
  for (const token of tokens as MarkedToken[]) {
    if (token.type === 'heading') add({ kind: 'heading', depth: token.depth, text: inlineText(token.tokens, outline.hrefs) })
    else if (token.type === 'paragraph' || token.type === 'text') {
      add({ kind: 'prose', text: token.tokens ? inlineText(token.tokens, outline.hrefs) : decodeEntities(token.text) })
    } else if (token.type === 'list') for (const item of token.items) collectBlocks(item.tokens, outline)
    else if (token.type === 'blockquote') collectBlocks(token.tokens, outline)
    else if (token.type === 'table') {
      for (const row of [token.header, ...token.rows]) {
        add({ kind: 'table', text: row.map((cell) => inlineText(cell.tokens, outline.hrefs)).join(' ') })
      }
    }
    // Code blocks, raw HTML blocks, rules and link definitions hold no article prose.
  }
}

function readOutline(markdown: string): ArticleOutline {
  const outline: ArticleOutline = { blocks: [], hrefs: [] }
  // Fresh defaults, so options another module set on the shared `marked` instance do not apply.
  collectBlocks(Lexer.lex(markdown, getDefaults()), outline)
  return outline
}

// ---------------------------------------------------------------------------------------------
// Links and structured data

/** A host without its "www.", lowercase; null when the site URL cannot be read. */
function siteHostOf(siteUrl: string): string | null {
  const value = siteUrl.trim()
  if (value === '') return null
  return bareHost(parseUrl(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`))
}

function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base)
  } catch {
    return null
  }
}

function bareHost(url: URL | null): string | null {
  return url ? url.hostname.toLowerCase().replace(/^www\./, '') || null : null
}

/**
 * The distinct pages an article links to, internal and external. Relative links are internal;
 * same-page anchors and links that are not http(s) (mailto:, tel:) are neither.
 */
function classifyLinks(hrefs: string[], siteUrl: string): { internal: number; external: number } {
  const siteHost = siteHostOf(siteUrl)
  const siteBase = siteHost ? `https://${siteHost}/` : undefined
  const internal = new Set<string>()
  const external = new Set<string>()
  for (const href of hrefs) {
    const value = href.trim()
    if (value === '' || value.startsWith('#')) continue
    const absolute = /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')
    const url = parseUrl(value.startsWith('//') ? `https:${value}` : value, siteBase)
    if (!absolute) {
      internal.add(url ? `${bareHost(url)}${url.pathname}${url.search}` : value.replace(/#.*/, ''))
      continue
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue
    const host = bareHost(url)
    const key = `${host}${url.pathname}${url.search}`
    if (siteHost !== null && host === siteHost) internal.add(key)
    else external.add(key)
  }
  return { internal: internal.size, external: external.size }
}

/** The schema.org types of the JSON-LD objects, including members of `@graph` arrays. */
function schemaTypes(structuredData: unknown[]): Set<string> {
  const types = new Set<string>()
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    const record = value as Record<string, unknown>
    const declared = record['@type']
    for (const type of Array.isArray(declared) ? declared : [declared]) {
      if (typeof type === 'string') types.add(type.replace(/^https?:\/\/schema\.org\//, ''))
    }
    visit(record['@graph'], depth + 1)
  }
  visit(structuredData, 0)
  return types
}

// ---------------------------------------------------------------------------------------------
// The checks

interface Outcome {
  passed: boolean
  /** Share of the weight a failing check earns, 0–1. */
  share: number
  detail: string
  hint: string | null
}

const pass = (detail: string): Outcome => ({ passed: true, share: 1, detail, hint: null })
const fail = (detail: string, hint: string, share = 0): Outcome => ({ passed: false, share, detail, hint })

const formatNumber = (value: number) => Math.round(value).toLocaleString('en-US')
const count = (value: number, one: string, many = `${one}s`) => `${formatNumber(value)} ${value === 1 ? one : many}`
const characters = (text: string) => Array.from(text.trim()).length

/** What the checks measure, read once from the input. */
interface ArticleFacts {
  input: SeoScoreInput
  quotedKeyword: string
  blocks: OutlineBlock[]
  h1: OutlineBlock[]
  words: number
  links: { internal: number; external: number }
}

function keywordInTitle({ input, quotedKeyword }: ArticleFacts): Outcome {
  if (containsKeyword(input.title, input.keyword)) return pass(`The title contains ${quotedKeyword}.`)
  return fail(`The title does not contain ${quotedKeyword}.`, `Add the focus keyword ${quotedKeyword} to the title.`)
}

function keywordInH1({ input, quotedKeyword, h1 }: ArticleFacts): Outcome {
  if (h1.length === 0) return fail('The article has no H1.', `Start the article with an H1 ("# …") that contains ${quotedKeyword}.`)
  if (containsKeyword(h1[0].text, input.keyword)) return pass(`The H1 contains ${quotedKeyword}.`)
  return fail(`The H1 "${h1[0].text.trim()}" does not contain ${quotedKeyword}.`, `Add the focus keyword ${quotedKeyword} to the H1.`)
}

function keywordInIntroduction({ input, quotedKeyword, blocks, h1 }: ArticleFacts): Outcome {
  const limit = SEO_LIMITS.introductionWords
  const body = blocks.slice(h1.length > 0 ? blocks.indexOf(h1[0]) + 1 : 0).filter((block) => block.kind !== 'heading')
  const bodyText = body.map((block) => block.text).join('\n\n')
  const opening = wordsOf(bodyText).slice(0, limit).join(' ')
  if (containsKeyword(opening, input.keyword)) return pass(`${quotedKeyword} appears in the first ${limit} words.`)
  const mentions = countKeyword(bodyText, input.keyword)
  return fail(
    `${quotedKeyword} is not in the first ${limit} words; the body mentions it ${count(mentions, 'time')}.`,
    `Use ${quotedKeyword} within the first ${limit} words after the H1.`,
  )
}

function keywordInMeta({ input, quotedKeyword }: ArticleFacts): Outcome {
  const inTitle = containsKeyword(input.metaTitle, input.keyword)
  const inDescription = containsKeyword(input.metaDescription, input.keyword)
  const detail = `Meta title: ${inTitle ? 'contains' : 'lacks'} ${quotedKeyword}; meta description: ${inDescription ? 'contains' : 'lacks'} it.`
  if (inTitle && inDescription) return pass(detail)
  const missing = [inTitle ? null : 'the meta title', inDescription ? null : 'the meta description'].filter(Boolean).join(' and ')
  return fail(detail, `Add ${quotedKeyword} to ${missing}.`, inTitle || inDescription ? 0.5 : 0)
}

function metaTitleLength({ input }: ArticleFacts): Outcome {
  const max = SEO_LIMITS.metaTitleMaxCharacters
  const length = characters(input.metaTitle)
  const detail = `The meta title has ${count(length, 'character')}.`
  if (length === 0) return fail(detail, `Write a meta title of up to ${max} characters.`)
  if (length > max) return fail(detail, `Shorten the meta title to ${max} characters (it has ${length}).`)
  return pass(detail)
}

function metaDescriptionLength({ input }: ArticleFacts): Outcome {
  const { metaDescriptionMinCharacters: min, metaDescriptionMaxCharacters: max } = SEO_LIMITS
  const length = characters(input.metaDescription)
  const detail = `The meta description has ${count(length, 'character')}.`
  if (length === 0) return fail(detail, `Write a meta description of ${min}–${max} characters.`)
  if (length < min) return fail(detail, `Lengthen the meta description to at least ${min} characters (it has ${length}).`)
  if (length > max) return fail(detail, `Shorten the meta description to ${max} characters (it has ${length}).`)
  return pass(detail)
}

function contentLength({ input, words }: ArticleFacts): Outcome {
  const target =
    input.targetWordCount !== undefined && input.targetWordCount !== null && input.targetWordCount > 0 ? input.targetWordCount : null
  if (target !== null) {
    const detail = `${count(words, 'word')}; the target is ${formatNumber(target)}.`
    if (words >= target) return pass(detail)
    return fail(
      detail,
      `Add about ${count(target - words, 'word')} of substance to reach the target of ${formatNumber(target)}.`,
      words / target,
    )
  }
  const median = input.serpMedianWordCount !== null && input.serpMedianWordCount > 0 ? input.serpMedianWordCount : null
  const has = `this article has ${formatNumber(words)}`
  if (median === null) {
    const needed = SEO_LIMITS.minimumWordsWithoutSerp
    const detail = `${count(words, 'word')}; without search results to compare, ${formatNumber(needed)} are needed.`
    if (words >= needed) return pass(detail)
    return fail(detail, `Add about ${count(needed - words, 'word')} to reach ${formatNumber(needed)}: ${has}.`, words / needed)
  }
  const needed = Math.ceil(median * SEO_LIMITS.serpMedianShare)
  const detail = `${count(words, 'word')}; the top results have a median of ${formatNumber(median)} (${formatNumber(needed)} needed).`
  if (words >= needed) return pass(detail)
  return fail(
    detail,
    `Add about ${count(median - words, 'word')}: the top results have a median of ${formatNumber(median)} and ${has}.`,
    words / needed,
  )
}

function headingStructure({ blocks, h1 }: ArticleFacts): Outcome {
  const headings = blocks.filter((block) => block.kind === 'heading')
  const h2Count = headings.filter((heading) => heading.depth === 2).length
  let skip: { from: number; to: number; text: string } | null = null
  let previous = 1
  for (const heading of headings) {
    if (heading.depth > previous + 1 && !skip) skip = { from: previous, to: heading.depth, text: heading.text.trim() }
    previous = heading.depth
  }
  const hints: string[] = []
  if (h1.length !== 1) hints.push(`Use exactly one H1 (it has ${h1.length}).`)
  else if (blocks[0] !== h1[0]) hints.push('Put the H1 first, before any other heading or text.')
  if (h2Count < SEO_LIMITS.minimumH2) {
    const more = SEO_LIMITS.minimumH2 - h2Count
    hints.push(`Add ${count(more, 'more H2 section')} (it has ${h2Count}; ${SEO_LIMITS.minimumH2} or more pass).`)
  }
  if (skip) hints.push(`Use H${skip.from + 1} instead of H${skip.to} for "${skip.text}": levels must not be skipped.`)
  const detail = `${count(h1.length, 'H1')}, ${count(h2Count, 'H2')}, ${skip ? `a jump from H${skip.from} to H${skip.to}` : 'no skipped level'}.`
  if (hints.length === 0) return pass(detail)
  return fail(detail, hints.join(' '), (3 - hints.length) / 3)
}

function internalLinks({ links, input }: ArticleFacts, target: number): Outcome {
  const detail = `${count(links.internal, 'internal link')} to distinct pages.`
  if (links.internal >= target) return pass(detail)
  const site = siteHostOf(input.siteUrl) ?? 'your own site'
  return fail(
    detail,
    `Add ${count(target - links.internal, 'more link')} to pages on ${site} (it has ${links.internal}; ${target} or more pass).`,
    links.internal / target,
  )
}

function externalLinks({ links }: ArticleFacts): Outcome {
  const needed = SEO_LIMITS.minimumExternalLinks
  const detail = `${count(links.external, 'external link')} to distinct pages.`
  if (links.external >= needed) return pass(detail)
  return fail(detail, `Cite at least ${count(needed, 'source')} with a link to another site (it has ${links.external}).`)
}

function imageAltText({ input }: ArticleFacts): Outcome {
  const total = input.images.length
  const withAlt = input.images.filter((image) => image.alt.trim() !== '').length
  if (total === 0) return fail('The article has no image.', 'Add at least 1 image with descriptive alt text.')
  const detail = `${formatNumber(withAlt)} of ${count(total, 'image')} ${total === 1 ? 'has' : 'have'} alt text.`
  if (withAlt === total) return pass(detail)
  const hint = total === 1 ? 'Write alt text for the image.' : `Write alt text for ${formatNumber(total - withAlt)} of the ${total} images.`
  return fail(detail, hint, withAlt / total)
}

function readability({ input, blocks }: ArticleFacts): Outcome {
  const prose = blocks
    .filter((block) => block.kind === 'prose')
    .map((block) => block.text)
    .join('\n\n')
  const stats = sentenceStats(prose)
  if (stats.words === 0) return fail('The article has no body text to measure.', 'Write the body text: it has no paragraphs.')
  const average = Math.round(stats.averageWordsPerSentence)
  if (isEnglish(input.language)) {
    // The level the business's readers need (reading-level.ts): plain English for beginners.
    const level = readingLevelFor(input.audiences)
    const { fleschPass, fleschFloor } = level
    const ease = Math.round(fleschReadingEase(prose))
    const detail = `Flesch reading ease ${ease}, for ${level.label} ${fleschPass} or more; sentences average ${count(average, 'word')}.`
    if (ease >= fleschPass) return pass(detail)
    return fail(
      detail,
      `Raise the Flesch reading ease to ${fleschPass} or more for ${level.label} (it is ${ease}): shorten sentences (they average ${count(average, 'word')}) and prefer shorter words.`,
      (ease - fleschFloor) / (fleschPass - fleschFloor),
    )
  }
  const { sentenceWordsPass, sentenceWordsCeiling } = SEO_LIMITS
  const detail = `Sentences average ${count(average, 'word')}.`
  if (stats.averageWordsPerSentence <= sentenceWordsPass) return pass(detail)
  return fail(
    detail,
    `Shorten sentences to an average of ${sentenceWordsPass} words or fewer (they average ${average}).`,
    (sentenceWordsCeiling - stats.averageWordsPerSentence) / (sentenceWordsCeiling - sentenceWordsPass),
  )
}

function faq({ input }: ArticleFacts): Outcome {
  const needed = SEO_LIMITS.minimumFaqQuestions
  const detail = `The FAQ has ${count(input.faqCount, 'question')}.`
  if (input.faqCount >= needed) return pass(detail)
  return fail(
    detail,
    `Add ${count(needed - input.faqCount, 'more FAQ question')} (it has ${input.faqCount}; ${needed} or more pass).`,
    input.faqCount / needed,
  )
}

function structuredData({ input }: ArticleFacts): Outcome {
  const types = schemaTypes(input.structuredData)
  const detail = types.size === 0 ? 'No JSON-LD types.' : `JSON-LD types: ${[...types].join(', ')}.`
  const hints: string[] = []
  if (!types.has('Article') && !types.has('BlogPosting')) hints.push('Add Article (or BlogPosting) JSON-LD.')
  if (input.faqCount > 0 && !types.has('FAQPage')) hints.push(`Add FAQPage JSON-LD for the ${count(input.faqCount, 'FAQ question')}.`)
  if (hints.length === 0) return pass(detail)
  const required = input.faqCount > 0 ? 2 : 1
  return fail(detail, hints.join(' '), (required - hints.length) / required)
}

function articleType({ input }: ArticleFacts): Outcome {
  const { passed, detail, hint } = checkTypeStructure(input.articleType ?? 'guide', input.markdown)
  return passed ? pass(detail) : fail(detail, hint ?? '')
}

// ---------------------------------------------------------------------------------------------
// Substance: repetition, thin sections, keyword stuffing, topic coverage

const STOP_WORDS = stopWordsWith(
  `been but if into may more most not so their them there they those up were while about also any each every other only all
  both just very should would could some such own same out over can't don't`,
)

/**
 * Words results use to sell the click rather than to name the topic ("The Complete Guide",
 * "12 Tips That Actually Work", "Everything You Need to Know"): never a term to cover.
 */
const SERP_BOILERPLATE = new Set(
  `guide guides complete ultimate definitive everything need know tips tip actually really work works best top options option
  compared explained explain explains advice example examples practical simple easy easiest learn started start updated review
  reviews beginner beginners things ways`.split(/\s+/),
)

/** A crude stem, so "roasters", "roaster" and "roasting" meet. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('es') && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

const contentStems = (text: string) =>
  new Set(
    normalisedWords(text)
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
      .map(stem),
  )

const quote = (text: string, words = 10) => {
  const all = text.trim().split(/\s+/)
  return `"${all.slice(0, words).join(' ')}${all.length > words ? ' …' : ''}"`
}

/** The word sequences of the prose blocks: a run never spans two blocks. */
const proseBlocks = (blocks: OutlineBlock[]) => blocks.filter((block) => block.kind === 'prose').map((block) => block.text)

/** Every run of `length` words inside the keyword: a long keyword must be said more than once, which is not repetition. */
function keywordRuns(keyword: string, length: number): Set<string> {
  const words = normalisedWords(keyword)
  const runs = new Set<string>()
  for (let at = 0; at + length <= words.length; at++) runs.add(words.slice(at, at + length).join(' '))
  return runs
}

function repetition({ blocks, input }: ArticleFacts): Outcome {
  const { repeatedRunWords: run, repeatedTrigramShare: ceiling } = SEO_LIMITS
  const ofKeyword = keywordRuns(input.keyword, run)
  const prose = proseBlocks(blocks)
  if (prose.length === 0) return fail('The article has no body text to measure.', 'Write the body text: it has no paragraphs.')
  const sentenceCounts = new Map<string, { text: string; times: number }>()
  for (const sentence of prose.flatMap((text) => splitSentences(text))) {
    const key = normalisedWords(sentence).join(' ')
    if (key.split(' ').length < 4) continue
    const known = sentenceCounts.get(key)
    if (known) known.times += 1
    else sentenceCounts.set(key, { text: sentence, times: 1 })
  }
  const repeatedSentences = [...sentenceCounts.values()].filter((entry) => entry.times > 1)
  const runs = new Map<string, number>()
  const trigrams = new Map<string, number>()
  for (const text of prose) {
    const words = normalisedWords(text)
    for (let at = 0; at + run <= words.length; at++) {
      const key = words.slice(at, at + run).join(' ')
      runs.set(key, (runs.get(key) ?? 0) + 1)
    }
    for (let at = 0; at + 3 <= words.length; at++) {
      const key = words.slice(at, at + 3).join(' ')
      trigrams.set(key, (trigrams.get(key) ?? 0) + 1)
    }
  }
  const repeatedRuns = [...runs].filter(([key, times]) => times > 1 && !ofKeyword.has(key))
  const totalTrigrams = [...trigrams.values()].reduce((sum, times) => sum + times, 0)
  const repeatedTrigrams = [...trigrams.values()].filter((times) => times > 1).reduce((sum, times) => sum + times, 0)
  const share = totalTrigrams === 0 ? 0 : repeatedTrigrams / totalTrigrams
  const percent = (value: number) => `${Math.round(value * 1000) / 10}%`
  const detail = `${count(repeatedSentences.length, 'sentence')} repeated, ${count(repeatedRuns.length, `${run}-word run`)} repeated, ${percent(share)} of word trigrams repeated.`
  const hints: string[] = []
  if (repeatedSentences.length > 0) {
    const worst = [...repeatedSentences].sort((a, b) => b.times - a.times)[0]
    hints.push(`Rewrite the ${count(repeatedSentences.length, 'repeated sentence')}: ${quote(worst.text)} appears ${worst.times} times.`)
  } else if (repeatedRuns.length > 0) {
    hints.push(`Reword ${count(repeatedRuns.length, 'passage')} said twice, such as ${quote(repeatedRuns[0][0])}.`)
  }
  if (share > ceiling)
    hints.push(
      `Vary the wording: ${percent(share)} of three-word phrases recur (at most ${percent(ceiling)} pass); say new things rather than reuse sentence frames.`,
    )
  if (hints.length === 0) return pass(detail)
  return fail(detail, hints.join(' '))
}

function thinSections({ blocks }: ArticleFacts): Outcome {
  const minimum = SEO_LIMITS.minimumSectionWords
  const sections: Array<{ heading: string; words: number; wordsBeforeH3: number; questions: number; subheadings: number }> = []
  for (const block of blocks) {
    const current = sections.at(-1)
    if (block.kind === 'heading' && block.depth <= 2) {
      const heading = block.depth === 2 ? block.text.trim() : ''
      sections.push({ heading, words: heading ? 0 : Number.POSITIVE_INFINITY, wordsBeforeH3: 0, questions: 0, subheadings: 0 })
    } else if (block.kind === 'heading' && current) {
      current.subheadings += 1
      if (block.text.trim().endsWith('?')) current.questions += 1
    } else if (current) {
      const words = wordsOf(block.text).length
      current.words += words
      if (current.subheadings === 0) current.wordsBeforeH3 += words
    }
  }
  // A FAQ (an H2 made only of question subheadings, e.g. "Frequently asked questions") is judged by
  // the FAQ check: its answers are meant to be short.
  const isFaq = (section: (typeof sections)[number]) =>
    section.questions >= 1 && section.questions === section.subheadings && section.wordsBeforeH3 === 0
  const h2 = sections.filter((section) => section.heading !== '' && !isFaq(section))
  const thin = h2.filter((section) => section.words < minimum)
  if (h2.length === 0) return fail('The article has no H2 section.', `Divide the body into H2 sections of ${minimum} words or more each.`)
  const detail = `${formatNumber(h2.length - thin.length)} of ${count(h2.length, 'H2 section')} have ${minimum} words or more.`
  if (thin.length === 0) return pass(detail)
  const named = thin
    .slice(0, 3)
    .map((section) => `"${section.heading}" (${formatNumber(section.words)})`)
    .join(', ')
  return fail(
    detail,
    `Give every H2 section at least ${minimum} words of its own, or merge it into another: ${named}${thin.length > 3 ? ` and ${formatNumber(thin.length - 3)} more` : ''}.`,
    (h2.length - thin.length) / h2.length,
  )
}

function keywordStuffing({ input, quotedKeyword, blocks, words }: ArticleFacts): Outcome {
  const ceiling = SEO_LIMITS.keywordDensityCeiling
  const mentions = blocks.reduce((sum, block) => sum + countKeyword(block.text, input.keyword), 0)
  const density = words === 0 ? 0 : (mentions / words) * 100
  const rounded = Math.round(density * 10) / 10
  const detail = `${quotedKeyword} appears ${count(mentions, 'time')} in ${count(words, 'word')} (${rounded} per 100 words).`
  const allowed = Math.floor((words * ceiling) / 100)
  if (words === 0) return fail(detail, 'Write the body text: it has no words.')
  if (density <= ceiling || mentions <= 2) return pass(detail)
  return fail(
    detail,
    `Use ${quotedKeyword} at most ${count(allowed, 'time')} here (${ceiling} per 100 words; it has ${mentions}): say "it", or name the thing another way.`,
  )
}

/** The terms and questions of the search results an article should speak to. */
function serpTargets(
  serp: SerpTopics,
  keyword: string,
): { terms: Array<{ stem: string; word: string }>; questions: Array<{ text: string; stems: Set<string> }> } {
  const keywordStems = contentStems(keyword)
  const inResults = new Map<string, { times: number; word: string }>()
  for (const result of serp.results) {
    const seen = new Set<string>()
    for (const word of normalisedWords(`${result.title} ${result.snippet}`)) {
      if (word.length < 4 || STOP_WORDS.has(word) || SERP_BOILERPLATE.has(word) || /\d/.test(word)) continue
      const key = stem(word)
      if (keywordStems.has(key) || seen.has(key)) continue
      seen.add(key)
      const known = inResults.get(key)
      inResults.set(key, { times: (known?.times ?? 0) + 1, word: known?.word ?? word })
    }
  }
  const terms = [...inResults]
    .filter(([, entry]) => entry.times >= SEO_LIMITS.coverageTermMinResults)
    .sort((a, b) => b[1].times - a[1].times || a[0].localeCompare(b[0]))
    .slice(0, SEO_LIMITS.coverageMaxTerms)
    .map(([key, entry]) => ({ stem: key, word: entry.word }))
  const questions = serp.questions
    .map((text) => ({ text: text.trim(), stems: new Set([...contentStems(text)].filter((key) => !keywordStems.has(key))) }))
    .filter((question) => question.stems.size > 0)
  return { terms, questions }
}

function topicCoverage({ input, blocks }: ArticleFacts): Outcome {
  const serp = input.serp
  const targets = serp ? serpTargets(serp, input.keyword) : { terms: [], questions: [] }
  if (targets.terms.length + targets.questions.length === 0)
    return pass('Not measured: no search results are known for this article to compare with.')
  const article = contentStems(blocks.map((block) => block.text).join('\n'))
  const missingTerms = targets.terms.filter((term) => !article.has(term.stem))
  // A question is covered when the article uses most of its words beyond the keyword.
  const missingQuestions = targets.questions.filter(
    (question) => [...question.stems].filter((key) => article.has(key)).length / question.stems.size < 0.6,
  )
  const total = targets.terms.length + targets.questions.length
  const covered = total - missingTerms.length - missingQuestions.length
  const share = covered / total
  const detail = `Covers ${formatNumber(covered)} of the ${formatNumber(total)} terms and questions of the top results (${Math.round(share * 100)}%).`
  if (share >= SEO_LIMITS.coveragePass) return pass(detail)
  const parts = [
    missingTerms.length > 0
      ? `the terms ${missingTerms
          .slice(0, 6)
          .map((term) => term.word)
          .join(', ')}`
      : '',
    missingQuestions.length > 0
      ? `the questions ${missingQuestions
          .slice(0, 2)
          .map((question) => `"${question.text}"`)
          .join(' and ')}`
      : '',
  ].filter(Boolean)
  return fail(
    detail,
    `Cover what the top results cover (${Math.round(SEO_LIMITS.coveragePass * 100)}% or more passes): write about ${parts.join(' and ')}.`,
    share / SEO_LIMITS.coveragePass,
  )
}

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
