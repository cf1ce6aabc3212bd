import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { startCompetitorSite } from '~tests/fixtures/setup-test-site'
import { startSetupTestEnv, waitForJob } from '~tests/fixtures/setup-test-env'
import type { TestApp } from '~tests/fixtures/test-app'
import type { TestSite } from '~tests/fixtures/test-site'
import { business, competitor, competitorKeyword, excludedKeyword, keyword } from '~/server/db/schema'
import { clearFaults, injectFault } from '~/server/demo-network/mock-faults'
import { variantKey } from '~/server/research/normalize'
import { estimatedVisits, failedAnalysisNote } from '~/shared/competitors'
import { analyzeDemoCompetitors, DEMO_FAILED_REANALYSIS, recreateDemoAccount } from '~/server/demo/demo-account'
import { analyzeCompetitorRankings } from './competitor-rankings'
import { keywordGap, listCompetitorAnalyses } from './competitors.service'

// /competitors: each competitor's analysis (what it ranks for, stored), the keyword gap (their
// keywords missing from the plan), adding gap keywords through keyword.add, and ownership.
let env: Awaited<ReturnType<typeof startSetupTestEnv>>
let app: TestApp
let rival: TestSite
let quietRival: TestSite
let owner: { userId: string; cookie: string }
let stranger: { userId: string; cookie: string }
let owned: typeof business.$inferSelect
let northwindId: string
let bluebirdId: string

const ALL = { perPage: 50, sort: [{ id: 'traffic', desc: true }] }

async function wholeGap(client = rpcClient(app, owner.cookie)) {
  const first = await client.competitor.gap({ businessId: owned.id, ...ALL })
  const rest = await Promise.all(
    Array.from({ length: first.pageCount - 1 }, (_, i) => client.competitor.gap({ businessId: owned.id, ...ALL, page: i + 2 })),
  )
  return [first, ...rest].flatMap((page) => page.items)
}

beforeAll(async () => {
  env = await startSetupTestEnv()
  app = env.app
  rival = await startCompetitorSite('Rapid Roast', 'Coffee subscriptions')
  quietRival = await startCompetitorSite('Quiet Roast', 'Espresso beans')
  owner = await app.signUp()
  stranger = await app.signUp()
  await app.setPlan(owner.userId, 'Growth')
  await app.setPlan(stranger.userId, 'Growth')
  await insertBusiness(app, stranger.userId, { name: 'Stranger Ltd' })
  owned = await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    url: 'https://acmeroasters.example',
    description: 'Small-batch specialty coffee roaster shipping beans within 48 hours of roasting.',
    industry: 'Specialty coffee',
    primaryServices: ['Coffee subscriptions', 'Single-origin coffee beans'],
    seeds: ['coffee beans', 'coffee subscription'],
  })
  const [northwind, bluebird] = await app.db
    .insert(competitor)
    .values([
      {
        businessId: owned.id,
        url: 'https://northwindcoffee.example',
        name: 'Northwind Coffee Co.',
        createdAt: new Date(Date.UTC(2025, 0, 1)),
      },
      { businessId: owned.id, url: 'https://bluebirdbeans.example', name: 'Bluebird Beans', createdAt: new Date(Date.UTC(2025, 0, 2)) },
    ])
    .returning()
  northwindId = northwind!.id
  bluebirdId = bluebird!.id
  for (const row of [northwind!, bluebird!]) await analyzeCompetitorRankings(app.db, app.providers.keywordData, owned, row)
}, 60_000)
afterAll(async () => {
  await Promise.all([rival?.close(), quietRival?.close()])
  await env?.close()
})

describe('competitor analysis without keyword data', () => {
  // First to ask about its host (the test sites share 127.0.0.1): no cached answer to fall back on.
  it('still analyses the site, and stores no rankings', async () => {
    injectFault('dataforseo', { kind: 'malformed' })
    try {
      const added = await rpcClient(app, owner.cookie).setup.addCompetitor({ businessId: owned.id, url: quietRival.origin })
      const job = await waitForJob(app, added.jobId, 30_000)
      expect(job.state).toBe('completed')
      expect(job.result).toMatchObject({ rankedKeywords: null })
      const [row] = await app.db.select().from(competitor).where(eq(competitor.id, added.competitor.id))
      expect(row).toMatchObject({ name: 'Quiet Roast', lastAnalyzedAt: expect.any(Date) })
      expect(await app.db.select().from(competitorKeyword).where(eq(competitorKeyword.competitorId, added.competitor.id))).toHaveLength(0)
      await rpcClient(app, owner.cookie).setup.removeCompetitor({ businessId: owned.id, competitorId: added.competitor.id })
    } finally {
      clearFaults('dataforseo')
    }
  }, 40_000)
})

