import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { generateText, Output, type LanguageModelUsage } from 'ai'
import type { z } from 'zod'
import type { Env } from '~/env'
import { createProviderFetch, type ProviderFetchOptions } from '../http'
import { PROVIDERS } from '../modes'
import { toLlmError } from './errors'

export const DEFAULT_LLM_BASE_URL = 'https://api.openai.com/v1'

export interface LlmUsage {
  inputTokens: number
  outputTokens: number
}

export interface LlmClient {
  readonly model: string
  /** Structured output: the model answers JSON that must parse with `schema`. */
  generateObject<T extends z.ZodType>(request: {
    schema: T
    schemaName: string
    system?: string
    prompt: string
  }): Promise<{ object: z.output<T>; usage: LlmUsage }>
  generateText(request: { system?: string; prompt: string }): Promise<{ text: string; usage: LlmUsage }>
}

export interface LlmClientOptions extends Pick<
  ProviderFetchOptions,
  'timeoutMs' | 'retries' | 'baseDelayMs' | 'sleep' | 'random' | 'fetch'
> {
  /** Any OpenAI-compatible base ending in /v1: OpenAI, OpenRouter, Ollama's http://host:11434/v1. */
  baseUrl?: string
  /** Optional: a local Ollama needs none. */
  apiKey?: string
  model: string
}

const provider = PROVIDERS.llm

/**
 * The Vercel AI SDK over /chat/completions. The SDK's own retries are off (maxRetries: 0): our
 * provider fetch retries with the policy every client shares and produces the error wording.
 */
export function createLlmClient(options: LlmClientOptions): LlmClient {
  const providerFetch = createProviderFetch({
    provider,
    credentialsHint: 'LLM_API_KEY',
    timeoutMs: options.timeoutMs ?? 120_000,
    retries: options.retries,
    baseDelayMs: options.baseDelayMs,
    sleep: options.sleep,
    random: options.random,
    fetch: options.fetch,
  })
  const openAiCompatible = createOpenAICompatible({
    name: 'llm',
    baseURL: (options.baseUrl ?? DEFAULT_LLM_BASE_URL).replace(/\/+$/, ''),
    apiKey: options.apiKey,
    supportsStructuredOutputs: true,
    fetch: providerFetch,
  })
  const model = openAiCompatible.chatModel(options.model)

  return {
    model: options.model,
    async generateObject({ schema, schemaName, system, prompt }) {
      try {
        const result = await generateText({
          model,
          instructions: system,
          prompt,
          output: Output.object({ schema, name: schemaName }),
          maxRetries: 0,
        })
        return { object: result.output as z.output<typeof schema>, usage: usageOf(result.usage) }
      } catch (error) {
        throw await toLlmError(error, provider)
      }
    },
    async generateText({ system, prompt }) {
      try {
        const result = await generateText({ model, instructions: system, prompt, maxRetries: 0 })
        return { text: result.text, usage: usageOf(result.usage) }
      } catch (error) {
        throw await toLlmError(error, provider)
      }
    },
  }
}

export function createLlmClientFromEnv(
  env: Pick<Env, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>,
  overrides: Partial<LlmClientOptions> = {},
) {
  return createLlmClient({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, ...overrides })
}

function usageOf(usage: LanguageModelUsage): LlmUsage {
  return { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 }
}
