/**
 * How research compares keywords: one spelling per keyword (Unicode-normalised, lower case, single
 * spaces, no stray punctuation) and one key per meaning-preserving variant (singular and plural
 * forms of each word), so "Coffee Grinders!" and "coffee grinder" are the same seed.
 */

/** Longest keyword the keyword-data service accepts: 80 characters, 10 words. */
export const MAX_KEYWORD_LENGTH = 80
export const MAX_KEYWORD_WORDS = 10

/** Lower case, NFKC, punctuation other than inner ' - & + # . removed, whitespace collapsed. */
export function normalizeKeyword(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}'&+#.\-\s]/gu, ' ')
    .replace(/(^|\s)['.-]+|['.-]+(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A keyword worth asking the keyword-data service about. */
export function isUsableKeyword(keyword: string): boolean {
  if (keyword.length < 2 || keyword.length > MAX_KEYWORD_LENGTH) return false
  const words = keyword.split(' ')
  return words.length <= MAX_KEYWORD_WORDS && /\p{L}/u.test(keyword)
}

/** English singular of one word, by the common rules; short words and -ss/-us/-is words stay. */
export function singularWord(word: string): string {
  if (word.length <= 3 || /(ss|us|is|ics)$/.test(word)) return word
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`
  if (/(ches|shes|xes|zes|sses)$/.test(word)) return word.slice(0, -2)
  if (/s$/.test(word)) return word.slice(0, -1)
  return word
}

/** The key duplicates share: the normalised keyword with every word singular. */
export function variantKey(keyword: string): string {
  return normalizeKeyword(keyword).split(' ').map(singularWord).join(' ')
}

/** True when the keyword contains one of the negative terms as whole words. */
export function hasNegativeTerm(keyword: string, negativeTerms: readonly string[]): boolean {
  const padded = ` ${variantKey(keyword)} `
  return negativeTerms.some((term) => {
    const key = variantKey(term)
    return key !== '' && padded.includes(` ${key} `)
  })
}

/** Each word's first letter in upper case ("wholesale coffee for cafés" → "Wholesale Coffee For Cafés"). */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ')
}
