/**
 * The one rule for "the text contains the keyword", shared by the SEO score (seo-score/), the
 * writer's prompts (src/server/articles/prompts.ts) and the demo writer, so what the writer is told
 * to do is what the score accepts (docs/product/pipeline.md, "SEO score").
 *
 * The keyword's words must appear in order. Accepted variants, and no others:
 * - case, accents, punctuation and spacing are ignored ("Café au-lait" is "cafe au lait");
 * - the head noun may be singular or plural: the last word, or the word before a closing
 *   "near me" ("coffee bean" matches "coffee beans", "cake near me" matches "cakes near me");
 * - a searcher's "near me" may read "near you", as an article addresses its reader.
 */

/** How the rule is worded for a writer: what counts as the keyword. */
export const KEYWORD_RULE_FOR_WRITERS =
  'Use the keyword word for word; only its last noun may change between singular and plural, and a "near me" in it may be written "near you".'

/** Lowercase words without accents; anything but letters and digits separates words. */
export function normalisedWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

function isPluralOf(plural: string, singular: string): boolean {
  return (
    plural === `${singular}s` || plural === `${singular}es` || (/[^aeiou]y$/.test(singular) && plural === `${singular.slice(0, -1)}ies`)
  )
}

const sameNoun = (found: string, word: string) => found === word || isPluralOf(found, word) || isPluralOf(word, found)

/** Per word of the keyword: which words of a text stand for it. */
function wordMatchers(keyword: string): Array<(found: string | undefined) => boolean> {
  const needle = normalisedWords(keyword)
  const nearMe = needle.length >= 2 && needle.at(-2) === 'near' && needle.at(-1) === 'me'
  const head = nearMe ? needle.length - 3 : needle.length - 1
  return needle.map((word, index) => {
    if (nearMe && index === needle.length - 1) return (found) => found === 'me' || found === 'you'
    if (index === head) return (found) => found !== undefined && sameNoun(found, word)
    return (found) => found === word
  })
}

/** How often the keyword, or a variant the rule accepts, occurs in a text (occurrences do not overlap). */
export function countKeyword(text: string, keyword: string): number {
  const matchers = wordMatchers(keyword)
  if (matchers.length === 0) return 0
  const haystack = normalisedWords(text)
  let count = 0
  for (let start = 0; start + matchers.length <= haystack.length; start++) {
    if (matchers.every((matches, index) => matches(haystack[start + index]))) {
      count += 1
      start += matchers.length - 1
    }
  }
  return count
}

export function containsKeyword(text: string, keyword: string): boolean {
  return countKeyword(text, keyword) > 0
}
