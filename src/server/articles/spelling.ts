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
 * The dictionary (dictionary-en) is American: a British spelling ("colour", "labelled",
 * "organisation", "centre", "licence", "paediatric") is taken as spelled right when its American
 * form is a word, and is neither corrected to it nor listed; a few British words no pattern covers
 * ("grey", "amongst", "learnt") are known as they are.
 *
 * Corrected only for a typing slip with one possible correction, since nspell suggests a word
 * one edit away for many a correct word it lacks ("upsert" → "upset", "embeddings" → "embedding",
 * "debounced" → "denounced", "realtime" → "mealtime"). The slips: two neighbouring vowels swapped
 * ("recieve" → "receive", "thier" → "their"), one of a, e, i changed for another inside the word,
 * as an unstressed syllable blurs them ("seperate" → "separate"; not o or u: "retinol" would
 * become "retinal"), a consonant doubled or undoubled ("occured" → "occurred", "untill" →
 * "until"); the first letter never changes. The word is corrected when exactly one such slip gives
 * a dictionary word, nspell suggests it too, and it is nspell's only suggestion or a vowel swap
 * ("recieve": nspell also suggests "relieve", a consonant changed). Anything else is left and listed.
 */

/** Words listed as left, per proofreading: enough for the Fact check card to name them. */
export const MAX_UNKNOWN_WORDS = 5

type Speller = ReturnType<typeof nspell>

let english: Speller | undefined
/**
 * Parsing dictionary-en's affix and word files takes about 180 ms (181 ms measured under Node 20 on
 * the 2-core development machine), so it is done once per process, on the first English article.
 */
function englishSpeller(): Speller {
  english ??= nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) })
  return english
}

/** British spellings and their American forms, one difference at a time ("colour" → "color"). */
const BRITISH_TO_AMERICAN: Array<[RegExp, string]> = [
  [/our/g, 'or'],
  [/is(?=[aei])/g, 'iz'],
  [/ys(?=[aei])/g, 'yz'],
  [/ll(?=[aeiy])/g, 'l'],
  [/l$/g, 'll'],
  [/l(?=ment)/g, 'll'],
  [/(?<=[bgtv])re(?=$|s$)/g, 'er'],
  [/(?<=[bgtv])red$/g, 'ered'],
  [/ence(?=$|s$)/g, 'ense'],
  [/ae/g, 'e'],
  [/oe/g, 'e'],
  [/ogue/g, 'og'],
  [/mme/g, 'm'],
  [/eing/g, 'ing'],
  [/^scep/g, 'skep'],
  [/ise(?=$|[sd]$)/g, 'ice'],
  [/ium$/g, 'um'],
  [/ou(?=ld)/g, 'o'],
]
/** British words that are no pattern's variant of an American one. */
const BRITISH_WORDS = new Set(
  'amongst learnt spelt dreamt spoilt burnt whilst grey greys greyish jewellery tyre tyres kerb kerbs storey storeys cheque cheques plough ploughs'.split(
    ' ',
  ),
)

function britishSpelling(word: string, speller: Speller): boolean {
  if (BRITISH_WORDS.has(word)) return true
  const singles = BRITISH_TO_AMERICAN.filter(([pattern]) => word.search(pattern) !== -1).map(([pattern, american]) =>
    word.replace(pattern, american),
  )
  const all = BRITISH_TO_AMERICAN.reduce((form, [pattern, american]) => form.replace(pattern, american), word)
  return [...singles, all].some((form) => form !== word && speller.correct(form))
}

/** The dictionary's verdict per word, kept for the process. */
const verdicts = new Map<string, { correct: true } | { correct: false; fix: string | undefined }>()
const MAX_VERDICTS = 5000

const VOWEL = /[aeiou]/
/** The vowels an unstressed syllable blurs ("seperate", "definately", "independant"). */
const BLURRED = /[aei]/

/** The words one typing slip away from `word` (see the rule above), with whether the slip is a vowel swap. */
function slips(word: string): Map<string, boolean> {
  const found = new Map<string, boolean>()
  for (let index = 1; index < word.length; index++) {
    const letter = word[index]!
    const next = word[index + 1]
    if (next && next !== letter && VOWEL.test(letter) && VOWEL.test(next)) {
      found.set(`${word.slice(0, index)}${next}${letter}${word.slice(index + 2)}`, true)
    }
    if (BLURRED.test(letter) && index < word.length - 1) {
      for (const vowel of 'aei') if (vowel !== letter) found.set(`${word.slice(0, index)}${vowel}${word.slice(index + 1)}`, false)
    }
    if (!VOWEL.test(letter)) {
      if (word[index - 1] === letter) found.set(`${word.slice(0, index)}${word.slice(index + 1)}`, false)
      else if (next !== letter) found.set(`${word.slice(0, index)}${letter}${word.slice(index)}`, false)
    }
  }
  found.delete(word)
  return found
}

/** The correction of an unknown lowercase word, when only one is possible (see the rule above). */
function correction(word: string, speller: Speller): string | undefined {
  const words = [...slips(word)].filter(([candidate]) => speller.correct(candidate))
  // Checked before asking for suggestions, which take up to ~140 ms a word.
  if (words.length !== 1) return undefined
  const [candidate, vowelSwap] = words[0]!
  const suggestions = speller.suggest(word)
  if (!suggestions.includes(candidate)) return undefined
  return suggestions.length === 1 || vowelSwap ? candidate : undefined
}

function verdict(word: string) {
  let known = verdicts.get(word)
  if (!known) {
    const speller = englishSpeller()
    known = speller.correct(word) || britishSpelling(word, speller) ? { correct: true } : { correct: false, fix: correction(word, speller) }
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
