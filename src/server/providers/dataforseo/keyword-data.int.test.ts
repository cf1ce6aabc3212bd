import { eq, sql } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '~tests/fixtures/test-app'
import type { DatabaseHandle } from '~/server/db/client'
import { keywordCache } from '~/server/db/schema'
import type { ProviderError } from '../http'
import { clearFaults, injectFault, mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'
import { createDataForSeoClient } from './client'
import { createKeywordDataService, keywordCacheKey, type StoredAnswer } from './keyword-data.service'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'

const server = setupServer(...dataforseoHandlers())
let handle: DatabaseHandle
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  handle = await createTestDatabase()
})
beforeEach(async () => {
  await handle.db.delete(keywordCache)
})
afterEach(() => {
  clearFaults()
  resetMockRequestCounts()
})
afterAll(async () => {
  server.close()
  await handle?.close()
})

const service = () =>
  createKeywordDataService({
    db: handle.db,
    client: createDataForSeoClient({ login: 'demo', password: 'secret', sleep: async () => {} }),
  })
const US = { country: 'us', language: 'en' }
const DAY = 24 * 60 * 60 * 1000

async function ageRows(days: number) {
  await handle.db.update(keywordCache).set({ updatedAt: new Date(Date.now() - days * DAY) })
}

describe('keyword_cache in front of DataForSEO', () => {
  it('serves the second call from the cache, with the first call’s cost stored in the row', async () => {
    const keywords = service()
    const first = await keywords.keywordSuggestions('coffee grinder', { ...US, limit: 5 })
    expect(first).toMatchObject({ fromCache: false })
    expect(first.cost).toBeGreaterThan(0)
    expect(mockRequestCount('dataforseo')).toBe(1)

    const second = await keywords.keywordSuggestions('  Coffee   GRINDER ', { ...US, limit: 5 })
    expect(second).toMatchObject({ fromCache: true, cost: 0, data: first.data })
    expect(mockRequestCount('dataforseo')).toBe(1)

    const [row] = await handle.db.select().from(keywordCache)
    expect(row).toMatchObject({
      keyword: 'coffee grinder',
      country: 'us',
      language: 'en',
      endpointType: 'keyword_suggestions',
    })
    const stored = row!.apiResponse as StoredAnswer<unknown>
    expect(stored.cost).toBe(first.cost)
    expect(stored.fetchedAt).toBe(first.fetchedAt.toISOString())
    expect(row!.cacheKey).toBe(
      keywordCacheKey({
        endpoint: 'keyword_suggestions',
        keyword: 'coffee grinder',
        language: 'en',
        country: 'us',
        params: { limit: 5 },
      }),
    )
  })

  it('refetches a row older than 30 days and keeps one row', async () => {
    const keywords = service()
    await keywords.organicSerp('sourdough starter', US)
    await ageRows(29)
    expect(await keywords.organicSerp('sourdough starter', US)).toMatchObject({ fromCache: true })
    expect(mockRequestCount('dataforseo')).toBe(1)

    await ageRows(31)
    const refreshed = await keywords.organicSerp('sourdough starter', US)
    expect(refreshed.fromCache).toBe(false)
    expect(refreshed.cost).toBe(0.002)
    expect(mockRequestCount('dataforseo')).toBe(2)
    const rows = await handle.db.select().from(keywordCache)
    expect(rows).toHaveLength(1)
    expect(Date.now() - rows[0]!.updatedAt.getTime()).toBeLessThan(60_000)
    expect(rows[0]!.serpFeatures).toEqual(['organic', 'people_also_ask'])
  })

  it('keys by country: the same keyword in another country is a separate lookup', async () => {
    const keywords = service()
    await keywords.keywordDifficulty(['seo tools'], US)
    await keywords.keywordDifficulty(['seo tools'], { country: 'GB', language: 'en' })
    expect(mockRequestCount('dataforseo')).toBe(2)
    const rows = await handle.db.select().from(keywordCache).orderBy(keywordCache.country)
    expect(rows.map((row) => row.country)).toEqual(['gb', 'us'])
    expect(rows[0]!.cacheKey).not.toBe(rows[1]!.cacheKey)
    expect(rows[0]!.difficulty).toBeGreaterThanOrEqual(0)
  })

  it('caches a batch per keyword and fetches only the misses', async () => {
    const keywords = service()
    const first = await keywords.searchVolume(['seo tools', 'keyword research'], US)
    expect(first).toMatchObject({ cost: 0.075, cachedKeywords: 0, fetchedKeywords: 2 })

    const requests: string[][] = []
    server.events.on('request:start', async ({ request }) => {
      requests.push((await request.clone().json())[0].keywords)
    })
    const second = await keywords.searchVolume(['Keyword Research', 'rank tracker', 'seo tools', 'rank tracker'], US)
    server.events.removeAllListeners()
    expect(requests).toEqual([['rank tracker']])
    expect(second).toMatchObject({ cost: 0.075, cachedKeywords: 2, fetchedKeywords: 1 })
    expect(second.data.map((row) => row.keyword)).toEqual(['keyword research', 'rank tracker', 'seo tools'])
    expect(second.data[0]).toEqual(first.data[1])

    const row = (await handle.db.select().from(keywordCache).where(eq(keywordCache.keyword, 'rank tracker')))[0]!
    expect(row).toMatchObject({
      endpointType: 'search_volume',
      searchVolume: second.data[1]!.searchVolume,
      cpc: second.data[1]!.cpc,
    })
    expect((row.trends as unknown[]).length).toBe(12)
    expect((row.apiResponse as StoredAnswer<unknown>).cost).toBe(0.075)
    const [{ count }] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(keywordCache)
    expect(count).toBe(3)
  })

  it('stores nothing when the call fails, so the next call tries again', async () => {
    injectFault('dataforseo', { kind: 'status', status: 503 })
    const error = await service()
      .searchVolume(['seo'], US)
      .catch((e: ProviderError) => e)
    expect((error as ProviderError).message).toBe(
      'DataForSEO is having problems (HTTP 503: Injected HTTP 503) and still failed after 4 attempts. Try again later.',
    )
    expect(await handle.db.select().from(keywordCache)).toEqual([])
  })
})
