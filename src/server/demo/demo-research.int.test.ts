import { asc, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyword, researchRun, user } from '~/server/db/schema'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { embedTexts } from '~/server/research/context'
import { duplicateRule } from '~/server/research/duplicates'
import { createLedger } from '~/server/providers/cost-ledger'
import { explainKeyword, listClusters, researchStatus } from '~/server/research/research.service'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { DEMO_EMAIL, recreateDemoAccount } from './demo-account'
import { DEMO_FIRST_KEYWORD, demoRunSchedule, replayDemoResearch } from './demo-research'

// The demo's providers are the mocks, as in demo mode.
const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...embeddingsHandlers())
let app: TestApp
beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
})
afterAll(async () => {
  await app?.close()
  network.close()
})

const NOW = new Date('2026-11-25T10:00:00Z')
const GROWTH_ARTICLES_PER_MONTH = 30

describe('the demo account’s research history', () => {
  it('is the setup run on last month’s 20th and, once passed, this month’s monthly run, each planning the month after it', () => {
    expect(demoRunSchedule(NOW).map((run) => [run.at.toISOString(), run.trigger, run.month])).toEqual([
      ['2026-10-20T04:05:00.000Z', 'setup', '2026-11'],
      ['2026-11-20T04:05:00.000Z', 'monthly', '2026-12'],
    ])
    // Before this month's 20th, next month is not planned yet; across a new year too.
    expect(demoRunSchedule(new Date('2026-11-19T12:00:00Z')).map((run) => run.month)).toEqual(['2026-11'])
    expect(demoRunSchedule(new Date('2027-01-21T00:00:00Z')).map((run) => [run.at.toISOString().slice(0, 10), run.month])).toEqual([
      ['2026-12-20', '2027-01'],
      ['2027-01-20', '2027-02'],
    ])
  })

  it('comes from the research pipeline on the mocks: months of plans in topics, aged to today, never competing with itself', async () => {
    const demo = await recreateDemoAccount(app.db, app.env, NOW)
    const planned = await replayDemoResearch(app.db, app.providers, demo.businessId, NOW)

    const runs = await app.db
      .select()
      .from(researchRun)
      .where(eq(researchRun.businessId, demo.businessId))
      .orderBy(asc(researchRun.createdAt))
    expect(runs.map((run) => [run.trigger, run.month, run.completedStages.length, Boolean(run.finishedAt)])).toEqual([
      ['setup', '2026-11', 8, true],
      ['monthly', '2026-12', 8, true],
    ])
    const status = await researchStatus(app.db, demo.businessId)
    expect(status).toMatchObject({ state: 'completed', month: '2026-12', trigger: 'monthly' })

    const rows = await app.db.select().from(keyword).where(eq(keyword.businessId, demo.businessId))
    expect(planned).toBe(rows.length)
    // Every month filled to the Growth plan's allowance, or within a tenth of it where research ran
    // out of keywords different enough from the ones planned (the run says so).
    for (const run of runs) {
      const inMonth = rows.filter((row) => row.assignedMonth === run.month).length
      expect(inMonth, run.month).toBe(run.counts.plan)
      expect(run.counts.capacity, run.month).toBe(GROWTH_ARTICLES_PER_MONTH)
      expect(inMonth, run.month).toBeGreaterThanOrEqual(0.9 * GROWTH_ARTICLES_PER_MONTH)
    }

    // Aged to today: the past published (a few archived), the next three days drafts, the rest scheduled.
    for (const row of rows) {
      expect(row.longTailKeywordId && row.clusterId, row.keyword).toBeTruthy()
      const day = row.scheduledAt!.getTime()
      if (day <= NOW.getTime()) expect(['published', 'archived'], row.keyword).toContain(row.status)
      else if (day - NOW.getTime() <= 3 * 24 * 3600 * 1000) expect(row.status, row.keyword).toBe('draft')
      else expect(row.status, row.keyword).toBe('scheduled')
      // Added the day its run planned it, in the month before its own.
      expect(row.createdAt.getTime()).toBeLessThan(day)
      expect(row.assignedMonth).toBe(row.scheduledAt!.toISOString().slice(0, 7))
    }
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['published', 'archived', 'draft', 'scheduled']))
    // Before the plan, one search of the owner's own, added by hand about five and a half months
    // ago and published the next publishing day: the only keyword older than the runs.
    const own = rows.filter((row) => row.scheduledAt! < runs[0]!.createdAt)
    expect(own.map((row) => [row.keyword, row.source, row.status, row.metadata])).toEqual([
      [DEMO_FIRST_KEYWORD, 'manual', 'published', { addedBy: 'user' }],
    ])
    const addedDaysAgo = (NOW.getTime() - own[0]!.createdAt.getTime()) / 86_400_000
    expect(addedDaysAgo).toBeCloseTo(170, 5)
    const liveDaysAgo = (NOW.getTime() - own[0]!.scheduledAt!.getTime()) / 86_400_000
    expect(liveDaysAgo).toBeGreaterThan(160)
    expect(liveDaysAgo).toBeLessThan(170)

    // Topics with pillars and series, and a why for each keyword.
    const clusters = await listClusters(app.db, demo.businessId)
    expect(clusters.length).toBeGreaterThanOrEqual(5)
    for (const cluster of clusters) {
      expect(cluster.pillarKeyword, cluster.label).toBeTruthy()
      expect(cluster.label).not.toMatch(/cluster|topic \d/i)
    }
    const why = await explainKeyword(app.db, demo.businessId, rows[0]!.id)
    expect(why.keyword).toMatchObject({ id: rows[0]!.id, keyword: rows[0]!.keyword })

    // The cannibalisation guard held across every month: no two planned keywords are the same search.
    const vectors = await embedTexts(
      { db: app.db, providers: app.providers, ledger: createLedger() },
      rows.map((row) => row.keyword),
    )
    const duplicates: string[] = []
    for (let i = 0; i < vectors.length; i++) {
      for (let j = i + 1; j < vectors.length; j++) {
        if (duplicateRule(rows[i]!.keyword, rows[j]!.keyword, cosineSimilarity(vectors[i]!, vectors[j]!)))
          duplicates.push(`${rows[i]!.keyword} / ${rows[j]!.keyword}`)
      }
    }
    expect(duplicates).toEqual([])
    // Nor a search's format variants ("… video", "… reddit", "… properly"), nor one comparison
    // bent into purchases ("pour over coffee vs instant coffee in bulk").
    expect(rows.filter((row) => / (video|reddit|properly|step by step)$/.test(row.keyword)).map((row) => row.keyword)).toEqual([])
    expect(rows.filter((row) => / vs .* (in bulk|price|subscription|near me|online)$/.test(row.keyword)).map((row) => row.keyword)).toEqual(
      [],
    )
    // Two research runs on the mocks, as a start replays them: time for a loaded machine.
  }, 60_000)

  it('stops quietly when another start replaces the demo account meanwhile', async () => {
    const first = await recreateDemoAccount(app.db, app.env, NOW)
    // The other start lands while this replay expands its first seed.
    let replaced: ReturnType<typeof recreateDemoAccount> | undefined
    const keywordData = app.providers.keywordData
    const providers = {
      ...app.providers,
      keywordData: {
        ...keywordData,
        keywordSuggestions: async (...args: Parameters<typeof keywordData.keywordSuggestions>) => {
          replaced ??= recreateDemoAccount(app.db, app.env, NOW)
          await replaced
          return keywordData.keywordSuggestions(...args)
        },
      },
    }
    expect(await replayDemoResearch(app.db, providers, first.businessId, NOW)).toBe(0)
    const second = await replaced!
    expect(await app.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL))).toEqual([{ id: second.userId }])
    expect(await app.db.select({ id: keyword.id }).from(keyword).where(eq(keyword.businessId, first.businessId))).toEqual([])
  })
})
