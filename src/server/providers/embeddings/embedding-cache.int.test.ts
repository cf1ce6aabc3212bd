import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '~tests/fixtures/test-app'
import type { DatabaseHandle } from '~/server/db/client'
import { embeddingCache } from '~/server/db/schema'
import { clearFaults, injectFault, mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'
import { createEmbeddingsClient } from './client'
import { embeddingTextHash, withEmbeddingCache } from './embedding-cache'
import { createLocalEmbeddingsClient, LOCAL_EMBEDDINGS_MODEL, localEmbedding } from './local'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { withLocalFallback } from './select'

const server = setupServer(...embeddingsHandlers())
let handle: DatabaseHandle
let sentInputs: string[][] = []

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  handle = await createTestDatabase()
})
beforeEach(async () => {
  await handle.db.delete(embeddingCache)
  resetMockRequestCounts()
  sentInputs = []
  server.events.on('request:start', async ({ request }) => {
    sentInputs.push(((await request.clone().json()) as { input: string[] }).input)
  })
})
afterEach(() => {
  server.events.removeAllListeners()
  clearFaults()
})
afterAll(async () => {
  server.close()
  await handle?.close()
})

const nomic = (model = 'nomic-embed-text-v1.5', dimensions = 768) =>
  withEmbeddingCache(handle.db, createEmbeddingsClient({ api: 'openai', model, dimensions, sleep: async () => {} }))

describe('embedding cache', () => {
  it('stores each prefixed input under a hash of model, dimensions and text', async () => {
    const [vector] = await nomic().embed(['seo tools'], 'clustering')
    const rows = await handle.db.select().from(embeddingCache)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      textHash: embeddingTextHash('nomic-embed-text-v1.5', 768, 'clustering: seo tools'),
      text: 'clustering: seo tools',
      model: 'nomic-embed-text-v1.5',
      dimensions: 768,
    })
    expect(rows[0]!.embedding.map(Math.fround)).toEqual(vector)
    expect(vector).toHaveLength(768)
  })

  it('answers a repeated request from the cache without calling the provider', async () => {
    const first = await nomic().embed(['seo tools', 'banana bread'], 'clustering')
    expect(mockRequestCount('embeddings')).toBe(1)
    // The provider is down now: only the cache can answer.
    injectFault('embeddings', { kind: 'status', status: 503 })
    const second = await nomic().embed(['banana bread', 'seo tools'], 'clustering')
    expect(mockRequestCount('embeddings')).toBe(1)
    expect(second).toEqual([first[1], first[0]])
  })

  it('fetches only the misses of a mixed request and keeps the order asked for', async () => {
    const cached = await nomic().embed(['seo tools', 'keyword research'], 'clustering')
    const mixed = await nomic().embed(['best seo tools', 'seo tools', 'banana bread', 'keyword research', 'best seo tools'], 'clustering')
    expect(sentInputs).toEqual([
      ['clustering: seo tools', 'clustering: keyword research'],
      ['clustering: best seo tools', 'clustering: banana bread'],
    ])
    expect(mixed[1]).toEqual(cached[0])
    expect(mixed[3]).toEqual(cached[1])
    expect(mixed[4]).toEqual(mixed[0])
    const fresh = await createEmbeddingsClient({ api: 'openai', model: 'nomic-embed-text-v1.5', dimensions: 768 }).embed(
      ['banana bread'],
      'clustering',
    )
    expect(mixed[2]).toEqual(fresh[0])
    expect(await handle.db.$count(embeddingCache)).toBe(4)
  })

  it('never serves a vector across models, dimensions or tasks', async () => {
    await nomic().embed(['seo tools'], 'clustering')
    const other = await nomic('text-embedding-3-small', 768).embed(['seo tools'], 'clustering')
    const smaller = await nomic('nomic-embed-text-v1.5', 256).embed(['seo tools'], 'clustering')
    await nomic().embed(['seo tools'], 'search_query')
    expect(mockRequestCount('embeddings')).toBe(4)
    expect(sentInputs).toEqual([['clustering: seo tools'], ['seo tools'], ['clustering: seo tools'], ['search_query: seo tools']])
    expect(other).toHaveLength(1)
    expect(smaller[0]).toHaveLength(256)
    const models = await handle.db.select({ model: embeddingCache.model, dimensions: embeddingCache.dimensions }).from(embeddingCache)
    expect(models).toHaveLength(4)
    const smallRows = await handle.db.select().from(embeddingCache).where(eq(embeddingCache.dimensions, 256))
    expect(smallRows[0]!.embedding.map(Math.fround)).toEqual(smaller[0])
  })

  it('caches nothing when the provider fails', async () => {
    injectFault('embeddings', { kind: 'malformed' })
    await expect(nomic().embed(['seo tools'], 'clustering')).rejects.toThrow(
      'Embeddings sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
    expect(await handle.db.$count(embeddingCache)).toBe(0)
  })
})

describe('embedding cache in front of an endpoint that serves no embeddings', () => {
  it('keys the local embedder’s vectors by its own model, never under the endpoint’s', async () => {
    // An LLM endpoint without an /embeddings route.
    server.use(http.post('http://llm.test/v1/embeddings', () => HttpResponse.json({ error: { message: 'Not Found' } }, { status: 404 })))
    const endpoint = createEmbeddingsClient({
      api: 'openai',
      baseUrl: 'http://llm.test/v1',
      model: 'nomic-embed-text',
      dimensions: 768,
      retries: 0,
    })
    const client = withEmbeddingCache(
      handle.db,
      withLocalFallback(endpoint, createLocalEmbeddingsClient(), { describe: 'test', warn: () => {} }),
    )
    const [vector] = await client.embed(['seo tools'], 'clustering')
    expect(vector).toEqual(localEmbedding('seo tools'))
    expect(client.model).toBe(LOCAL_EMBEDDINGS_MODEL)
    const rows = await handle.db.select().from(embeddingCache)
    expect(rows.map((row) => [row.model, row.textHash])).toEqual([
      [LOCAL_EMBEDDINGS_MODEL, embeddingTextHash(LOCAL_EMBEDDINGS_MODEL, 768, 'seo tools')],
    ])
    // Asked again, the cache answers: the endpoint is not probed a second time, nothing is re-embedded.
    expect(await client.embed(['seo tools'], 'search_query')).toEqual([vector])
    expect(sentInputs).toHaveLength(1)
  })
})
