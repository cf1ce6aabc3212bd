import { stopWordsWith } from '~/shared/text-kit'

// Words, stems and sentences: how the writer compares texts and cuts them up.

const STOP_WORDS = stopWordsWith(
  `been being but could did get gets got if into just may might more most much my no not off out should so such their them
  there they those too up us were while would yours about over very also any each every own same some other only all both`,
)
export const WORD = /\p{L}[\p{L}\p{N}'’-]*/gu
export const FIRST_WORD = /\p{L}[\p{L}\p{N}'’-]*/u
export const URLS = /https?:\/\/\S+|www\.\S+/g
const HAS_URL = /https?:\/\/|www\./

/** A crude stem, enough to match "roasted", "roasting" and "roasts", or "store" and "storing". */
function stemOf(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '')
  if (w.length > 6 && w.endsWith('ness')) w = w.slice(0, -4)
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 5 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`
  else if (w.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(w)) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w
}

export function stemsOf(text: string): Set<string> {
  const words = text.replace(URLS, ' ').toLowerCase().match(WORD) ?? []
  return new Set(words.filter((word) => word.length > 2 && !STOP_WORDS.has(word)).map(stemOf))
}

export const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((stem) => b.has(stem)).length
export const without = (a: ReadonlySet<string>, b: ReadonlySet<string>) => new Set([...a].filter((stem) => !b.has(stem)))
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const shared = overlap(a, b)
  return shared === 0 ? 0 : shared / (a.size + b.size - shared)
}

export const hasDigit = (text: string) => /\d/.test(text)
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length
export const capitalise = (text: string) => text.replace(/\p{L}/u, (letter) => letter.toUpperCase())
/** A line compared without case, markup prefixes ("H2:") or punctuation. */
export const normalizedLine = (text: string) =>
  text
    .replace(/^h[1-6]:\s*/i, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
export const withoutEndPunctuation = (text: string) => text.trim().replace(/[\s.,;:!]+$/, '')
export const pick = <T>(options: readonly T[], seed: number, salt = 0): T => options[(seed + salt * 7919) % options.length]

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

export const possessive = (name: string) => (/s$/i.test(name) ? `${name}’` : `${name}’s`)

export function joinList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

export const FIRST_PERSON = /\b(?:i|we|we're|we've|our|ours|us|my|me)\b/i
const BOILERPLATE =
  /\b(?:click|subscribe|sign up|cookies?|newsletter|log in|cart|checkout|comments?|affiliate|read more|below|above|this (?:article|post|guide|page|review))\b/i

/** A sentence a page states about the topic in its own right: whole, impersonal, free of site chrome. */
export function isStatement(sentence: string): boolean {
  const words = wordCount(sentence)
  return (
    words >= 6 &&
    words <= 40 &&
    /^["“‘(]?[\p{Lu}\p{N}]/u.test(sentence) &&
    /[.!]["”’)]?$/.test(sentence) &&
    !FIRST_PERSON.test(sentence) &&
    !BOILERPLATE.test(sentence) &&
    !HAS_URL.test(sentence)
  )
}

/** Whether a noun phrase is plural, by its head noun: the last word before a preposition ("coffee beans for beginners"). */
export function isPlural(phrase: string): boolean {
  const head =
    phrase
      .toLowerCase()
      .split(/\s+(?:for|in|with|to|of|near|from|on|at|by|vs)\s+/)[0]
      .trim()
      .split(/\s+/)
      .at(-1) ?? ''
  return head.length > 3 && head.endsWith('s') && !/(?:ss|us|is)$/.test(head)
}

/** How telling each stem is: one over the number of phrases that use it, so a word every phrase shares weighs little. */
export function rarity(phrases: Array<{ stems: Set<string> }>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const { stems } of phrases) for (const stem of stems) counts.set(stem, (counts.get(stem) ?? 0) + 1)
  return new Map([...counts].map(([stem, count]) => [stem, 1 / count]))
}

export const weighedOverlap = (stems: ReadonlySet<string>, focus: ReadonlySet<string>, weights: ReadonlyMap<string, number>) =>
  [...stems].reduce((sum, stem) => sum + (focus.has(stem) ? (weights.get(stem) ?? 1) : 0), 0)

/**
 * What a heading is about beyond the keyword ("How to check the roast date" → check, roast, date);
 * with one word or none of its own ("Storing coffee beans at home"), the keyword words it uses count too.
 */
export function focusOf(text: string, keywordStems: Set<string>): Set<string> {
  const stems = stemsOf(text)
  const own = without(stems, keywordStems)
  return own.size > 1 ? own : stems
}
