import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearFaults, injectFault, mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'
import { createEmbeddingsClient, createEmbeddingsClientFromEnv, type EmbeddingsClientOptions } from './client'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { cosineSimilarity } from './vectors'
import { providerErrorOf } from '~tests/fixtures/mock-server'

const server = setupServer(...embeddingsHandlers())
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
let sleeps: number[] = []
let bodies: Array<{ url: string; body: { model: string; input: string[]; dimensions?: number } }> = []
beforeEach(() => {
  resetMockRequestCounts()
  sleeps = []
  bodies = []
  server.events.on('request:start', async ({ request }) => {
    bodies.push({ url: request.url, body: await request.clone().json() })
  })
})
afterEach(() => {
  server.events.removeAllListeners()
  server.resetHandlers()
  clearFaults()
})
afterAll(() => server.close())

const openAi = (options: Partial<EmbeddingsClientOptions> = {}) =>
  createEmbeddingsClient({
    api: 'openai',
    apiKey: 'sk-test',
    model: 'text-embedding-3-small',
    dimensions: 256,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  })
const ollama = () => createEmbeddingsClient({ api: 'ollama', model: 'nomic-embed-text', dimensions: 768, sleep: async () => {} })

describe('embeddings client', () => {
  it('embeds through the OpenAI-compatible /embeddings, one vector per text, in order', async () => {
    const vectors = await openAi().embed(['seo tools', 'best seo tools', 'banana bread'], 'clustering')
    expect(vectors).toHaveLength(3)
    for (const vector of vectors) expect(vector).toHaveLength(256)
    expect(bodies[0]).toEqual({
      url: 'https://api.openai.com/v1/embeddings',
      body: {
        model: 'text-embedding-3-small',
        input: ['seo tools', 'best seo tools', 'banana bread'],
        dimensions: 256,
        encoding_format: 'float',
      },
    })
  })

  it('gives mock vectors meaning: related phrases are closer than unrelated ones', async () => {
    const [seo, bestSeo, banana] = await openAi().embed(['seo tools', 'best seo tools', 'banana bread'], 'clustering')
    expect(cosineSimilarity(seo!, bestSeo!)).toBeGreaterThan(0.6)
    expect(cosineSimilarity(seo!, banana!)).toBeLessThan(0.2)
    expect(cosineSimilarity(seo!, bestSeo!)).toBeGreaterThan(cosineSimilarity(seo!, banana!) + 0.4)
  })

  it("speaks Ollama's /api/embed and puts nomic's task prefix on every input", async () => {
    const vectors = await ollama().embed(['seo tools', 'banana bread'], 'search_query')
    expect(vectors.map((vector) => vector.length)).toEqual([768, 768])
    expect(bodies[0]!.url).toBe('http://localhost:11434/api/embed')
    expect(bodies[0]!.body.input).toEqual(['search_query: seo tools', 'search_query: banana bread'])
    await ollama().embed(['x'], 'search_document')
    await ollama().embed(['x'], 'clustering')
    expect(bodies.map((request) => request.body.input[0])).toEqual(['search_query: seo tools', 'search_document: x', 'clustering: x'])
  })

  it('defaults to nomic-embed-text v1.5 with 768 dimensions and its prefixes (env module)', async () => {
    const client = createEmbeddingsClientFromEnv({
      EMBEDDINGS_API: 'openai',
      EMBEDDINGS_BASE_URL: undefined,
      EMBEDDINGS_API_KEY: undefined,
      EMBEDDINGS_MODEL: 'nomic-embed-text-v1.5',
      EMBEDDINGS_DIMENSIONS: 768,
    })
    expect(client.inputFor('seo', 'search_document')).toBe('search_document: seo')
    expect((await client.embed(['seo'], 'search_document'))[0]).toHaveLength(768)
    expect(openAi().inputFor('seo', 'search_document')).toBe('seo')
  })

  it('splits large inputs into batches of 96 and keeps the order', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `keyword number ${i}`)
    const client = openAi()
    const vectors = await client.embed(texts, 'clustering')
    expect(bodies.map((request) => request.body.input.length)).toEqual([96, 96, 8])
    expect(vectors[150]).toEqual((await client.embed(['keyword number 150'], 'clustering'))[0])
  })

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    injectFault('embeddings', { kind: 'rate-limit', retryAfterSeconds: 3, times: 1 })
    expect(await openAi().embed(['a'], 'clustering')).toHaveLength(1)
    expect(sleeps).toEqual([3000])
    expect(mockRequestCount('embeddings')).toBe(2)
  })

  it('retries a 5xx with backoff, then succeeds', async () => {
    injectFault('embeddings', { kind: 'status', status: 500, times: 1 })
    expect(await openAi().embed(['a'], 'clustering')).toHaveLength(1)
    expect(sleeps).toEqual([375])
    expect(mockRequestCount('embeddings')).toBe(2)
  })

  it('times out an answer that is too slow', async () => {
    injectFault('embeddings', { kind: 'slow', delayMs: 500 })
    const error = await providerErrorOf(openAi({ timeoutMs: 40, retries: 1 }).embed(['a'], 'clustering'))
    expect(error.message).toBe('Embeddings did not answer within 1 second (2 attempts). Try again in a few minutes.')
  })

  it('reports a body that is not JSON', async () => {
    injectFault('embeddings', { kind: 'malformed' })
    const error = await providerErrorOf(openAi().embed(['a'], 'clustering'))
    expect(error.message).toBe(
      'Embeddings sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
  })

  it('says which setting to change when the model answers another vector size', async () => {
    const error = await providerErrorOf(ollamaSized())
    expect(error.message).toBe(
      'Embeddings: the model "nomic-embed-text" returned vectors of 768 numbers, but EMBEDDINGS_DIMENSIONS is 1024. Set EMBEDDINGS_DIMENSIONS to 768 or pick a model that supports 1024.',
    )
  })

  it('names the setting to fix when the API key is refused', async () => {
    const error = await providerErrorOf(openAi({ apiKey: 'wrong' }).embed(['a'], 'clustering'))
    expect(error.message).toBe(
      'Embeddings refused our credentials (HTTP 401: Incorrect API key provided: wrong. You can find your API key at https://platform.openai.com/account/api-keys.). Check EMBEDDINGS_API_KEY.',
    )
    expect(mockRequestCount('embeddings')).toBe(1)
  })
})

/** An Ollama that ignores the dimensions it is asked for, as older Ollama versions do. */
function ollamaSized() {
  server.events.removeAllListeners()
  const client = createEmbeddingsClient({
    api: 'ollama',
    model: 'nomic-embed-text',
    dimensions: 1024,
    fetch: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>
      delete body.dimensions
      return globalThis.fetch(input, { ...init, body: JSON.stringify(body) })
    },
  })
  return client.embed(['x'], 'clustering')
}
