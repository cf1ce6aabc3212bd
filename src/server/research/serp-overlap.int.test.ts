import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { SERP_DEPTH } from '~/server/articles/sources'
import { keywordCluster, keywordClusterMembership, longTailKeyword } from '~/server/db/schema'
import { createDataForSeoClient } from '~/server/providers/dataforseo/client'
import { createKeywordDataService } from '~/server/providers/dataforseo/keyword-data.service'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import type { Checkpoint, RunContext } from './context'
import { createLedger } from '~/server/providers/cost-ledger'
import { clusterSelected, serpOverlapLinks, serpUrlKey } from './plan-stages'

/**
 * The mock's results pages, with topical sites answering every query of their topic with one page
 * (as a topic hub ranks for many queries) and general sites (encyclopaedia, forums, press) with a
 * page per query: keywords of one topic share their topical URLs, others share none.
 */
const GENERAL_SITES = /wikipedia|reddit|youtube|quora|medium|pinterest|facebook|linkedin|forbes|nytimes|theguardian|bbc\.co\.uk/
const network = setupServer(
  ...llmHandlers(),
  ...dataforseoHandlers({ resultUrl: (host, path) => (GENERAL_SITES.test(host) ? `https://${host}/${path}` : `https://${host}/`) }),
)
let app: TestApp

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
}, 60_000)

afterAll(async () => {
  await app?.close()
  network.close()
})

const market = { country: 'US', language: 'en' }
// Neither pair shares a word: by meaning alone (the local embedder) each keyword is its own topic.
const KEYWORDS = ['sourdough starter', 'rye loaf', 'crm software', 'invoicing app']

/** A business whose research run selected KEYWORDS, and the run's context with keyword data `live` or not. */
async function selectedRun(live: boolean) {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId, { language: 'English', keywordRegion: 'US' }))!
  const runId = randomUUID()
  await app.db.insert(longTailKeyword).values(
    KEYWORDS.map((text, i) => ({
      businessId: business.id,
      keyword: text,
      researchRunId: runId,
      isSelected: true,
      finalScore: 60 - i,
      metrics: { searchVolume: 1000 - i * 100 },
    })),
  )
  const keywordData = createKeywordDataService({
    db: app.db,
    client: createDataForSeoClient({ login: 'me', password: 'live-secret' }),
    live,
  })
  const ledger = createLedger()
  const context: RunContext = {
    db: app.db,
    providers: { ...app.providers, keywordData },
    runId,
    business,
    competitors: [],
    market,
    month: '2026-12',
    monthlyArticles: 10,
    ledger,
    signal: new AbortController().signal,
    now: () => new Date(),
    planningDate: new Date(),
    report: () => {},
  }
  const checkpoints: Array<[string, number]> = []
  const checkpoint: Checkpoint = async (_tx, stage, count) => void checkpoints.push([stage, count])
  return { business, context, ledger, keywordData, checkpoint, checkpoints }
}

/** The run's clusters as sorted lists of their keywords. */
async function clustersOf(businessId: string) {
  const clusters = await app.db.select({ id: keywordCluster.id }).from(keywordCluster).where(eq(keywordCluster.businessId, businessId))
  const members = await app.db
    .select({ clusterId: keywordClusterMembership.clusterId, keyword: longTailKeyword.keyword })
    .from(keywordClusterMembership)
    .innerJoin(longTailKeyword, eq(longTailKeyword.id, keywordClusterMembership.longTailKeywordId))
    .where(
      inArray(
        keywordClusterMembership.clusterId,
        clusters.map((cluster) => cluster.id),
      ),
    )
  return clusters
    .map((cluster) =>
      members
        .filter((member) => member.clusterId === cluster.id)
        .map((member) => member.keyword)
        .sort(),
    )
    .sort()
}

describe('clustering refined by SERP overlap', () => {
  it('compares result URLs without scheme, www, fragment or trailing slash', () => {
    expect(serpUrlKey('https://www.Example.com/guide/#top')).toBe('example.com/guide')
    expect(serpUrlKey('http://example.com/guide?page=2')).toBe('example.com/guide?page=2')
  })

  it('with live keyword data, joins keywords sharing ≥ 3 of their top-10 URLs, pays for each results page once, and shares them with article writing', async () => {
    const run = await selectedRun(true)
    expect(await clusterSelected(run.context, run.checkpoint)).toBe(2)
    expect(await clustersOf(run.business.id)).toEqual([
      ['crm software', 'invoicing app'],
      ['rye loaf', 'sourdough starter'],
    ])
    expect(run.checkpoints).toEqual([['cluster', 2]])
    const calls = run.ledger.snapshot().dataforseo!
    expect(calls.calls).toBe(KEYWORDS.length)
    expect(calls.cost).toBeGreaterThan(0)

    // Article writing reads the same results page (same cache key): no second payment.
    const serp = await run.keywordData.organicSerp('rye loaf', { ...market, depth: SERP_DEPTH })
    expect(serp.fromCache).toBe(true)

    // Another run over the same keywords reads every page from the cache.
    const again = await selectedRun(true)
    expect(await serpOverlapLinks(again.context, KEYWORDS)).toEqual([
      [0, 1],
      [2, 3],
    ])
    expect(again.ledger.snapshot().dataforseo).toMatchObject({ calls: 0, cacheHits: KEYWORDS.length })
  })

  it('without live keyword data, clusters by meaning only and reads no results page', async () => {
    const run = await selectedRun(false)
    expect(await clusterSelected(run.context, run.checkpoint)).toBe(KEYWORDS.length)
    expect(await clustersOf(run.business.id)).toEqual(KEYWORDS.map((keyword) => [keyword]).sort())
    expect(run.ledger.snapshot().dataforseo).toBeUndefined()
  })
})
