import { createHash } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { Database } from '~/server/db/client'
import { embeddingCache } from '~/server/db/schema'
import type { EmbeddingsClient } from './client'

/**
 * The cache key of one model input. Model and dimensions are part of it, so switching
 * EMBEDDINGS_MODEL or EMBEDDINGS_DIMENSIONS never serves a vector from another space.
 */
export function embeddingTextHash(model: string, dimensions: number, input: string): string {
  return createHash('sha256').update(`${model}\n${dimensions}\n${input}`).digest('hex')
}

// Keeps one SELECT ... IN (...) and one INSERT well under PostgreSQL's parameter limit.
const CHUNK = 500

/**
 * An EmbeddingsClient behind the embedding_cache table: only inputs never embedded before are
 * sent to the provider; the answer keeps the order of the texts asked for.
 */
export function withEmbeddingCache(db: Database, client: EmbeddingsClient): EmbeddingsClient {
  const cached: EmbeddingsClient = {
    // Getters: a probing client (select.ts) settles its model on first use.
    get model() {
      return client.model
    },
    get dimensions() {
      return client.dimensions
    },
    get clusterDistanceThreshold() {
      return client.clusterDistanceThreshold
    },
    get centerBeforeClustering() {
      return client.centerBeforeClustering
    },
    ready: () => client.ready?.() ?? Promise.resolve(),
    inputFor: (text, task) => client.inputFor(text, task),
    async embedInputs(inputs) {
      await client.ready?.()
      const hashes = inputs.map((input) => embeddingTextHash(client.model, client.dimensions, input))
      const found = new Map<string, number[]>()
      const unique = [...new Set(hashes)]
      for (let start = 0; start < unique.length; start += CHUNK) {
        const rows = await db
          .select({ textHash: embeddingCache.textHash, embedding: embeddingCache.embedding })
          .from(embeddingCache)
          .where(inArray(embeddingCache.textHash, unique.slice(start, start + CHUNK)))
        // PostgreSQL prints a real in its shortest decimal form; fround restores the exact float32.
        for (const row of rows) found.set(row.textHash, row.embedding.map(Math.fround))
      }

      const misses = new Map<string, string>()
      hashes.forEach((hash, i) => {
        if (!found.has(hash)) misses.set(hash, inputs[i]!)
      })
      if (misses.size > 0) {
        const missHashes = [...misses.keys()]
        const vectors = await client.embedInputs([...misses.values()])
        const rows = missHashes.map((textHash, i) => ({
          textHash,
          text: misses.get(textHash)!,
          embedding: vectors[i]!,
          model: client.model,
          dimensions: client.dimensions,
        }))
        for (let start = 0; start < rows.length; start += CHUNK) {
          // Another worker may have embedded the same text meanwhile: its row is as good as ours.
          await db
            .insert(embeddingCache)
            .values(rows.slice(start, start + CHUNK))
            .onConflictDoNothing({ target: embeddingCache.textHash })
        }
        rows.forEach((row) => found.set(row.textHash, row.embedding))
      }
      return hashes.map((hash) => found.get(hash)!)
    },
    async embed(texts, task) {
      await client.ready?.()
      return cached.embedInputs(texts.map((text) => client.inputFor(text, task)))
    },
  }
  return cached
}
