import type { Env } from '~/env'
import { logger } from '~/server/logger'
import { ProviderError } from '../http'
import { DEFAULT_LLM_BASE_URL } from '../llm/client'
import { embeddingsSource, type EmbeddingsSource } from '../modes'
import { createEmbeddingsClient, createEmbeddingsClientFromEnv, type EmbeddingsClient, type EmbeddingsClientOptions } from './client'
import { createLocalEmbeddingsClient } from './local'

export { embeddingsSource, type EmbeddingsSource }

export type EmbeddingsEnv = Pick<
  Env,
  | 'EMBEDDINGS_API'
  | 'EMBEDDINGS_BASE_URL'
  | 'EMBEDDINGS_API_KEY'
  | 'EMBEDDINGS_MODEL'
  | 'EMBEDDINGS_DIMENSIONS'
  | 'LLM_BASE_URL'
  | 'LLM_API_KEY'
>

/**
 * The embedding model asked of the LLM endpoint: OpenAI's text-embedding-3-small (which shortens its
 * vectors to EMBEDDINGS_DIMENSIONS) on api.openai.com, Ollama's nomic-embed-text on Ollama's port,
 * EMBEDDINGS_MODEL anywhere else.
 */
export function llmEndpointEmbeddingsModel(env: Pick<EmbeddingsEnv, 'LLM_BASE_URL' | 'EMBEDDINGS_MODEL'>): string {
  const url = new URL(env.LLM_BASE_URL ?? DEFAULT_LLM_BASE_URL)
  if (url.hostname === 'api.openai.com') return 'text-embedding-3-small'
  if (url.port === '11434') return 'nomic-embed-text'
  return env.EMBEDDINGS_MODEL
}

/** Answers that mean "this endpoint has no embeddings (or not this model)", not "try again later". */
const UNSUPPORTED_STATUSES = new Set([404, 405, 501])

export const isEmbeddingsUnsupported = (error: unknown) =>
  error instanceof ProviderError && error.status !== undefined && UNSUPPORTED_STATUSES.has(error.status)

export interface ProbingEmbeddingsClient extends EmbeddingsClient {
  /** Settles which embedder answers: the endpoint, or (when it has no embeddings) the local one. */
  ready(): Promise<void>
  /** After ready(): whether the local embedder answers instead of the endpoint. */
  readonly fellBack: boolean
}

/**
 * `remote`, unless its first answer says it serves no embeddings: then `local`, for good. Until the
 * probe has answered, model and dimensions are the remote's; callers that key a cache by them
 * (withEmbeddingCache, embedTexts) await ready() first. A probe that fails otherwise (network,
 * credentials, 5xx) is not remembered: that error is thrown, and the next call probes again.
 */
export function withLocalFallback(
  remote: EmbeddingsClient,
  local: EmbeddingsClient,
  options: { probe?: EmbeddingsClient; describe: string; warn?: (message: string) => void },
): ProbingEmbeddingsClient {
  const probe = options.probe ?? remote
  const warn = options.warn ?? ((message: string) => logger.warn(message))
  let chosen: EmbeddingsClient | undefined
  let pending: Promise<void> | undefined
  const current = () => chosen ?? remote

  const client: ProbingEmbeddingsClient = {
    get model() {
      return current().model
    },
    get dimensions() {
      return current().dimensions
    },
    get clusterDistanceThreshold() {
      return current().clusterDistanceThreshold
    },
    get centerBeforeClustering() {
      return current().centerBeforeClustering
    },
    get fellBack() {
      return chosen === local
    },
    inputFor: (text, task) => current().inputFor(text, task),
    ready() {
      if (chosen) return Promise.resolve()
      pending ??= probe
        .embedInputs([probe.inputFor('keyword research', 'clustering')])
        .then(
          () => {
            chosen = remote
          },
          (error: unknown) => {
            if (!isEmbeddingsUnsupported(error)) throw error
            chosen = local
            warn(
              `embeddings: ${options.describe} serves no embeddings (${(error as Error).message}); using the local embedder (${local.model}) instead`,
            )
          },
        )
        .finally(() => {
          pending = undefined
        })
      return pending
    },
    async embedInputs(inputs) {
      await client.ready()
      return current().embedInputs(inputs)
    },
    async embed(texts, task) {
      await client.ready()
      return current().embed(texts, task)
    },
  }
  return client
}

/** The app's embedder for this environment (see EmbeddingsSource). */
export function embeddingsClientFromEnv(env: EmbeddingsEnv, overrides: Partial<EmbeddingsClientOptions> = {}): EmbeddingsClient {
  const source = embeddingsSource(env)
  if (source === 'embeddings-api') return createEmbeddingsClientFromEnv(env, overrides)
  const local = createLocalEmbeddingsClient()
  if (source === 'local') return local
  const endpoint: EmbeddingsClientOptions = {
    api: 'openai',
    baseUrl: env.LLM_BASE_URL ?? DEFAULT_LLM_BASE_URL,
    apiKey: env.LLM_API_KEY,
    model: llmEndpointEmbeddingsModel(env),
    dimensions: env.EMBEDDINGS_DIMENSIONS,
    ...overrides,
  }
  return withLocalFallback(createEmbeddingsClient(endpoint), local, {
    // One attempt: a 501 is final here, not a server error worth three retries.
    probe: createEmbeddingsClient({ ...endpoint, retries: 0 }),
    describe: `the LLM endpoint ${endpoint.baseUrl} (model ${endpoint.model})`,
  })
}
