import { z } from 'zod'
import type { Env } from '~/env'
import { createProviderFetch, malformed, ProviderError, readJson, type ProviderFetchOptions } from '../http'
import { PROVIDERS } from '../modes'

export type EmbeddingTask = 'clustering' | 'search_query' | 'search_document'
export type EmbeddingsApi = 'openai' | 'ollama'

export const DEFAULT_EMBEDDINGS_BASE_URL: Record<EmbeddingsApi, string> = {
  openai: 'https://api.openai.com/v1',
  ollama: 'http://localhost:11434',
}

/** Inputs per request: OpenAI accepts 2048, but smaller batches keep one failure cheap. */
export const EMBEDDINGS_BATCH_SIZE = 96

export interface EmbeddingsClient {
  readonly model: string
  readonly dimensions: number
  /**
   * The cosine distance below which this model's keywords share a topic cluster, when it differs from
   * the research default (CLUSTER_DISTANCE_THRESHOLD, calibrated for neural models such as nomic).
   */
  readonly clusterDistanceThreshold?: number
  /**
   * Cluster this model's vectors after subtracting their mean (centerVectors in research/clustering.ts):
   * for vectors that share a large common part across one business's keywords, as the local
   * embedder's do (every keyword of a coffee roaster says "coffee").
   */
  readonly centerBeforeClustering?: boolean
  /**
   * Settles which model answers, for a client that finds out by asking (select.ts, withLocalFallback):
   * whoever keys anything by model or dimensions awaits it first.
   */
  ready?(): Promise<void>
  /** The exact text the model sees: nomic models need their task prefix on every input. */
  inputFor(text: string, task: EmbeddingTask): string
  /** One vector per text, in order. */
  embed(texts: string[], task: EmbeddingTask): Promise<number[][]>
  /** Vectors for texts already passed through inputFor (the cache stores those). */
  embedInputs(inputs: string[]): Promise<number[][]>
}

export interface EmbeddingsClientOptions extends Pick<
  ProviderFetchOptions,
  'timeoutMs' | 'retries' | 'baseDelayMs' | 'sleep' | 'random' | 'fetch'
> {
  api: EmbeddingsApi
  baseUrl?: string
  apiKey?: string
  model: string
  dimensions: number
  batchSize?: number
}

const provider = PROVIDERS.embeddings

const openAiAnswer = z.object({
  data: z.array(z.object({ embedding: z.array(z.number()), index: z.number().int() })),
})
const ollamaAnswer = z.object({ embeddings: z.array(z.array(z.number())) })

export const isNomicModel = (model: string) => /nomic-embed/i.test(model)

export function createEmbeddingsClient(options: EmbeddingsClientOptions): EmbeddingsClient {
  const { api, model, dimensions, apiKey, batchSize = EMBEDDINGS_BATCH_SIZE } = options
  const base = (options.baseUrl ?? DEFAULT_EMBEDDINGS_BASE_URL[api]).replace(/\/+$/, '')
  const providerFetch = createProviderFetch({
    provider,
    credentialsHint: 'EMBEDDINGS_API_KEY',
    timeoutMs: options.timeoutMs ?? 60_000,
    retries: options.retries,
    baseDelayMs: options.baseDelayMs,
    sleep: options.sleep,
    random: options.random,
    fetch: options.fetch,
  })
  const headers = { 'Content-Type': 'application/json', ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) }

  async function requestBatch(inputs: string[]): Promise<number[][]> {
    if (api === 'ollama') {
      const response = await providerFetch(`${base}/api/embed`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model, input: inputs, dimensions }),
      })
      return (await readJson(response, provider, ollamaAnswer)).embeddings
    }
    const response = await providerFetch(`${base}/embeddings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model, input: inputs, dimensions, encoding_format: 'float' }),
    })
    const { data } = await readJson(response, provider, openAiAnswer)
    // The API may answer out of order; `index` says which input each vector belongs to.
    const vectors = new Array<number[] | undefined>(inputs.length)
    for (const row of data) vectors[row.index] = row.embedding
    return vectors.map((vector, i) => vector ?? missing(i))
  }

  function missing(index: number): never {
    throw malformed(provider, `no vector for input ${index}`)
  }

  function checked(vectors: number[][], expected: number): number[][] {
    if (vectors.length !== expected) throw malformed(provider, `${vectors.length} vectors for ${expected} inputs`)
    const wrong = vectors.find((vector) => vector.length !== dimensions)
    if (wrong) {
      throw new ProviderError({
        provider,
        kind: 'malformed',
        message: `${provider}: the model "${model}" returned vectors of ${wrong.length} numbers, but EMBEDDINGS_DIMENSIONS is ${dimensions}. Set EMBEDDINGS_DIMENSIONS to ${wrong.length} or pick a model that supports ${dimensions}.`,
      })
    }
    // real[] in the database holds 32-bit floats: round now, so a cache hit equals a fresh answer.
    return vectors.map((vector) => vector.map((value) => Math.fround(value)))
  }

  const client: EmbeddingsClient = {
    model,
    dimensions,
    inputFor: (text, task) => (isNomicModel(model) ? `${task}: ${text}` : text),
    async embedInputs(inputs) {
      const vectors: number[][] = []
      for (let start = 0; start < inputs.length; start += batchSize) {
        const batch = inputs.slice(start, start + batchSize)
        vectors.push(...checked(await requestBatch(batch), batch.length))
      }
      return vectors
    },
    embed: (texts, task) => client.embedInputs(texts.map((text) => client.inputFor(text, task))),
  }
  return client
}

export function createEmbeddingsClientFromEnv(
  env: Pick<Env, 'EMBEDDINGS_API' | 'EMBEDDINGS_BASE_URL' | 'EMBEDDINGS_API_KEY' | 'EMBEDDINGS_MODEL' | 'EMBEDDINGS_DIMENSIONS'>,
  overrides: Partial<EmbeddingsClientOptions> = {},
) {
  return createEmbeddingsClient({
    api: env.EMBEDDINGS_API,
    baseUrl: env.EMBEDDINGS_BASE_URL,
    apiKey: env.EMBEDDINGS_API_KEY,
    model: env.EMBEDDINGS_MODEL,
    dimensions: env.EMBEDDINGS_DIMENSIONS,
    ...overrides,
  })
}
