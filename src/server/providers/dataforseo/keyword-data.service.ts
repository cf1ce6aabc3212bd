import { createHash } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import type { Database } from '~/server/db/client'
import { keywordCache } from '~/server/db/schema'
import type { DataForSeoClient, KeywordDifficulty, KeywordIntent, Market, Paid, SearchVolume } from './client'
import { locationCode } from './locations'
import { DAY_MS } from '~/shared/time'

/**
 * DataForSEO behind `keyword_cache` (docs/product/services.md): an answer younger than 30 days, judged on
 * updatedAt, is served from the table; a miss or a stale row is fetched, stored with what it
 * cost, and returned. Batch endpoints are cached per keyword, so a list that is mostly known
 * pays only for the keywords that are not.
 */

export const KEYWORD_CACHE_MAX_AGE_MS = 30 * DAY_MS
/** DataForSEO's ceiling for keywords in one batch task. */
const BATCH_LIMIT = 1000

export type Endpoint =
  | 'search_volume'
  | 'keyword_difficulty'
  | 'search_intent'
  | 'keyword_suggestions'
  | 'related_keywords'
  | 'keyword_ideas'
  | 'competitors_domain'
  | 'ranked_keywords'
  | 'serp_organic'

/** What is stored in keyword_cache.apiResponse. `cost` is this row's share of the call, in USD. */
export interface StoredAnswer<T> {
  cost: number
  fetchedAt: string
  data: T | null
}

/** `cost` is what this call spent (0 when everything came from the cache). */
export interface CachedAnswer<T> {
  data: T
  cost: number
  fromCache: boolean
  fetchedAt: Date
}

export interface CachedBatch<T> {
  data: T[]
  cost: number
  cachedKeywords: number
  fetchedKeywords: number
}

export const normalizeKeyword = (keyword: string) => keyword.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ')

export function keywordCacheKey(input: { endpoint: Endpoint; keyword: string; language: string; country: string; params?: object }) {
  const parts = [
    input.endpoint,
    normalizeKeyword(input.keyword),
    input.language.toLowerCase(),
    input.country.toLowerCase(),
    input.params ?? null,
  ]
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}

type Row = typeof keywordCache.$inferInsert
type Columns = Pick<Row, 'searchVolume' | 'difficulty' | 'competition' | 'cpc' | 'competitionLevel' | 'trends' | 'serpFeatures'>

export interface KeywordDataServiceOptions {
  db: Database
  client: DataForSeoClient
  /**
   * DataForSEO credentials are configured (modes.ts): answers are real search data. Features that
   * only make sense on real results (clustering's SERP overlap) check it. [false]
   */
  live?: boolean
  now?: () => Date
  maxAgeMs?: number
}

/** The cache a service reads and writes: its database, its clock and how long an answer stays fresh. */
interface KeywordCache {
  db: Database
  now: () => Date
  maxAgeMs: number
}

const marketOf = (market: Market) => {
  locationCode(market.country) // an unsupported country fails before any lookup
  return { country: market.country.toLowerCase(), language: (market.language ?? 'en').toLowerCase() }
}

async function freshRows({ db, now, maxAgeMs }: KeywordCache, keys: string[]) {
  if (keys.length === 0) return new Map<string, typeof keywordCache.$inferSelect>()
  const rows = await db.select().from(keywordCache).where(inArray(keywordCache.cacheKey, keys))
  const oldest = now().getTime() - maxAgeMs
  return new Map(rows.filter((row) => row.updatedAt.getTime() > oldest).map((row) => [row.cacheKey, row]))
}

async function store(db: Database, rows: Row[]) {
  if (rows.length === 0) return
  const excluded = (column: string) => sql.raw(`excluded.${column}`)
  await db
    .insert(keywordCache)
    .values(rows)
    .onConflictDoUpdate({
      target: keywordCache.cacheKey,
      set: {
        searchVolume: excluded('search_volume'),
        difficulty: excluded('difficulty'),
        competition: excluded('competition'),
        cpc: excluded('cpc'),
        competitionLevel: excluded('competition_level'),
        trends: excluded('trends'),
        serpFeatures: excluded('serp_features'),
        apiResponse: excluded('api_response'),
        updatedAt: excluded('updated_at'),
      },
    })
}

/** One keyword (or target domain) → one answer. */
async function single<T>(
  cache: KeywordCache,
  endpoint: Endpoint,
  keyword: string,
  market: Market,
  params: object,
  fetch: () => Promise<Paid<T>>,
  columns: (data: T) => Partial<Columns> = () => ({}),
): Promise<CachedAnswer<T>> {
  const { country, language } = marketOf(market)
  const cacheKey = keywordCacheKey({ endpoint, keyword, language, country, params })
  const hit = (await freshRows(cache, [cacheKey])).get(cacheKey)
  if (hit) {
    const stored = hit.apiResponse as StoredAnswer<T>
    return { data: stored.data as T, cost: 0, fromCache: true, fetchedAt: new Date(stored.fetchedAt) }
  }
  const { data, cost } = await fetch()
  const fetchedAt = cache.now()
  const apiResponse: StoredAnswer<T> = { cost, fetchedAt: fetchedAt.toISOString(), data }
  await store(cache.db, [
    {
      keyword: normalizeKeyword(keyword),
      language,
      country,
      endpointType: endpoint,
      cacheKey,
      apiResponse,
      updatedAt: fetchedAt,
      ...columns(data),
    },
  ])
  return { data, cost, fromCache: false, fetchedAt }
}

