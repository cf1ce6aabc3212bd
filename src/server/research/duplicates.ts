import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import { CANNIBALISATION_SIMILARITY } from '~/shared/research'
import { normalizeKeyword, singularWord } from './normalize'

/**
 * When two keywords are one search (docs/product/pipeline.md §3 e): the cannibalisation guard
 * merges only true duplicates, worded differently for the same intent, never keywords that are
 * merely related ("sourdough starter" and "sourdough bread" are two articles). The decision is
 * lexical first, so it holds whatever embedding model measures the similarity:
 * - `same_words`: the same content words once word order, singular/plural, little words (for, of,
 *   the …), "near me", a format ending ("… reddit", "… video"), "top" for "best" at the start and a
 *   word split in two ("sour dough") are set aside;
 * - `close_wording`: embeddings at least CANNIBALISATION_SIMILARITY close AND the same content words
 *   but for words that do not change what is searched for ("easy sourdough bread recipe"). A
 *   word such as "best", "how" or "what" changes the search, so it keeps two keywords apart.
 */
export type DuplicateRule = 'same_words' | 'close_wording'

/** Words that add nothing to what is searched for: with or without them, one article answers. */
const FILLER_WORDS = new Set(['easy', 'simple', 'quick', 'basic', 'good', 'great', 'perfect', 'ultimate', 'complete', 'really'])

/** Words that carry no intent of their own: articles, prepositions, conjunctions, possessives. */
const LITTLE_WORDS = new Set([
  'a',
  'an',
  'the',
  'for',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'and',
  'or',
  'my',
  'your',
  'our',
  "'s",
])

/** Phrases that only say "here": a local search means the same with or without them. */
const HERE_PHRASES = [/\bnear me\b/g, /\bnearby\b/g, /\bin my area\b/g, /\bclose to me\b/g]

/**
 * Endings that only say where or how the answer should come (a forum, a video, done properly):
 * the same article answers. Only at the end: "video editing software" is about video.
 */
const FORMAT_ENDING = / (reddit|properly|correctly|video|videos|youtube|step by step)$/

/** A keyword's content words: normalised, "near me", format endings and little words removed, each word singular. */
export function contentWords(keyword: string): string[] {
  let text = normalizeKeyword(keyword).replace(/-/g, ' ')
  for (const phrase of HERE_PHRASES) text = text.replace(phrase, ' ')
  // "top …" at the start asks what "best …" asks.
  text = text.trim().replace(FORMAT_ENDING, '').replace(/^top /, 'best ')
  return text
    .split(/\s+/)
    .map((word) => word.replace(/'s$/, ''))
    .filter((word) => word !== '' && !LITTLE_WORDS.has(word))
    .map(singularWord)
}

/** A keyword, or its content words already worked out (the guard compares each keyword with many). */
type Words = string | readonly string[]
const wordsOf = (value: Words) => (typeof value === 'string' ? contentWords(value) : value)

/** True when the two keywords say the same thing in other words (the `same_words` rule). */
export function sameWords(a: Words, b: Words): boolean {
  const left = wordsOf(a)
  const right = wordsOf(b)
  if (left.length === 0 || right.length === 0) return false
  const bag = (words: readonly string[]) => [...new Set(words)].sort().join(' ')
  return bag(left) === bag(right) || left.join('') === right.join('')
}

/** The content words without filler words (the `close_wording` rule compares these). */
const withoutFillers = (words: readonly string[]) => words.filter((word) => !FILLER_WORDS.has(word))

/** Which rule makes `a` a duplicate of `b`, given their embeddings' cosine similarity; undefined when they are two searches. */
export function duplicateRule(a: Words, b: Words, similarity: number): DuplicateRule | undefined {
  if (sameWords(a, b)) return 'same_words'
  if (similarity >= CANNIBALISATION_SIMILARITY && sameWords(withoutFillers(wordsOf(a)), withoutFillers(wordsOf(b)))) return 'close_wording'
  return undefined
}

/** A keyword compared with many: its content words worked out once, and its embedding. */
export interface Compared {
  keyword: string
  words: readonly string[]
  vector: number[]
}

export const compared = (keyword: string, vector: number[]): Compared => ({ keyword, words: contentWords(keyword), vector })

/**
 * The keyword in `pool` that `candidate` is the same search as, by `duplicateRule`: a `same_words`
 * match before a `close_wording` one, then the closest in meaning. Used by the research guard,
 * keyword.add and the keyword gap, so all three call the same keywords duplicates.
 */
export function findDuplicate(candidate: Compared, pool: readonly Compared[]) {
  let found: { index: number; rule: DuplicateRule; similarity: number } | undefined
  pool.forEach((other, index) => {
    const similarity = cosineSimilarity(candidate.vector, other.vector)
    const rule = duplicateRule(candidate.words, other.words, similarity)
    if (!rule) return
    const better =
      !found || (rule === 'same_words' && found.rule !== 'same_words') || (rule === found.rule && similarity > found.similarity)
    if (better) found = { index, rule, similarity }
  })
  return found
}
