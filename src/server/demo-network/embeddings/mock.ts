import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { DEFAULT_EMBEDDINGS_BASE_URL } from '~/server/providers/embeddings/client'
import { LOCAL_EMBEDDING_OPTIONS, localEmbedding } from '~/server/providers/embeddings/local'

/**
 * Embeddings in both wire shapes: OpenAI-compatible `{base}/embeddings` and Ollama's
 * `{ollamaBase}/api/embed`. Vectors are the local embedder's (./local.ts) at the asked dimensions, so
 * similar texts are close.
 * The API key "wrong" gets OpenAI's 401; any other key, or none (demo mode), is accepted.
 */

interface EmbeddingsRequest {
  model?: string
  input?: string | string[]
  dimensions?: number
}

const mockVector = (text: string, dimensions: number) => localEmbedding(text, { ...LOCAL_EMBEDDING_OPTIONS, dimensions })
const defaultDimensions = (model: string) => (/nomic-embed/i.test(model) ? 768 : 1536)
const tokens = (inputs: string[]) => inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0)

async function readRequest(request: Request): Promise<EmbeddingsRequest | undefined> {
  try {
    return (await request.json()) as EmbeddingsRequest
  } catch {
    return undefined
  }
}

export function embeddingsHandlers(options: { baseUrl?: string; ollamaBaseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? DEFAULT_EMBEDDINGS_BASE_URL.openai).replace(/\/+$/, '')
  const ollamaBase = (options.ollamaBaseUrl ?? DEFAULT_EMBEDDINGS_BASE_URL.ollama).replace(/\/+$/, '')
  const openAiError = (status: number, message: string, code: string | null) =>
    HttpResponse.json({ error: { message, type: 'invalid_request_error', param: null, code } }, { status })

  return [
    http.post(
      `${base}/embeddings`,
      withFaults('embeddings', async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer wrong') {
          return openAiError(
            401,
            'Incorrect API key provided: wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
            'invalid_api_key',
          )
        }
        const body = await readRequest(request)
        if (!body?.model) return openAiError(400, 'you must provide a model parameter', null)
        const inputs = typeof body.input === 'string' ? [body.input] : body.input
        if (!Array.isArray(inputs) || inputs.length === 0)
          return openAiError(400, "'input' : input must be a string or an array of strings", null)
        if (inputs.length > 2048)
          return openAiError(
            400,
            "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.",
            null,
          )
        const dimensions = body.dimensions ?? defaultDimensions(body.model)
        return HttpResponse.json({
          object: 'list',
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: mockVector(text, dimensions) })),
          model: body.model,
          usage: { prompt_tokens: tokens(inputs), total_tokens: tokens(inputs) },
        })
      }),
    ),
    http.post(
      `${ollamaBase}/api/embed`,
      withFaults('embeddings', async ({ request }) => {
        const body = await readRequest(request)
        if (!body) return HttpResponse.json({ error: 'invalid character looking for beginning of value' }, { status: 400 })
        if (!body.model) return HttpResponse.json({ error: 'model is required' }, { status: 400 })
        const inputs = typeof body.input === 'string' ? [body.input] : (body.input ?? [])
        const dimensions = body.dimensions ?? defaultDimensions(body.model)
        return HttpResponse.json({
          model: body.model,
          embeddings: inputs.map((text) => mockVector(text, dimensions)),
          total_duration: 14_143_917 + inputs.length * 1_000_000,
          load_duration: 1_019_500,
          prompt_eval_count: tokens(inputs),
        })
      }),
    ),
  ]
}
