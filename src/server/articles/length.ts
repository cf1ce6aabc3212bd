import { countWords, splitSentences } from '~/shared/articles/readability'
import { scoreArticle, SUBSTANCE_CHECKS } from '~/shared/articles/seo-score'
import { assembleMarkdown, type WrittenSection } from './assemble'
import { stopWordsWith } from '~/shared/text-kit'

/**
 * Sections added after writing while an article is short of its target (docs/product/pipeline.md
 * "Length"): only subjects the fetched pages or "people also ask" raise and the outline does not
 * cover yet, and only sections that bring sentences the article does not already have and keep
 * the score's substance checks (repetition, sections with substance, keyword stuffing) as they were.
 */

/** A section adds material only when this many of its words are in sentences new to the article. */
export const MIN_NEW_WORDS = 60
/** A subject is one the pages speak to when at least this many of their sentences do. */
export const MIN_SOURCE_SENTENCES = 2

const STOP_WORDS = stopWordsWith('should their there')
/** Headings of a page's furniture, not of its subject. */
const NOT_A_SUBJECT =
  /^(?:home|blog|menu|contact(?: us)?|about(?: us)?|shop|cart|search|log ?in|sign up|subscribe|newsletter|privacy.*|terms.*|cookies?|follow us|share.*|read more|related.*|recent.*|popular.*|categories|tags|comments?|leave a (?:comment|reply)|table of contents|about the author|conclusion|summary|final thoughts|wrapping up|faqs?|frequently asked questions|references|sources)$/i

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
/** A word without a plural or verb ending, so "grinders" and "grinder" meet. */
const stem = (word: string) => word.replace(/(?:ing|ies|es|s)$/, '')
const stems = (text: string) => new Set(words(text).map(stem))

export interface ExtraSubjectInput {
  keyword: string
  /** The headings the article already has. */
  headings: string[]
  /** "People also ask" questions. */
  questions: string[]
  pages: Array<{ title: string; headings: string[]; text: string }>
}

/**
 * Subjects for more sections, best first: "people also ask" questions and the fetched pages'
 * headings whose words (beyond the keyword's) no heading of the article covers yet, that at least
 * MIN_SOURCE_SENTENCES sentences of the pages' text speak to (half its words in each). Ranked by
 * how many pages speak to them, then by how many sentences; a question before a heading on a tie.
 */
export function extraSubjects(input: ExtraSubjectInput, limit: number): string[] {
  const keyword = stems(input.keyword)
  const focusOf = (text: string) => new Set([...stems(text)].filter((word) => !keyword.has(word)))
  const planned = input.headings.map(focusOf)
  const pageSentences = input.pages.map((page) => splitSentences(page.text).map(stems))
  const candidates = [
    ...input.questions.map((text) => ({ text: text.trim(), question: true })),
    ...input.pages.flatMap((page) => page.headings.map((text) => ({ text: text.trim(), question: false }))),
  ]
  const chosen: Array<{ text: string; focus: Set<string>; pages: number; sentences: number; question: boolean; order: number }> = []
  candidates.forEach((candidate, order) => {
    const length = candidate.text.split(/\s+/).length
    if (length > 14 || NOT_A_SUBJECT.test(candidate.text.replace(/[?:.!]+$/, ''))) return
    const focus = focusOf(candidate.text)
    if (focus.size === 0) return
    // Covered when half its words are already a heading's (of the article, or of one chosen before it).
    const covers = (other: Set<string>) => [...focus].filter((word) => other.has(word)).length * 2 >= focus.size
    if (planned.some(covers) || chosen.some((item) => covers(item.focus))) return
    const speaking = pageSentences.map((sentences) => sentences.filter(covers).length)
    const sentences = speaking.reduce((sum, count) => sum + count, 0)
    if (sentences < MIN_SOURCE_SENTENCES) return
    const pages = speaking.filter((count) => count > 0).length
    chosen.push({ text: candidate.text, focus, pages, sentences, question: candidate.question, order })
  })
  return chosen
    .sort((a, b) => b.pages - a.pages || b.sentences - a.sentences || Number(b.question) - Number(a.question) || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map((item) => item.text)
}

/** A sentence without its links (a citation names a page, it says nothing new). */
const withoutLinks = (sentence: string) => sentence.replace(/\(?\[[^\]]*\]\([^)]*\)\)?/g, ' ')
const sentenceKey = (sentence: string) =>
  withoutLinks(sentence)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** The article's sentences, as newMaterialWords compares them. */
export function sentenceKeys(blocks: string[]): Set<string> {
  return new Set(blocks.flatMap((block) => splitSentences(block).map(sentenceKey)).filter(Boolean))
}

/** Words of the blocks that are in sentences the article (its sentence keys) does not have yet. */
export function newMaterialWords(blocks: string[], article: ReadonlySet<string>): number {
  const seen = new Set(article)
  let fresh = 0
  for (const sentence of blocks.flatMap((block) => splitSentences(block))) {
    const key = sentenceKey(sentence)
    if (!key || seen.has(key)) continue
    seen.add(key)
    fresh += countWords(withoutLinks(sentence))
  }
  return fresh
}

export interface DraftBody {
  keyword: string
  title: string
  language: string
  siteUrl: string
  introduction: string[]
  sections: WrittenSection[]
}

/** The substance checks (SUBSTANCE_CHECKS, shared/articles/seo-score/) the draft passes. */
function passedSubstance(draft: DraftBody): Set<string> {
  const markdown = assembleMarkdown({ ...draft, featured: null, figures: [], cta: null, faq: [] })
  const { checks } = scoreArticle({
    keyword: draft.keyword,
    title: draft.title,
    metaTitle: draft.title,
    metaDescription: '',
    markdown,
    language: draft.language,
    siteUrl: draft.siteUrl,
    serpMedianWordCount: null,
    images: [],
    faqCount: 0,
    structuredData: [],
  })
  return new Set(
    checks.filter((check) => check.passed && (SUBSTANCE_CHECKS as readonly string[]).includes(check.id)).map((check) => check.id),
  )
}

/** True when the draft with the section added still passes every substance check it passes without it. */
export function keepsSubstance(draft: DraftBody, added: WrittenSection): boolean {
  const after = passedSubstance({ ...draft, sections: [...draft.sections, added] })
  return [...passedSubstance(draft)].every((id) => after.has(id))
}