describe('competitor analysis', () => {
  it('stores what each competitor ranks for, with the visits each position earns', async () => {
    const rows = await app.db.select().from(competitorKeyword).where(eq(competitorKeyword.competitorId, northwindId))
    expect(rows.length).toBeGreaterThan(50)
    expect(new Set(rows.map((row) => row.keyword)).size).toBe(rows.length)
    for (const row of rows) {
      expect(row.businessId).toBe(owned.id)
      expect(row.rank).toBeGreaterThanOrEqual(1)
      expect(row.traffic).toBe(estimatedVisits(row.searchVolume, row.rank))
    }
    expect(rows.some((row) => row.keyword.includes('coffee'))).toBe(true)
  })

  it('lists the competitors with their top keywords, estimated visits and when they were analysed', async () => {
    const { competitors } = await rpcClient(app, owner.cookie).competitor.list({ businessId: owned.id })
    expect(competitors.map((row) => row.name)).toEqual(['Northwind Coffee Co.', 'Bluebird Beans'])
    const stored = await app.db.select().from(competitorKeyword).where(eq(competitorKeyword.competitorId, northwindId))
    const northwind = competitors[0]!
    expect(northwind.keywordCount).toBe(stored.length)
    expect(northwind.traffic).toBe(stored.reduce((sum, row) => sum + row.traffic, 0))
    expect(northwind.topKeywords).toHaveLength(5)
    const traffic = northwind.topKeywords.map((item) => item.traffic)
    expect(traffic).toEqual([...traffic].sort((a, b) => b - a))
    expect(traffic[0]).toBe(Math.max(...stored.map((row) => row.traffic)))
    expect(northwind.lastAnalyzedAt).toBeInstanceOf(Date)
  })

  it('re-analysing a competitor as a job replaces its rankings', async () => {
    const client = rpcClient(app, owner.cookie)
    const added = await client.setup.addCompetitor({ businessId: owned.id, url: rival.origin })
    const job = await waitForJob(app, added.jobId, 30_000)
    expect(job.state).toBe('completed')
    const stored = await app.db.select().from(competitorKeyword).where(eq(competitorKeyword.competitorId, added.competitor.id))
    expect(stored.length).toBeGreaterThan(0)
    expect(job.result).toMatchObject({ rankedKeywords: stored.length })
    const { competitors } = await client.competitor.list({ businessId: owned.id })
    expect(competitors.find((row) => row.id === added.competitor.id)).toMatchObject({
      name: 'Rapid Roast',
      keywordCount: stored.length,
      analysis: { jobId: added.jobId, state: 'completed' },
    })
    await client.setup.removeCompetitor({ businessId: owned.id, competitorId: added.competitor.id })
    expect(await app.db.select().from(competitorKeyword).where(eq(competitorKeyword.competitorId, added.competitor.id))).toHaveLength(0)
  }, 40_000)

  it('a failed re-analysis stores nothing: the card keeps the last successful analysis and shows the failure apart, dated', async () => {
    const client = rpcClient(app, owner.cookie)
    const gone = await startCompetitorSite('Gone Roast', 'Espresso beans')
    let closed = false
    try {
      const added = await client.setup.addCompetitor({ businessId: owned.id, url: gone.origin })
      expect((await waitForJob(app, added.jobId, 30_000)).state).toBe('completed')
      const competitorId = added.competitor.id
      const rankingsOf = () => app.db.select().from(competitorKeyword).where(eq(competitorKeyword.competitorId, competitorId))
      const before = await rankingsOf()
      const analysed = (await client.competitor.list({ businessId: owned.id })).competitors.find((row) => row.id === competitorId)!
      expect(analysed).toMatchObject({ name: 'Gone Roast', failure: null })
      expect(before.length).toBeGreaterThan(0)

      // The site is unreachable now: the re-analysis fails after reading the rankings again.
      await gone.close()
      closed = true
      const retry = await client.setup.analyzeCompetitor({ businessId: owned.id, competitorId })
      const failed = await waitForJob(app, retry.jobId, 30_000)
      expect(failed.state).toBe('failed')

      const card = (await client.competitor.list({ businessId: owned.id })).competitors.find((row) => row.id === competitorId)!
      // The same rows as the successful analysis (not replaced by the failed run's), its date and profile.
      expect((await rankingsOf()).map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort())
      expect(card).toMatchObject({ name: 'Gone Roast', keywordCount: before.length, lastAnalyzedAt: analysed.lastAnalyzedAt })
      expect(card.failure).toEqual({ at: failed.finishedAt, error: failed.error })
      expect(card.failure!.at.getTime()).toBeGreaterThan(card.lastAnalyzedAt!.getTime())
      const day = (value: Date | string) => new Date(value).toISOString().slice(0, 10)
      expect(failedAnalysisNote(card.failure!, card.lastAnalyzedAt, day)).toBe(
        `Re-analysis on ${day(failed.finishedAt!)} failed: ${failed.error!.replace(/\.$/, '')} — showing data from ${day(analysed.lastAnalyzedAt!)}.`,
      )

      // Another user cannot re-analyse it, nor see it.
      expect(
        await rejectionOf(rpcClient(app, stranger.cookie).setup.analyzeCompetitor({ businessId: owned.id, competitorId })),
      ).toMatchObject({
        code: 'NOT_FOUND',
      })
      await client.setup.removeCompetitor({ businessId: owned.id, competitorId })
    } finally {
      if (!closed) await gone.close()
    }
  }, 60_000)
})

