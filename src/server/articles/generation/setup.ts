import type { business as businessTable } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import type { createLedger } from '~/server/providers/cost-ledger'
import { keywordMarket } from '~/server/providers/dataforseo/market'
import type { WriterProfile } from '../prompts'
import { researchSerp } from '../sources'
import { writerVoiceOf } from '../voice'

type Ledger = ReturnType<typeof createLedger>
type Business = typeof businessTable.$inferSelect

/** LLM calls of one article at once (sections, call to action, FAQ, meta): docs/product/pipeline.md §4. */
export const LLM_CONCURRENCY = 4

/** Runs at most `size` tasks at once, the rest waiting in order. */
export function createLimiter(size: number) {
  let running = 0
  const waiting: Array<() => void> = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((start) => waiting.push(start))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

type LlmSchema = Parameters<Providers['llm']['generateObject']>[0]['schema']

/**
 * The writer's LLM for one job: at most `concurrency` calls at once, none started once the job is
 * stopped, each call's usage on the ledger and in `tokens` (what the job reports).
 */
export function createArticleLlm(providers: Pick<Providers, 'llm'>, ledger: Ledger, signal: AbortSignal, concurrency = LLM_CONCURRENCY) {
  const tokens = { input: 0, output: 0, calls: 0 }
  const limit = createLimiter(concurrency)
  const llm = <T extends LlmSchema>(schemaName: string, schema: T, request: { system: string; prompt: string }) =>
    limit(async () => {
      signal.throwIfAborted()
      const answer = await providers.llm.generateObject({ schema, schemaName, ...request })
      ledger.llm(answer.usage)
      tokens.input += answer.usage.inputTokens
      tokens.output += answer.usage.outputTokens
      tokens.calls++
      return answer.object
    })
  return { llm, tokens }
}

export type ArticleLlm = ReturnType<typeof createArticleLlm>['llm']

/** The keyword's results page and the pages read from it, its DataForSEO task on the ledger (paid, or from the cache). */
export async function researchSerpFor(
  providers: Pick<Providers, 'keywordData' | 'web'>,
  ledger: Ledger,
  signal: AbortSignal,
  keyword: string,
  business: Business,
) {
  const serp = await researchSerp(
    { keywordData: providers.keywordData, fetch: providers.web.fetch, signal },
    keyword,
    keywordMarket(business),
  )
  if (serp.fromCache) ledger.cached('dataforseo', 1)
  else ledger.paid('dataforseo', 1, serp.cost)
  return serp
}

/** The business as the writer's prompts describe it: name, offer, services, audiences, language and tone. */
export function writerProfileOf(business: Business): WriterProfile {
  return {
    name: business.name ?? new URL(business.url).hostname,
    url: business.url,
    description: business.description ?? '',
    valueProposition: business.valueProposition ?? '',
    services: (business.primaryServices?.length ? business.primaryServices : (business.services ?? [])).filter(Boolean),
    audiences: business.targetAudiences ?? [],
    language: business.language,
    tone: business.tone,
    voice: writerVoiceOf(business),
  }
}

/** Texts a number may come from without a citation: the keyword, the title and the business's own profile (grounding.ts). */
export function trustedTexts(keyword: string, title: string, profile: WriterProfile): string[] {
  return [keyword, title, profile.name, profile.description, profile.valueProposition, profile.services.join(' ')]
}

export function withInstruction(request: { system: string; prompt: string }, instruction: string) {
  return instruction ? { system: `${request.system} The user asked for this change: ${instruction}`, prompt: request.prompt } : request
}
