import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '~/env'
import { embeddingsSource, providerModes, simulatedProviders } from '../modes'
import { createEmbeddingsClient } from './client'
import { LOCAL_CLUSTER_DISTANCE_THRESHOLD, LOCAL_EMBEDDINGS_MODEL, localEmbedding } from './local'
import { embeddingsClientFromEnv, llmEndpointEmbeddingsModel, withLocalFallback } from './select'
import { createLocalEmbeddingsClient } from './local'

const LLM = 'http://llm.test/v1'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const parse = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: 'test', BILLING: 'off', ...extra })

/** The LLM endpoint's /embeddings: `status` answers, or (200) a vector of 768 numbers per input. */
function llmEmbeddings(status: number, requests: string[]) {
  server.use(
    http.post(`${LLM}/embeddings`, async ({ request }) => {
      const body = (await request.json()) as { model: string; input: string[] }
      requests.push(body.model)
      if (status !== 200) return HttpResponse.json({ error: { message: `model "${body.model}" not found` } }, { status })
      return HttpResponse.json({
        data: body.input.map((_, index) => ({ index, embedding: Array.from({ length: 768 }, (_, k) => (k === index ? 1 : 0)) })),
      })
    }),
  )
}

describe('which embedder the app uses', () => {
  it('the local embedder without any credentials, shown as local (not simulated) in demo mode too', () => {
    const demo = parseEnv({ NODE_ENV: 'test' })
    expect(embeddingsSource(demo)).toBe('local')
    expect(providerModes(demo).embeddings).toBe('local')
    expect(simulatedProviders(demo)).not.toContain('embeddings')
    const client = embeddingsClientFromEnv(demo)
    expect(client.model).toBe(LOCAL_EMBEDDINGS_MODEL)
    expect(client.clusterDistanceThreshold).toBe(LOCAL_CLUSTER_DISTANCE_THRESHOLD)
  })

  it('an embeddings API when EMBEDDINGS_* is set, the LLM endpoint when only the LLM is', () => {
    const api = parse({ EMBEDDINGS_BASE_URL: 'http://localhost:11434', EMBEDDINGS_API: 'ollama', LLM_API_KEY: 'sk-real' })
    expect(embeddingsSource(api)).toBe('embeddings-api')
    expect(embeddingsClientFromEnv(api).model).toBe('nomic-embed-text-v1.5')
    const llm = parse({ LLM_API_KEY: 'sk-real' })
    expect(embeddingsSource(llm)).toBe('llm-endpoint')
    expect(providerModes(llm).embeddings).toBe('live')
  })

  it('asks the LLM endpoint for the embedding model it serves', () => {
    expect(llmEndpointEmbeddingsModel(parse({ LLM_API_KEY: 'sk' }))).toBe('text-embedding-3-small')
    expect(llmEndpointEmbeddingsModel(parse({ LLM_BASE_URL: 'http://localhost:11434/v1' }))).toBe('nomic-embed-text')
    expect(llmEndpointEmbeddingsModel(parse({ LLM_BASE_URL: 'http://vllm.internal:8000/v1', EMBEDDINGS_MODEL: 'bge-m3' }))).toBe('bge-m3')
  })

  it('uses the LLM endpoint when it serves embeddings', async () => {
    const requests: string[] = []
    llmEmbeddings(200, requests)
    const client = embeddingsClientFromEnv(parse({ LLM_BASE_URL: LLM, EMBEDDINGS_MODEL: 'bge-m3' }))
    const vectors = await client.embed(['coffee beans', 'espresso'], 'clustering')
    expect(client.model).toBe('bge-m3')
    expect(client.clusterDistanceThreshold).toBeUndefined()
    expect(vectors[1]![1]).toBe(1)
    // One probe, then the real call.
    expect(requests).toEqual(['bge-m3', 'bge-m3'])
  })

  it.each([404, 405, 501])('falls back to the local embedder when the LLM endpoint answers %i, for good', async (status) => {
    const requests: string[] = []
    llmEmbeddings(status, requests)
    const client = embeddingsClientFromEnv(parse({ LLM_BASE_URL: LLM }))
    await client.ready!()
    expect(client.model).toBe(LOCAL_EMBEDDINGS_MODEL)
    expect(client.clusterDistanceThreshold).toBe(LOCAL_CLUSTER_DISTANCE_THRESHOLD)
    expect(await client.embed(['coffee beans'], 'clustering')).toEqual([localEmbedding('coffee beans')])
    await client.embed(['espresso'], 'clustering')
    expect(requests).toHaveLength(1)
  })

  it('says so once, and does not remember a failure that may pass (5xx)', async () => {
    const warnings: string[] = []
    const requests: string[] = []
    const remote = createEmbeddingsClient({ api: 'openai', baseUrl: LLM, apiKey: 'sk', model: 'm', dimensions: 768, retries: 0 })
    const client = withLocalFallback(remote, createLocalEmbeddingsClient(), {
      describe: `the LLM endpoint ${LLM}`,
      warn: (m) => warnings.push(m),
    })

    llmEmbeddings(500, requests)
    await expect(client.embed(['a'], 'clustering')).rejects.toThrow(/HTTP 500/)
    expect(client.fellBack).toBe(false)

    llmEmbeddings(404, requests)
    await Promise.all([client.embed(['a'], 'clustering'), client.embed(['b'], 'clustering')])
    await client.embed(['c'], 'clustering')
    expect(client.fellBack).toBe(true)
    expect(requests).toHaveLength(2)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /the LLM endpoint http:\/\/llm\.test\/v1 serves no embeddings .*using the local embedder \(rankpilot-local-ngram-v1\)/,
    )
  })
})
