import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { writeArticlePart } from './article-writer'
import { DEFAULT_LLM_BASE_URL } from '~/server/providers/llm/client'
import { extractMaterial, stableHash, type PromptMaterial } from './prompt-material'
import { fillSchema, type JsonSchema } from './schema-filler'
import { describeVoice, sampleTexts } from './voice-analysis'
import { VOICE_PROFILE_SCHEMA_NAME } from '~/server/settings/voice-prompt'

/**
 * An OpenAI-compatible /chat/completions that answers from its input: with a json_schema
 * response_format it returns JSON valid for that schema, filled from the content the prompt
 * hands over (prompt-material.ts: system messages and free instruction sentences are never
 * material); without one, prose about the prompt's subject.
 *
 * With `strict: true` (the client always asks for it) the schema must pass OpenAI's strict-mode
 * rules, or the answer is OpenAI's 400 for it.
 *
 * Credentials: the API key "wrong" gets OpenAI's 401 (invalid_api_key), so tests can show the
 * credentials message. Any other key, or none, is accepted: demo mode sends no key.
 */

interface ChatMessage {
  role: string
  content: string | Array<{ type: string; text?: string }> | null
}

interface ChatRequest {
  model?: string
  messages?: ChatMessage[]
  response_format?: { type: string; json_schema?: { name?: string; schema?: JsonSchema; strict?: boolean } }
}

function openAiError(status: number, message: string, type: string, code: string | null) {
  return HttpResponse.json({ error: { message, type, param: null, code } }, { status })
}

const messageText = (message: ChatMessage) =>
  typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => part.text ?? '').join('\n')

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)

/** A short answer in prose: the subject, what the prompt said about it, and its listed points. */
export function proseAnswer(material: PromptMaterial): string {
  const points = material.items.slice(0, 5).map((item) => `- ${item}`)
  const said = material.sentences.slice(0, 2).join(' ')
  return [
    `${capitalise(material.subject)} is what ${material.name} wants to get right.`,
    said || `The essentials: ${material.words.slice(0, 4).join(', ') || material.subject}.`,
    ...(points.length > 0 ? ['Key points:', ...points] : []),
  ].join('\n\n')
}

/**
 * OpenAI's strict structured outputs refuse a schema with an optional property or open
 * objects; answering the same 400 here catches such a zod schema before it meets the real API.
 */
export function strictSchemaProblem(schema: JsonSchema, context: string[] = []): string | undefined {
  const where = `context=(${context.map((part) => `'${part}'`).join(', ')})`
  if (schema.properties) {
    if ((schema as { additionalProperties?: unknown }).additionalProperties !== false) {
      return `In ${where}, 'additionalProperties' is required to be supplied and to be false.`
    }
    const missing = Object.keys(schema.properties).find((key) => !schema.required?.includes(key))
    if (missing)
      return `In ${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`
  }
  const children: Array<[string[], JsonSchema]> = [
    ...Object.entries(schema.properties ?? {}).map(([key, child]): [string[], JsonSchema] => [['properties', key], child]),
    ...(schema.items && !Array.isArray(schema.items) ? [[['items'], schema.items] as [string[], JsonSchema]] : []),
    ...(schema.anyOf ?? []).map((child, i): [string[], JsonSchema] => [['anyOf', String(i)], child]),
    ...Object.entries(schema.$defs ?? schema.definitions ?? {}).map(([key, child]): [string[], JsonSchema] => [['$defs', key], child]),
  ]
  for (const [path, child] of children) {
    const problem = strictSchemaProblem(child, [...context, ...path])
    if (problem) return problem
  }
  return undefined
}

export function llmHandlers(options: { baseUrl?: string } = {}): RequestHandler[] {
  const base = (options.baseUrl ?? DEFAULT_LLM_BASE_URL).replace(/\/+$/, '')
  return [
    http.post(
      `${base}/chat/completions`,
      withFaults('llm', async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer wrong') {
          return openAiError(
            401,
            'Incorrect API key provided: wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
            'invalid_request_error',
            'invalid_api_key',
          )
        }
        let body: ChatRequest
        try {
          body = (await request.json()) as ChatRequest
        } catch {
          return openAiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null)
        }
        if (!body.model) return openAiError(400, 'you must provide a model parameter', 'invalid_request_error', null)
        if (!Array.isArray(body.messages) || body.messages.length === 0) {
          return openAiError(400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter')
        }

        const texts = body.messages.map(messageText)
        const material = extractMaterial(body.messages.map((message, i) => ({ role: String(message.role), text: texts[i]! })))
        const schema = body.response_format?.type === 'json_schema' ? body.response_format.json_schema?.schema : undefined
        const problem = schema && body.response_format?.json_schema?.strict ? strictSchemaProblem(schema) : undefined
        if (problem) {
          const name = body.response_format?.json_schema?.name ?? 'response'
          return openAiError(400, `Invalid schema for response_format '${name}': ${problem}`, 'invalid_request_error', null)
        }
        // Article parts are written as prose from the material (article-writer/); other schemas are filled from it.
        const userText = body.messages
          .filter((message) => message.role !== 'system' && message.role !== 'developer')
          .map(messageText)
          .join('\n\n')
        const schemaName = body.response_format?.json_schema?.name ?? ''
        const article = schema ? writeArticlePart(schemaName, userText) : undefined
        // A voice profile is measured from the samples' text (voice-analysis.ts).
        const voice = schema && schemaName === VOICE_PROFILE_SCHEMA_NAME ? describeVoice(sampleTexts(userText)) : undefined
        const content = schema ? JSON.stringify(article ?? voice ?? fillSchema(schema, material)) : proseAnswer(material)
        const promptTokens = Math.ceil(texts.join('\n').length / 4)
        const completionTokens = Math.ceil(content.length / 4)
        return chatCompletionResponse(content, {
          id: `chatcmpl-${stableHash(`${body.model}\n${texts.join('\n')}`).toString(36)}`,
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          promptTokens,
          completionTokens,
        })
      }),
    ),
  ]
}

/**
 * A chat completion as the OpenAI API answers it (one choice that stopped), for the mock and for
 * tests that answer one request themselves.
 */
export function chatCompletionResponse(
  content: string,
  options: { id?: string; created?: number; model?: string; promptTokens?: number; completionTokens?: number } = {},
) {
  const promptTokens = options.promptTokens ?? 10
  const completionTokens = options.completionTokens ?? 10
  return HttpResponse.json({
    id: options.id ?? 'chatcmpl-test',
    object: 'chat.completion',
    created: options.created ?? 0,
    model: options.model ?? 'mock',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: null,
  })
}
