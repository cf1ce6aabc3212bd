/**
 * The baseline the local embedder is measured against (bench/clustering.mjs --input): TF-IDF vectors
 * as scikit-learn's TfidfVectorizer makes them by default — word unigrams of two or more letters or
 * digits, lower case, raw counts, smoothed idf = ln((1 + n) / (1 + df)) + 1, L2-normalised — over
 * the texts being clustered (the baseline sees the whole corpus; the local embedder sees one text).
 */
export function tfidfVectors(texts: readonly string[]): Float32Array[] {
  const documents = texts.map((text) => text.toLowerCase().match(/[\p{L}\p{N}_][\p{L}\p{N}_]+/gu) ?? [])
  const vocabulary = new Map<string, number>()
  const documentFrequency: number[] = []
  for (const words of documents) {
    for (const word of new Set(words)) {
      let index = vocabulary.get(word)
      if (index === undefined) {
        index = vocabulary.size
        vocabulary.set(word, index)
        documentFrequency.push(0)
      }
      documentFrequency[index]!++
    }
  }
  const n = texts.length
  const idf = documentFrequency.map((df) => Math.log((1 + n) / (1 + df)) + 1)
  return documents.map((words) => {
    const vector = new Float32Array(Math.max(1, vocabulary.size))
    for (const word of words) vector[vocabulary.get(word)!]! += idf[vocabulary.get(word)!]!
    let norm = 0
    for (const value of vector) norm += value * value
    if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= Math.sqrt(norm)
    return vector
  })
}