/** Many keywords, one row each; only the missing or stale ones are fetched. */
async function batch<T extends { keyword: string }>(
  cache: KeywordCache,
  endpoint: Endpoint,
  keywords: string[],
  market: Market,
  fetch: (misses: string[]) => Promise<Paid<T[]>>,
  columns: (item: T) => Partial<Columns> = () => ({}),
): Promise<CachedBatch<T>> {
  const { country, language } = marketOf(market)
  const unique = [...new Set(keywords.map(normalizeKeyword))]
  const keyOf = new Map(unique.map((keyword) => [keyword, keywordCacheKey({ endpoint, keyword, language, country })]))
  const hits = await freshRows(cache, [...keyOf.values()])
  const found = new Map<string, T | null>()
  for (const keyword of unique) {
    const hit = hits.get(keyOf.get(keyword)!)
    if (hit) found.set(keyword, (hit.apiResponse as StoredAnswer<T>).data)
  }
  const misses = unique.filter((keyword) => !found.has(keyword))
  let cost = 0
  for (let start = 0; start < misses.length; start += BATCH_LIMIT) {
    const chunk = misses.slice(start, start + BATCH_LIMIT)
    const answer = await fetch(chunk)
    cost += answer.cost
    const byKeyword = new Map(answer.data.map((item) => [normalizeKeyword(item.keyword), item]))
    const fetchedAt = cache.now()
    const share = answer.cost / chunk.length
    // A keyword the API had nothing for is stored as null, so it is not paid for again.
    await store(
      cache.db,
      chunk.map((keyword) => {
        const item = byKeyword.get(keyword) ?? null
        found.set(keyword, item)
        const apiResponse: StoredAnswer<T> = { cost: share, fetchedAt: fetchedAt.toISOString(), data: item }
        return {
          keyword,
          language,
          country,
          endpointType: endpoint,
          cacheKey: keyOf.get(keyword)!,
          apiResponse,
          updatedAt: fetchedAt,
          ...(item ? columns(item) : {}),
        }
      }),
    )
  }
  const data = unique.map((keyword) => found.get(keyword)).filter((item): item is T => Boolean(item))
  return { data, cost, cachedKeywords: unique.length - misses.length, fetchedKeywords: misses.length }
}

export function createKeywordDataService(options: KeywordDataServiceOptions) {
  const { db, client, now = () => new Date(), maxAgeMs = KEYWORD_CACHE_MAX_AGE_MS } = options
  const cache: KeywordCache = { db, now, maxAgeMs }

  return {
    live: options.live ?? false,
    searchVolume: (keywords: string[], market: Market) =>
      batch<SearchVolume>(
        cache,
        'search_volume',
        keywords,
        market,
        (misses) => client.searchVolume(misses, market),
        (item) => ({
          searchVolume: item.searchVolume,
          cpc: item.cpc,
          competition: item.competitionIndex === null ? null : item.competitionIndex / 100,
          competitionLevel: item.competition,
          trends: item.monthlySearches,
        }),
      ),
    keywordDifficulty: (keywords: string[], market: Market) =>
      batch<KeywordDifficulty>(
        cache,
        'keyword_difficulty',
        keywords,
        market,
        (misses) => client.keywordDifficulty(misses, market),
        (item) => ({
          difficulty: item.difficulty,
        }),
      ),
    searchIntent: (keywords: string[], market: Market) =>
      batch<KeywordIntent>(cache, 'search_intent', keywords, market, (misses) => client.searchIntent(misses, market)),
    keywordSuggestions: (keyword: string, market: Market & { limit?: number }) =>
      single(cache, 'keyword_suggestions', keyword, market, { limit: market.limit }, () => client.keywordSuggestions(keyword, market)),
    relatedKeywords: (keyword: string, market: Market & { depth?: number; limit?: number }) =>
      single(cache, 'related_keywords', keyword, market, { depth: market.depth, limit: market.limit }, () =>
        client.relatedKeywords(keyword, market),
      ),
    keywordIdeas: (keywords: string[], market: Market & { limit?: number }) =>
      single(cache, 'keyword_ideas', [...new Set(keywords.map(normalizeKeyword))].sort().join(', '), market, { limit: market.limit }, () =>
        client.keywordIdeas(keywords, market),
      ),
    competitors: (target: string, market: Market & { limit?: number }) =>
      single(cache, 'competitors_domain', target, market, { limit: market.limit }, () => client.competitors(target, market)),
    rankedKeywords: (target: string, market: Market & { limit?: number }) =>
      single(cache, 'ranked_keywords', target, market, { limit: market.limit }, () => client.rankedKeywords(target, market)),
    organicSerp: (keyword: string, market: Market & { depth?: number }) =>
      single(
        cache,
        'serp_organic',
        keyword,
        market,
        { depth: market.depth },
        () => client.organicSerp(keyword, market),
        (serp) => ({
          serpFeatures: serp.peopleAlsoAsk.length ? ['organic', 'people_also_ask'] : ['organic'],
        }),
      ),
  }
}

export type KeywordDataService = ReturnType<typeof createKeywordDataService>
