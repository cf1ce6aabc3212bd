import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { createLlmClient, createLlmClientFromEnv, type LlmClientOptions } from './client'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { useMockServer, providerErrorOf } from '~tests/fixtures/mock-server'

const BASE = 'http://ollama.test:11434/v1'
const server = useMockServer(...llmHandlers(), ...llmHandlers({ baseUrl: BASE }))

let sleeps: number[] = []
beforeEach(() => {
  sleeps = []
})
const client = (options: Partial<LlmClientOptions> = {}) =>
  createLlmClient({ apiKey: 'sk-test', model: 'gpt-4.1-mini', random: () => 0.5, sleep: async (ms) => void sleeps.push(ms), ...options })

const schema = z.object({ name: z.string(), services: z.array(z.string()).min(1) })
const ask = (llm = client()) =>
  llm.generateObject({
    schema,
    schemaName: 'profile',
    prompt: 'Business name: Northwind Plumbing\nServices: boiler repair, drain cleaning',
  })

describe('LLM client', () => {
  it('parses a structured answer into the zod type, through any OpenAI-compatible base URL', async () => {
    const { object } = await ask(client({ baseUrl: BASE, apiKey: undefined }))
    expect(object).toEqual({ name: 'Northwind Plumbing', services: ['boiler repair', 'drain cleaning'] })
    expect(mockRequestCount('llm')).toBe(1)
  })

  it('takes its defaults from the env module (OpenAI when no base URL is set)', async () => {
    const llm = createLlmClientFromEnv({ LLM_BASE_URL: undefined, LLM_API_KEY: 'sk-env', LLM_MODEL: 'gpt-4.1-mini' })
    expect(llm.model).toBe('gpt-4.1-mini')
    const { text } = await llm.generateText({ prompt: 'Keyword: solar panels' })
    expect(text).toContain('Solar panels')
  })

  it('sends the zod schema as a strict json_schema response_format', async () => {
    let sent: { response_format?: { json_schema?: { schema?: { required?: string[] } } } } | undefined
    server.events.on('request:start', async ({ request }) => {
      sent = (await request.clone().json()) as typeof sent
    })
    await ask()
    server.events.removeAllListeners()
    expect(sent?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'profile', strict: true } })
    expect(sent?.response_format?.json_schema?.schema?.required).toEqual(['name', 'services'])
  })

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    injectFault('llm', { kind: 'rate-limit', retryAfterSeconds: 7, times: 1 })
    const { object } = await ask()
    expect(object.name).toBe('Northwind Plumbing')
    expect(sleeps).toEqual([7000])
    expect(mockRequestCount('llm')).toBe(2)
  })

  it('retries a 5xx with backoff, then succeeds', async () => {
    injectFault('llm', { kind: 'status', status: 503, times: 2 })
    await ask()
    expect(sleeps).toEqual([375, 750])
    expect(mockRequestCount('llm')).toBe(3)
  })

  it('gives up on a 5xx that persists', async () => {
    injectFault('llm', { kind: 'status', status: 502 })
    const error = await providerErrorOf(ask(client({ retries: 2 })))
    expect(error.message).toBe(
      'AI writing is having problems (HTTP 502: Injected HTTP 502) and still failed after 3 attempts. Try again later.',
    )
  })

  it('times out an answer that is too slow', async () => {
    injectFault('llm', { kind: 'slow', delayMs: 500 })
    const error = await providerErrorOf(ask(client({ timeoutMs: 40, retries: 1 })))
    expect(error.kind).toBe('timeout')
    expect(error.message).toBe('AI writing did not answer within 1 second (2 attempts). Try again in a few minutes.')
  })

  it('reports a body that is not JSON', async () => {
    injectFault('llm', { kind: 'malformed' })
    const error = await providerErrorOf(ask())
    expect(error.message).toBe(
      'AI writing sent an answer we could not read (the body is not JSON). Try again; if it keeps happening, its API may have changed.',
    )
    expect(mockRequestCount('llm')).toBe(1)
  })

  it('reports model output that does not match the schema', async () => {
    server.use(
      http.post('https://api.openai.com/v1/chat/completions', () =>
        HttpResponse.json({
          id: 'chatcmpl-x',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-4.1-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: '{"name": 42, "services": []}' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      ),
    )
    const error = await providerErrorOf(ask())
    expect(error.kind).toBe('malformed')
    expect(error.message).toBe(
      'AI writing: the AI model returned text that did not match the expected structure (name: Invalid input: expected string, received number). Try again; if it keeps happening, choose a model that supports structured output in LLM_MODEL.',
    )
  })

  it("refuses, as OpenAI's strict mode does, a schema with an optional property", async () => {
    const loose = z.object({ name: z.string(), nickname: z.string().optional() })
    const error = await providerErrorOf(
      client().generateObject({ schema: loose, schemaName: 'profile', prompt: 'Business name: Northwind' }),
    )
    expect(error.message).toBe(
      "AI writing rejected the request (HTTP 400): Invalid schema for response_format 'profile': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'nickname'.",
    )
    expect(mockRequestCount('llm')).toBe(1)
  })

  it('names the setting to fix when the API key is refused, without retrying', async () => {
    const error = await providerErrorOf(ask(client({ apiKey: 'wrong' })))
    expect(error.message).toBe(
      'AI writing refused our credentials (HTTP 401: Incorrect API key provided: wrong. You can find your API key at https://platform.openai.com/account/api-keys.). Check LLM_API_KEY.',
    )
    expect(mockRequestCount('llm')).toBe(1)
  })

  it('reports an unreachable server after its retries', async () => {
    injectFault('llm', { kind: 'network' })
    const error = await providerErrorOf(ask(client({ retries: 1 })))
    expect(error.kind).toBe('network')
    expect(error.message).toMatch(
      /^Could not reach AI writing \(.+\) after 2 attempts\. Check the network connection and the AI writing address\.$/,
    )
  })
})
