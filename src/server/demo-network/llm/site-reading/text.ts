import type { PageContent } from '../prompt-material'
import { BOILERPLATE, FUNCTION_WORDS } from './lexicon'

// Words, stems and sentences of crawled pages, as the site reader compares and cuts them.

export const words = (text: string) => text.split(/\s+/).filter(Boolean)
export const lower = (text: string) => text.toLowerCase()
export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)
/** Singular-ish form for comparing words ("cakes" and "cake" are one word). */
export const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .replace(/(ies)$/, 'y')
    .replace(/(?<=[^s])s$/, '')
export const stems = (text: string) =>
  new Set(
    words(text)
      .map(stem)
      .filter((word) => word.length > 2 && !FUNCTION_WORDS.has(word)),
  )

/** Words that open a sentence: after a lower-case word with no full stop, they mark a link or button run into the text. */
const GLUED_START = /(?<=\p{Ll})\s+(?=(?:Our|We|The|This|Every|Each|You|Your|It|In|At|Since|With|For|No)\s)/u

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["“‘(]?[A-Z0-9])/)
    .flatMap((sentence) => sentence.split(GLUED_START))
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

/**
 * A page's text as sentences. The text extractor runs a heading into the paragraph after it
 * ("PastriesCroissants, …"), so each heading of the page is cut out as a sentence boundary first.
 */
export function pageSentences(page: PageContent): string[] {
  let text = page.text
  for (const heading of [...page.headings].sort((a, b) => b.text.length - a.text.length)) {
    if (heading.text.length >= 3) text = text.split(heading.text).join('\n')
  }
  return text.split('\n').flatMap(splitSentences)
}

/** A sentence worth quoting: a statement of six words or more that is not page furniture. */
export const meaningful = (sentence: string) =>
  words(sentence).length >= 6 && words(sentence).length <= 40 && !/\?$/.test(sentence) && !BOILERPLATE.test(sentence)

export function termPattern(term: string) {
  return new RegExp(`(?<![\\p{L}-])${term.replace(/ /g, '\\s+')}(?![\\p{L}-])`, 'giu')
}

export const isPath = (page: PageContent) => {
  try {
    return page.url ? new URL(page.url).pathname.replace(/\/+$/, '') !== '' : false
  } catch {
    return false
  }
}
