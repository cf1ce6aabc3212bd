import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLabelledCsv } from '../../../../bench/lib/clustering-bench'
import { tfidfVectors } from '../../../../bench/lib/tfidf'
import { adjustedRandIndex, centerVectors, clusterByCosine } from '~/server/research/clustering'
import { cosineSimilarity } from './vectors'
import {
  createLocalEmbeddingsClient,
  LOCAL_CLUSTER_DISTANCE_THRESHOLD,
  LOCAL_EMBEDDINGS_DIMENSIONS,
  LOCAL_EMBEDDINGS_MODEL,
  localEmbedding,
  stem,
} from './local'

const similarity = (a: string, b: string) => cosineSimilarity(localEmbedding(a), localEmbedding(b))

describe('the local embedder', () => {
  it('is deterministic, L2-normalised, float32 and of its declared size', async () => {
    const client = createLocalEmbeddingsClient()
    expect(client.model).toBe(LOCAL_EMBEDDINGS_MODEL)
    expect(client.dimensions).toBe(LOCAL_EMBEDDINGS_DIMENSIONS)
    const [first, again] = await Promise.all([
      client.embed(['best crm for small business'], 'clustering'),
      client.embed(['best crm for small business'], 'search_query'),
    ])
    expect(first).toEqual(again)
    const vector = first[0]!
    expect(vector).toHaveLength(LOCAL_EMBEDDINGS_DIMENSIONS)
    expect(vector.every((value) => Math.fround(value) === value)).toBe(true)
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
    // A nomic task prefix does not change the vector: cached inputs of either form agree.
    expect(localEmbedding('clustering: best crm for small business')).toEqual(vector)
    // Nothing but punctuation still gives a unit vector, not NaNs.
    expect(Math.hypot(...localEmbedding('?!'))).toBeCloseTo(1, 5)
  })

  it('puts paraphrases closer than unrelated queries', () => {
    const pairs: Array<[string, string, string]> = [
      ['how do i track my card delivery', 'tracking number for the card you sent me', 'what is the exchange rate'],
      ['sourdough starter recipe', 'how to make a sourdough starter', 'crm software for startups'],
      ['cancel my transfer', 'how can I cancel a transfer?', 'my contactless is not working'],
      ['i recieved the wrong amount of cash', 'atm gave me less cash than I asked for', 'how old do I need to be'],
    ]
    for (const [text, paraphrase, unrelated] of pairs) {
      expect(similarity(text, paraphrase), `${text} ~ ${paraphrase}`).toBeGreaterThan(similarity(text, unrelated) + 0.1)
    }
    // Function words alone do not make two queries alike.
    expect(similarity('how do I do it for my account', 'sourdough starter')).toBeLessThan(0.2)
  })

  it('joins word forms by light stemming and misspellings by character n-grams', () => {
    expect(stem('cards')).toBe('card')
    expect(stem('tracking')).toBe('track')
    expect(stem('stopped')).toBe('stop')
    expect(stem('categories')).toBe('category')
    // "withdrawl" shares no word with "withdrawal", only character n-grams.
    expect(similarity('withdrawal', 'withdrawl')).toBeGreaterThan(similarity('withdrawal', 'deposit') + 0.15)
  })

  it('clusters a slice of the Banking77 fixture at least as well as TF-IDF + average linkage', () => {
    const { texts, labels } = parseLabelledCsv(
      readFileSync(new URL('../../../../bench/fixtures/banking77-intents.csv', import.meta.url), 'utf8'),
    )
    // Every 8th query: 385 queries over all 77 intents.
    const rows = texts.map((text, i) => ({ text, label: labels[i]! })).filter((_, i) => i % 8 === 0)
    const ids = new Map<string, number>()
    const truth = rows.map(({ label }) => (ids.has(label) ? ids.get(label)! : (ids.set(label, ids.size), ids.size - 1)))
    const best = (vectors: ArrayLike<number>[]) =>
      Math.max(
        ...[0.5, 0.6, 0.7, 0.8, 0.9].map((threshold) =>
          adjustedRandIndex(clusterByCosine(vectors, { distanceThreshold: threshold }).labels, truth),
        ),
      )
    // Centred, as research clusters them (createLocalEmbeddingsClient().centerBeforeClustering).
    expect(createLocalEmbeddingsClient().centerBeforeClustering).toBe(true)
    const ours = centerVectors(rows.map(({ text }) => localEmbedding(text)))
    const baseline = tfidfVectors(rows.map(({ text }) => text))
    const atThreshold = adjustedRandIndex(clusterByCosine(ours, { distanceThreshold: LOCAL_CLUSTER_DISTANCE_THRESHOLD }).labels, truth)
    expect(atThreshold).toBeGreaterThan(0.2)
    expect(best(ours)).toBeGreaterThanOrEqual(best(baseline))
  })

  it('embeds 10,000 keywords in a few seconds', () => {
    const start = performance.now()
    for (let i = 0; i < 10_000; i++) localEmbedding(`keyword number ${i} for coffee subscription pricing`)
    expect(performance.now() - start).toBeLessThan(5000)
  })
})