describe('keyword gap', () => {
  it('flags a keyword that is the same search as a planned one, which keyword.add refuses for the same reason', async () => {
    const client = rpcClient(app, owner.cookie)
    expect((await wholeGap()).find((row) => row.keyword === 'best coffee roasters')).toMatchObject({ closeTo: null })
    // A related search is no duplicate (research's rule, duplicates.ts): it stays unflagged …
    await insertKeyword(app, owned.id, { keyword: 'coffee roasters near me' })
    expect((await wholeGap()).find((row) => row.keyword === 'best coffee roasters')).toMatchObject({ closeTo: null })
    // … the same search in other words is flagged.
    await insertKeyword(app, owned.id, { keyword: 'best coffee roaster near me' })
    const flagged = (await wholeGap()).find((row) => row.keyword === 'best coffee roasters')
    expect(flagged?.closeTo).toMatchObject({ keyword: 'best coffee roaster near me' })
    const result = await client.keyword.add({ businessId: owned.id, keywords: ['best coffee roasters'] })
    expect(result.added).toEqual([])
    expect(result.skipped[0]!.reason).toContain('too close to “best coffee roaster near me”')
  }, 30_000)

  it('lists each competitor keyword once, with every competitor ranking for it, never a competitor’s own name', async () => {
    const gap = await wholeGap()
    expect(gap.length).toBeGreaterThan(50)
    expect(new Set(gap.map((row) => row.keyword)).size).toBe(gap.length)
    expect(gap.some((row) => /northwind|bluebird/.test(row.keyword))).toBe(false)
    const shared = gap.find((row) => row.competitors.length === 2)
    expect(shared).toBeDefined()
    expect(shared!.rank).toBe(Math.min(...shared!.competitors.map((item) => item.rank)))
    const traffic = gap.map((row) => row.traffic)
    expect(traffic).toEqual([...traffic].sort((a, b) => b - a))
  })

  it('leaves out the plan’s keywords (singular or plural), excluded ones and ones with a negative term', async () => {
    const before = await wholeGap()
    const [planned, excluded, negative] = before.slice(0, 3).map((row) => row.keyword)
    const plural = planned!.endsWith('s') ? planned!.slice(0, -1) : `${planned}s`
    await insertKeyword(app, owned.id, { keyword: plural })
    await app.db.insert(excludedKeyword).values({ businessId: owned.id, keyword: excluded!, variantKey: variantKey(excluded!) })
    const term = negative!.split(' ').find((word) => !planned!.split(' ').includes(word) && word.length > 3) ?? negative!.split(' ')[0]!
    await app.db
      .update(business)
      .set({ negativeKeywords: [term] })
      .where(eq(business.id, owned.id))

    const after = await wholeGap()
    const keywords = after.map((row) => row.keyword)
    expect(keywords).not.toContain(planned)
    expect(keywords).not.toContain(excluded)
    expect(keywords.some((text) => ` ${text} `.includes(` ${term} `))).toBe(false)
    expect(after.length).toBeLessThan(before.length - 2)
    await app.db.update(business).set({ negativeKeywords: [] }).where(eq(business.id, owned.id))
  })

  it('filters and sorts like a data table', async () => {
    const client = rpcClient(app, owner.cookie)
    const page = await client.competitor.gap({
      businessId: owned.id,
      perPage: 50,
      sort: [{ id: 'searchVolume', desc: true }],
      filters: [{ id: 'difficulty', value: ['0', '40'], variant: 'range', operator: 'isBetween', filterId: 'diff0001' }],
    })
    expect(page.items.length).toBeGreaterThan(0)
    for (const row of page.items) expect(row.difficulty).toBeLessThanOrEqual(40)
    const volumes = page.items.map((row) => row.searchVolume ?? -1)
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a))
    expect(await rejectionOf(client.competitor.gap({ businessId: owned.id, sort: [{ id: 'priority', desc: true }] }))).toMatchObject({
      code: 'BAD_REQUEST',
    })
  })

  it('adds selected gap keywords to the plan through keyword.add, scored and put in a topic', async () => {
    const client = rpcClient(app, owner.cookie)
    const picked = (await wholeGap())
      .filter((row) => row.closeTo === null)
      .slice(0, 2)
      .map((row) => row.keyword)
    const result = await client.keyword.add({ businessId: owned.id, keywords: picked })
    expect(result.added.map((item) => item.keyword).sort()).toEqual([...picked].sort())
    const rows = await app.db.select().from(keyword).where(eq(keyword.businessId, owned.id))
    for (const text of picked) {
      const row = rows.find((item) => item.keyword === text)
      expect(row).toMatchObject({ source: 'manual', status: 'scheduled' })
      expect(row!.priority).not.toBeNull()
      expect(row!.clusterId).not.toBeNull()
      expect(row!.searchVolume).not.toBeNull()
    }
    const keywords = (await wholeGap()).map((row) => row.keyword)
    for (const text of picked) expect(keywords).not.toContain(text)
  }, 30_000)
})

