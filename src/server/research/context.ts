import { createHash } from 'node:crypto'
import { and, eq, getTableColumns, gt, inArray, sql, type SQL, type Table } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Database } from '~/server/db'
import { embeddingCache, excludedKeyword, keywordCache, type business, type competitor } from '~/server/db/schema'
import { KEYWORD_CACHE_MAX_AGE_MS } from '~/server/providers/dataforseo/keyword-data.service'
import type { Providers } from '~/server/providers'
import type { Market } from '~/server/providers/dataforseo/types'
import { embeddingTextHash } from '~/server/providers/embeddings/embedding-cache'
import { LOCAL_EMBEDDINGS_MODEL } from '~/server/providers/embeddings/local'
import type { ResearchStage } from '~/shared/research'
import type { Ledger } from '~/server/providers/cost-ledger'

export type BusinessRow = typeof business.$inferSelect
export type CompetitorRow = typeof competitor.$inferSelect

/** What every stage of a run works with. */
export interface RunContext {
  db: Database
  providers: Providers
  runId: string
  business: BusinessRow
  competitors: CompetitorRow[]
  market: Market
  /** `YYYY-MM` the run plans. */
  month: string
  /** Articles the plan allows per month. */
  monthlyArticles: number
  ledger: Ledger
  signal: AbortSignal
  now: () => Date
  /** The day the plan is made: its publishing days start the day after. Today, unless a run is replayed for an earlier month. */
  planningDate: Date
  /** Progress within the current stage (0–1) with a line for the user. */
  report(stage: ResearchStage, fraction: number, message?: string): void
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** A stage's writes and its checkpoint commit together, so a rerun finds all of it or none. */
export type Checkpoint = (tx: Transaction, stage: ResearchStage, count: number, extra?: Record<string, number>) => Promise<void>

/** Every text of a profile field that may be a list, an object of lists or one text (the seeds). */
export const textsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(textsOf)
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf)
  return []
}

/** Rows a stage wrote in this run carry `metadata.runId`: the next stage reads exactly those. */
export function ofRun(metadata: PgColumn, runId: string): SQL {
  return sql`${metadata}->>'runId' = ${runId}`
}

/** Runs `task` on every item with at most `limit` at once; results keep the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Embeddings for keyword texts through the cached client, counting cache hits and paid calls in
 * the run's ledger. One task (clustering) for every text, so similarities are comparable.
 */
export async function embedTexts(context: Pick<RunContext, 'db' | 'providers' | 'ledger'>, texts: string[]): Promise<number[][]> {
  if (texts.length === 0) return []
  const { embeddings } = context.providers
  // The model (and so the cache key) of a probing client is known once it is ready.
  await embeddings.ready?.()
  const inputs = texts.map((text) => embeddings.inputFor(text, 'clustering'))
  const hashes = [...new Set(inputs.map((input) => embeddingTextHash(embeddings.model, embeddings.dimensions, input)))]
  let cached = 0
  for (let start = 0; start < hashes.length; start += 1000) {
    const rows = await context.db
      .select({ textHash: embeddingCache.textHash })
      .from(embeddingCache)
      .where(inArray(embeddingCache.textHash, hashes.slice(start, start + 1000)))
    cached += rows.length
  }
  const vectors = await embeddings.embedInputs(inputs)
  context.ledger.cached('embeddings', cached)
  // The local embedder costs nothing and calls nothing: only a provider's vectors are paid calls.
  if (embeddings.model !== LOCAL_EMBEDDINGS_MODEL) context.ledger.embeddings(texts, hashes.length - cached)
  return vectors
}

/** The business profile as one text: what relevance is measured against. */
export function profileText(business: BusinessRow): string {
  const list = (items: string[] | null | undefined) => (items ?? []).filter(Boolean).join(', ')
  return [
    business.name,
    business.industry,
    business.description,
    business.valueProposition,
    list(business.primaryServices),
    list(business.services),
    list(business.coreProducts),
    list(business.targetAudiences),
  ]
    .filter((part) => part && part.trim() !== '')
    .join('. ')
}

/**
 * A structured LLM answer for research, cached in keyword_cache (source `llm`) for 30 days like
 * keyword data: the same question about the same business is not paid for twice.
 */
export async function cachedLlmObject<T extends z.ZodType>(
  context: Pick<RunContext, 'db' | 'providers' | 'ledger' | 'market' | 'now'>,
  request: { schema: T; schemaName: string; system: string; prompt: string },
): Promise<z.output<T>> {
  const { db, providers, ledger, market } = context
  const cacheKey = createHash('sha256')
    .update(JSON.stringify(['llm', providers.llm.model, request.schemaName, request.system, request.prompt]))
    .digest('hex')
  const [hit] = await db
    .select({ apiResponse: keywordCache.apiResponse })
    .from(keywordCache)
    .where(
      and(eq(keywordCache.cacheKey, cacheKey), gt(keywordCache.updatedAt, new Date(context.now().getTime() - KEYWORD_CACHE_MAX_AGE_MS))),
    )
  if (hit) {
    const parsed = request.schema.safeParse((hit.apiResponse as { object?: unknown } | null)?.object)
    if (parsed.success) {
      ledger.cached('llm', 1)
      return parsed.data
    }
  }
  const { object, usage } = await providers.llm.generateObject(request)
  ledger.llm(usage)
  const updatedAt = context.now()
  await db
    .insert(keywordCache)
    .values({
      keyword: request.schemaName,
      language: market.language ?? 'en',
      country: market.country,
      endpointType: `llm_${request.schemaName}`,
      cacheKey,
      apiResponse: { object, usage, model: providers.llm.model },
      source: 'llm',
      updatedAt,
    })
    .onConflictDoUpdate({ target: keywordCache.cacheKey, set: { apiResponse: sql`excluded.api_response`, updatedAt } })
  return object
}

/** What the business told research to leave out: negative terms (settings) and excluded keywords. */
export interface Exclusions {
  negativeTerms: readonly string[]
  /** variantKey of every excluded keyword. */
  excluded: ReadonlySet<string>
}

export async function exclusionsOf(db: Database, owner: BusinessRow): Promise<Exclusions> {
  const rows = await db
    .select({ variantKey: excludedKeyword.variantKey })
    .from(excludedKeyword)
    .where(eq(excludedKeyword.businessId, owner.id))
  return { negativeTerms: owner.negativeKeywords ?? [], excluded: new Set(rows.map((row) => row.variantKey)) }
}

/**
 * An upsert's `set` that takes the inserted row's value for each named column (`excluded.<name>`),
 * and stamps `updatedAt`: research stages re-run by replacing their rows' values.
 */
export function fromInserted<T extends Table>(table: T, names: ReadonlyArray<keyof T['_']['columns'] & string>) {
  const columns = getTableColumns(table)
  return {
    ...Object.fromEntries(names.map((name) => [name, sql.raw(`excluded.${columns[name]!.name}`)])),
    updatedAt: sql`now()`,
  }
}
