/**
 * Vector arithmetic the embedding features share, and the mock's meaning-carrying vectors.
 * Similarity is computed here rather than in the database: PostgreSQL on Debian has no pgvector.
 */

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0
  let normA = 0
  let normB = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!
    normA += a[i]! * a[i]!
    normB += b[i]! * b[i]!
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB)
}

function hash32(text: string, salt: number): number {
  let hash = 0x811c9dc5 ^ salt
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const NOMIC_PREFIX = /^(clustering|search_query|search_document|classification):\s*/

/**
 * Words that shape a search's intent or format more than its topic ("best", "for", "how",
 * "reddit", "video", "properly"): a quarter of a topic word's weight, so "single origin coffee for
 * beginners" lies near "single origin coffee", and "how to brew pour over video" next to "how to
 * brew pour over", as they do for a real embedding model.
 */
const FUNCTION_WORDS = new Set(
  [
    'a an the of for to in on at by with and or vs versus how what why when where which who is are do does can should',
    'best top cheap buy near me my your our types type kinds online',
    'reddit quora video videos youtube properly correctly step guide tutorial tips easy',
  ]
    .join(' ')
    .split(' '),
)

/**
 * A deterministic stand-in for an embedding model: a signed hashed bag of words, word bigrams
 * and character trigrams, L2-normalised, with function words weighed down. Texts sharing topic
 * words land close together ("seo tools" near "best seo tools", far from "banana bread"), which
 * is what clustering and the cannibalisation guard need from it.
 */
export function hashedEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const words =
    text
      .replace(NOMIC_PREFIX, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  const add = (feature: string, weight: number) => {
    const slot = hash32(feature, 0) % dimensions
    vector[slot]! += hash32(feature, 0x9e3779b9) & 1 ? weight : -weight
  }
  words.forEach((word, i) => {
    const weight = FUNCTION_WORDS.has(word) ? 0.25 : 1
    add(`w:${word}`, weight)
    if (i > 0) add(`b:${words[i - 1]} ${word}`, 0.7 * Math.min(weight, FUNCTION_WORDS.has(words[i - 1]!) ? 0.25 : 1))
    const padded = `#${word}#`
    for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.25 * weight)
  })
  if (words.length === 0) add('empty', 1)
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0))
  return vector.map((value) => value / norm)
}
