/**
 * Vector arithmetic the embedding features share (the local embedder is ./local.ts).
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