describe('ownership', () => {
  it('answers NOT_FOUND for another user’s business, and shows it nothing', async () => {
    const theirs = rpcClient(app, stranger.cookie)
    // One call at a time: a second refusal started early would be unhandled while the first is awaited.
    for (const call of [() => theirs.competitor.list({ businessId: owned.id }), () => theirs.competitor.gap({ businessId: owned.id })]) {
      const error = await rejectionOf(call())
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 })
      expect(JSON.stringify(error)).not.toContain('Northwind')
    }
    expect(await rejectionOf(theirs.setup.analyzeCompetitor({ businessId: owned.id, competitorId: bluebirdId }))).toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('the demo account', () => {
  it('shows its competitors analysed and a keyword gap, through the analysis any competitor gets', async () => {
    const demo = await recreateDemoAccount(app.db, app.env)
    expect(await analyzeDemoCompetitors(app.db, app.providers, demo.businessId)).toBeGreaterThan(200)
    const { competitors } = await listCompetitorAnalyses(app.db, demo.businessId)
    expect(competitors).toHaveLength(3)
    // One card shows a failed re-analysis yesterday apart from its data of nine days ago; the others none.
    const failed = competitors.filter((row) => row.failure)
    expect(failed.map((row) => row.url)).toEqual([DEMO_FAILED_REANALYSIS.url])
    expect(failed[0]!.failure!.at.getTime()).toBeGreaterThan(failed[0]!.lastAnalyzedAt!.getTime())
    expect(
      failedAnalysisNote(failed[0]!.failure!, failed[0]!.lastAnalyzedAt, (value) => new Date(value).toISOString().slice(0, 10)),
    ).toMatch(
      /^Re-analysis on .+ failed: We could not reach brewgeargeek\.example: it did not answer within 15 seconds — showing data from .+\.$/,
    )
    for (const row of competitors) {
      expect(row.keywordCount).toBeGreaterThan(50)
      expect(row.traffic).toBeGreaterThan(0)
      expect(row.topKeywords[0]!.keyword).toMatch(/coffee|roast|bean|brew|espresso|grinder/)
    }
    const [owner] = await app.db.select().from(business).where(eq(business.id, demo.businessId))
    const gap = await keywordGap(app.db, app.providers, owner!, {
      page: 1,
      perPage: 10,
      sort: [{ id: 'traffic', desc: true }],
      filters: [],
      joinOperator: 'and',
    })
    expect(gap.total).toBeGreaterThan(20)
    expect(gap.items.every((row) => row.competitors.length > 0 && row.searchVolume !== null)).toBe(true)
  }, 30_000)
})
