import dictionary from 'dictionary-en'
import nspell from 'nspell'

/**
 * The proofreading pass's spelling check (docs/product/pipeline.md §4, "proofreading"): a word is
 * corrected only where the correction cannot change what the sentence says, otherwise it is left
 * as written and listed.
 *
 * Checked: lowercase words of 4 letters or more, standing alone between spaces and ordinary
 * punctuation (a possessive "’s" is allowed). Never checked: a word with a capital (a name, or a
 * sentence's first word, which may be a name too), with a digit, joined by a hyphen, slash, dot,
 * "@" or "#" to something else, or any word found in the article's own material (the keyword, the
 * business profile, the fetched pages): that material spells the brand and trade words the
 * dictionary lacks.
 *
 * Corrected, when the dictionary does not know the word, to its one suggestion at one edit
 * (a letter added, removed or changed, or two neighbours swapped) that keeps the first letter and
 * is lowercase too ("beleive" → "believe"; "realtime", whose one suggestion is "mealtime", stays);
 * or, among several suggestions, to the only one that swaps two neighbouring vowels, the slip
 * that keeps a word's sound ("recieve" → "receive" over "relieve"; "crema" stays: "cream" swaps a
 * vowel and a consonant, and "creme" is suggested too). Anything else is left and listed.
 */

/** Words listed as left, per proofreading: enough for the Fact check card to name them. */
export const MAX_UNKNOWN_WORDS = 5

type Speller = ReturnType<typeof nspell>

let english: Speller | undefined
/**
 * Parsing dictionary-en's affix and word files takes about 180 ms (181 ms measured under Node 24 on
 * the 2-core development machine), so it is done once per process, on the first English article.
 */
function englishSpeller(): Speller {
  english ??= nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) })
  return english
}

/** The dictionary's verdict per word, kept for the process (suggestions take up to ~140 ms a word). */
const verdicts = new Map<string, { correct: true } | { correct: false; fix: string | undefined }>()
const MAX_VERDICTS = 5000

/** Whether `to` is `from` with one edit, and which kind. */
function oneEdit(from: string, to: string): 'vowel-swap' | 'edit' | undefined {
  if (from === to) return undefined
  if (from.length === to.length) {
    const differ = [...from].flatMap((letter, index) => (letter === to[index] ? [] : [index]))
    if (differ.length === 1) return 'edit'
    const [first, second] = differ
    if (differ.length === 2 && second === first! + 1 && from[first!] === to[second] && from[second] === to[first!]) {
      return /^[aeiou]{2}$/.test(`${from[first!]}${from[second]}`) ? 'vowel-swap' : 'edit'
    }
    return undefined
  }
  const [longer, shorter] = from.length > to.length ? [from, to] : [to, from]
  if (longer.length - shorter.length !== 1) return undefined
  for (let index = 0; index < longer.length; index++) {
    if (longer.slice(0, index) + longer.slice(index + 1) === shorter) return 'edit'
  }
  return undefined
}

/** The correction of an unknown lowercase word, when only one is possible (see the rule above). */
function correction(word: string, suggestions: string[]): string | undefined {
  const safe = (suggestion: string) => /^[a-z]+$/.test(suggestion) && suggestion[0] === word[0] && oneEdit(word, suggestion) !== undefined
  if (suggestions.length === 1) return suggestions.filter(safe)[0]
  const swaps = suggestions.filter((suggestion) => oneEdit(word, suggestion) === 'vowel-swap')
  return swaps.length === 1 && safe(swaps[0]!) ? swaps[0] : undefined
}

function verdict(word: string) {
  let known = verdicts.get(word)
  if (!known) {
    const speller = englishSpeller()
    known = speller.correct(word) ? { correct: true } : { correct: false, fix: correction(word, speller.suggest(word)) }
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear()
    verdicts.set(word, known)
  }
  return known
}

/** The words of an article's material, lowercased: none of them is ever corrected or listed. */
export function knownWords(texts: Iterable<string>): Set<string> {
  const words = new Set<string>()
  for (const text of texts) for (const [word] of text.toLowerCase().matchAll(/\p{L}+/gu)) words.add(word)
  return words
}

export interface SpellingFix {
  before: string
  after: string
}

/**
 * A word standing alone: ordinary opening marks before it, a possessive and ordinary closing
 * punctuation after it, then a space or the end. Anything else attached (a hyphen, a slash, a dot
 * followed by letters, a digit, a capital, a masked span) keeps the token from matching.
 */
const WORD = /(?<=^|\s)([("“‘'*_[]*)([a-z]{4,})((?:['’]s)?[)\]"”’'*_.,;:!?…]*)(?=\s|$)/gu

/**
 * Checks the words of a piece of prose (code, links and addresses already masked by the caller).
 * Corrections are made and reported through `onFix`; words the dictionary does not know and that
 * cannot be corrected safely go to `unknown` (distinct, at most MAX_UNKNOWN_WORDS).
 */
export function checkSpelling(prose: string, known: ReadonlySet<string>, onFix: (fix: SpellingFix) => void, unknown: string[]): string {
  return prose.replace(WORD, (whole, open: string, word: string, close: string) => {
    if (known.has(word)) return whole
    const found = verdict(word)
    if (found.correct) return whole
    if (found.fix) {
      onFix({ before: word, after: found.fix })
      return `${open}${found.fix}${close}`
    }
    if (!unknown.includes(word) && unknown.length < MAX_UNKNOWN_WORDS) unknown.push(word)
    return whole
  })
}
