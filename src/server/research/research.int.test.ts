import { and, eq, ne } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { jobKindsWith, withRetries, startTestWorker, type TestWorker } from '~tests/fixtures/test-worker'
import { competitor, historyEvent, jobRun, keyword, keywordMerge, plan, researchRun, user } from '~/server/db/schema'
import { cancelJobRun } from '~/server/job-runs/job-run.service'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { clearFaults, injectFault } from '~/server/demo-network/mock-faults'
import { RESEARCH_STAGE_IDS } from '~/shared/research'
import { duplicateRule } from './duplicates'
import { researchRunJob } from './research.jobs'
import { monthToPlan, startMonthlyResearch } from './research.service'

const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...embeddingsHandlers())
let app: TestApp
let worker: TestWorker | undefined

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  // Research retries once, after 1 s, here instead of three times after 10 s, 20 s, 40 s: the
  // behaviour (a failed attempt is retried, the last failure is final), not the wait.
  worker = await startTestWorker(app, { kinds: jobKindsWith(withRetries(researchRunJob, 1)) })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
})

/**
 * A believable small business with a profile and two competitors, owned by a new Growth user.
 * `origin` varies its seeds and competitors, so its keyword data is not already in the caches.
 */
async function roaster(origin?: string) {
  const owner = await app.signUp({ plan: 'Growth' })
  const row = await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    url: `https://acme-${owner.userId.slice(0, 6).toLowerCase()}.example`,
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    industry: 'Specialty coffee',
    services: ['Coffee subscriptions', 'Wholesale coffee for cafés'],
    coreProducts: ['Ethiopia Yirgacheffe', 'Colombia Huila espresso'],
    targetAudiences: ['Home baristas'],
    seeds: origin
      ? [`${origin} coffee beans`, `${origin} coffee subscription`, `${origin} espresso`]
      : ['specialty coffee beans', 'coffee subscription', 'pour over coffee', 'espresso beans'],
    keywordRegion: 'US',
    language: 'English',
  })
  await app.db.insert(competitor).values([
    { businessId: row!.id, url: origin ? `https://${origin}-beans.example` : 'https://bluebottlecoffee.com', name: 'Blue Bottle' },
    { businessId: row!.id, url: origin ? `https://${origin}-cafe.example` : 'https://counterculturecoffee.com', name: 'Counter Culture' },
  ])
  return { owner, business: row! }
}

async function articlesPerMonth(userId: string) {
  const [row] = await app.db
    .select({ articles: plan.articlesPerMonth })
    .from(user)
    .innerJoin(plan, eq(plan.id, user.plan))
    .where(eq(user.id, userId))
  return row!.articles
}

describe('keyword research on the mocks', () => {
  it('plans a month of keywords in topic clusters, explains each, and a second run the same day pays for nothing', async () => {
    const { owner, business } = await roaster()
    const client = rpcClient(app, owner.cookie)
    const { jobId } = await client.research.start({ businessId: business.id })
    // A second start while it runs is refused with a clear message.
    const refused = await rejectionOf(client.research.start({ businessId: business.id }))
    if (refused) expect(refused.message).toMatch(/already running/)

    const finished = await waitForJob(app, jobId, 90_000)
    expect(finished.error).toBeNull()
    expect(finished.state).toBe('completed')

    const status = await client.research.status({ businessId: business.id })
    expect(status).toMatchObject({ jobId, state: 'completed', completedStages: RESEARCH_STAGE_IDS })
    expect(status!.calls.dataforseo!.calls).toBeGreaterThan(0)
    expect(status!.cost).toBeGreaterThan(0)

    const planned = await app.db.select().from(keyword).where(eq(keyword.businessId, business.id))
    const capacity = await articlesPerMonth(owner.userId)
    expect(planned.length).toBeGreaterThan(5)
    expect(planned.length).toBeLessThanOrEqual(capacity)
    const month = monthToPlan(new Date(), 'setup')
    for (const row of planned) {
      expect(row).toMatchObject({ status: 'scheduled', assignedMonth: month })
      expect(row.scheduledAt!.toISOString().slice(0, 7)).toBe(month)
      expect(row.longTailKeywordId).not.toBeNull()
      expect(row.clusterId).not.toBeNull()
      expect(['profile', 'service', 'competitor', 'people_also_ask']).toContain(row.source)
    }
    // History records the finished run once, with what it planned (docs/product/history.md).
    expect(await app.db.select().from(historyEvent).where(eq(historyEvent.businessId, business.id))).toEqual([
      expect.objectContaining({
        kind: 'research',
        action: 'finished',
        title: month,
        jobId,
        detail: { trigger: 'manual', planned: planned.length },
      }),
    ])

    // No two scheduled keywords compete: no pair is the same search (the guard's rule, duplicates.ts).
    const vectors = await app.providers.embeddings.embed(
      planned.map((row) => row.keyword),
      'clustering',
    )
    for (let i = 0; i < vectors.length; i++) {
      for (let j = i + 1; j < vectors.length; j++)
        expect(duplicateRule(planned[i]!.keyword, planned[j]!.keyword, cosineSimilarity(vectors[i]!, vectors[j]!))).toBeUndefined()
    }

    // Each topic's pillar is its most searched keyword and is scheduled before its supporting ones.
    const clusters = await client.cluster.list({ businessId: business.id })
    expect(clusters.length).toBeGreaterThan(0)
    expect(clusters.reduce((sum, cluster) => sum + cluster.keywordIds.length, 0)).toBe(planned.length)
    for (const cluster of clusters) {
      expect(cluster.label.trim()).not.toBe('')
      const rows = planned.filter((row) => cluster.keywordIds.includes(row.id))
      const pillar = rows.find((row) => row.id === cluster.pillarKeywordId)!
      expect(pillar).toBeDefined()
      for (const row of rows) {
        expect(row.searchVolume ?? 0).toBeLessThanOrEqual(pillar.searchVolume ?? 0)
        expect(row.scheduledAt!.getTime()).toBeGreaterThanOrEqual(pillar.scheduledAt!.getTime())
      }
      expect(cluster.series).toMatchObject({ estimatedArticles: rows.length })
    }

    // The why-panel: source, the stages it went through, the three scores with the formula, its topic.
    const why = await client.keyword.explain({ businessId: business.id, keywordId: planned[0]!.id })
    expect(why.source?.kind).toBe(planned[0]!.source)
    expect(why.path.map((step) => step.stage)).toEqual(expect.arrayContaining(['expand', 'score', 'guard', 'cluster', 'plan']))
    expect(why.scores).toMatchObject({ weights: { relevance: 0.45, opportunity: 0.4, trend: 0.15 } })
    expect(why.scores!.final).toBeGreaterThan(0)
    expect(why.cluster?.id).toBe(planned[0]!.clusterId)

    // The user stays in control of topics: another keyword becomes the pillar (and goes first) …
    const topic = clusters.find((cluster) => cluster.keywordIds.length >= 2)!
    expect(topic).toBeDefined()
    const newPillar = topic.keywords.find((item) => !item.isPillar)!
    const afterPillar = await client.cluster.setPillar({ businessId: business.id, clusterId: topic.id, keywordId: newPillar.id })
    expect(afterPillar.find((cluster) => cluster.id === topic.id)!.pillarKeywordId).toBe(newPillar.id)
    const topicRows = await app.db.select().from(keyword).where(eq(keyword.clusterId, topic.id))
    const firstDate = Math.min(...topicRows.map((row) => row.scheduledAt!.getTime()))
    expect(topicRows.find((row) => row.id === newPillar.id)!.scheduledAt!.getTime()).toBe(firstDate)
    expect(
      (
        await rejectionOf(
          client.cluster.setPillar({
            businessId: business.id,
            clusterId: topic.id,
            keywordId: planned.find((row) => row.clusterId !== topic.id)?.id ?? 'none',
          }),
        )
      )?.code,
    ).toMatch(/BAD_REQUEST|NOT_FOUND/)
    // … and a keyword moves to another topic.
    const otherTopic = clusters.find((cluster) => cluster.id !== topic.id)
    if (otherTopic) {
      const moved = await client.cluster.moveKeyword({ businessId: business.id, clusterId: otherTopic.id, keywordId: newPillar.id })
      expect(moved.find((cluster) => cluster.id === otherTopic.id)!.keywordIds).toContain(newPillar.id)
      const source = moved.find((cluster) => cluster.id === topic.id)!
      expect(source.keywordIds).not.toContain(newPillar.id)
      expect(source.pillarKeywordId).not.toBeNull()
    }

    // Merged candidates point at a planned keyword of this business.
    const merges = await app.db.select().from(keywordMerge).where(eq(keywordMerge.businessId, business.id))
    for (const merge of merges.filter((item) => item.reason === 'this_run')) {
      expect(planned.map((row) => row.id)).toContain(merge.mergedIntoKeywordId)
    }

    // A second run the same day: every provider answer comes from our caches.
    const second = await client.research.start({ businessId: business.id })
    expect((await waitForJob(app, second.jobId, 60_000)).state).toBe('completed')
    const again = await client.research.status({ businessId: business.id })
    expect(again!.jobId).toBe(second.jobId)
    expect(again!.paidCalls, `second run: ${JSON.stringify({ calls: again!.calls, counts: again!.counts, first: status!.counts })}`).toBe(0)
    expect(again!.cacheHits).toBeGreaterThan(0)
    // And nothing is planned twice.
    expect(await app.db.select().from(keyword).where(eq(keyword.businessId, business.id))).toHaveLength(planned.length)
  }, 180_000)

  it('retries a failing provider with backoff, then shows a clear failed state; a new run resumes cleanly', async () => {
    const { owner, business } = await roaster('kona')
    const client = rpcClient(app, owner.cookie)
    // Every keyword-data call fails for longer than the retries last.
    injectFault('dataforseo', { kind: 'status', status: 500 })
    try {
      const { jobId } = await client.research.start({ businessId: business.id })
      const failed = await waitForJob(app, jobId, 150_000)
      expect(failed.state).toBe('failed')
      expect(failed.attempts).toBeGreaterThan(1)
      expect(failed.error).toMatch(/DataForSEO/)
      const status = await client.research.status({ businessId: business.id })
      expect(status).toMatchObject({ state: 'failed' })
      expect(status!.completedStages).not.toContain('plan')
    } finally {
      clearFaults()
    }
    const { jobId } = await client.research.start({ businessId: business.id })
    expect((await waitForJob(app, jobId, 90_000)).state).toBe('completed')
    expect((await app.db.select().from(keyword).where(eq(keyword.businessId, business.id))).length).toBeGreaterThan(0)
  }, 300_000)

  it.each([
    {
      vendor: 'dataforseo' as const,
      fault: { kind: 'rate-limit' as const, retryAfterSeconds: 1, times: 2 },
      origin: 'bourbon',
      ends: 'completed',
    },
    { vendor: 'embeddings' as const, fault: { kind: 'network' as const, times: 2 }, origin: 'geisha', ends: 'completed' },
    { vendor: 'llm' as const, fault: { kind: 'status' as const, status: 503, times: 1 }, origin: 'typica', ends: 'completed' },
    { vendor: 'llm' as const, fault: { kind: 'malformed' as const }, origin: 'pacamara', ends: 'failed' },
  ])(
    '$vendor answering $fault.kind: retried, then $ends',
    async ({ vendor, fault, origin, ends }) => {
      const { owner, business } = await roaster(origin)
      injectFault(vendor, fault)
      try {
        const { jobId } = await rpcClient(app, owner.cookie).research.start({ businessId: business.id })
        const run = await waitForJob(app, jobId, 120_000)
        expect(run.state).toBe(ends)
        if (ends === 'failed') {
          // The provider's own words, not a generic error.
          expect(run.error).toMatch(/AI|LLM|answer/i)
          expect(run.attempts).toBeGreaterThan(1)
        }
      } finally {
        clearFaults()
      }
    },
    180_000,
  )

  it('is refused for another user’s business, for a user without a plan, and cancel stops a run', async () => {
    const { business } = await roaster()
    const stranger = await app.signUp({ plan: 'Growth' })
    const client = rpcClient(app, stranger.cookie)
    // Each call started only when awaited: a rejection nobody awaits yet is an unhandled one.
    for (const call of [
      () => client.research.start({ businessId: business.id }),
      () => client.research.status({ businessId: business.id }),
      () => client.research.cancel({ businessId: business.id }),
      () => client.cluster.list({ businessId: business.id }),
    ]) {
      expect((await rejectionOf(call()))?.code).toBe('NOT_FOUND')
    }
    const unpaid = await app.signUp()
    expect((await rejectionOf(rpcClient(app, unpaid.cookie).research.start({ businessId: business.id })))?.code).toBe('FORBIDDEN')

    const own = await roaster()
    const ownClient = rpcClient(app, own.owner.cookie)
    expect((await rejectionOf(ownClient.research.cancel({ businessId: own.business.id })))?.code).toBe('NOT_FOUND')
    const { jobId } = await ownClient.research.start({ businessId: own.business.id })
    await ownClient.research.cancel({ businessId: own.business.id })
    expect((await waitForJob(app, jobId)).state).toBe('cancelled')
    const [row] = await app.db
      .select({ state: jobRun.state })
      .from(jobRun)
      .where(and(eq(jobRun.id, jobId)))
    expect(row!.state).toBe('cancelled')
  }, 120_000)
})

describe('keywords added by hand', () => {
  it('are measured, scored, put in a topic and scheduled; duplicates and near-duplicates are refused with the reason', async () => {
    const { owner, business } = await roaster('yirgacheffe')
    const client = rpcClient(app, owner.cookie)
    const first = await client.keyword.add({
      businessId: business.id,
      keywords: ['Cold Brew Ratio', 'cold brew ratios', 'best grinder for espresso', '123', '   '],
    })
    expect(first.added.map((item) => item.keyword).sort()).toEqual(['best grinder for espresso', 'cold brew ratio'])
    expect(first.skipped).toEqual([expect.objectContaining({ keyword: '123', reason: expect.stringMatching(/not a search keyword/) })])
    const rows = await app.db.select().from(keyword).where(eq(keyword.businessId, business.id))
    const month = monthToPlan(new Date(), 'manual')
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'scheduled', source: 'manual', assignedMonth: month })
      expect(row.clusterId).not.toBeNull()
      expect(row.longTailKeywordId).not.toBeNull()
      expect(row.scheduledAt!.getTime()).toBeGreaterThan(Date.now())
    }
    const why = await client.keyword.explain({ businessId: business.id, keywordId: rows[0]!.id })
    expect(why.source?.kind).toBe('manual')
    expect(why.scores?.final).toBeGreaterThanOrEqual(0)

    const again = await client.keyword.add({ businessId: business.id, keywords: ['cold brew ratio', 'cold-brew ratio'] })
    expect(again.added).toEqual([])
    expect(again.skipped).toEqual([
      { keyword: 'cold brew ratio', reason: 'already in your plan as “cold brew ratio”' },
      expect.objectContaining({ keyword: 'cold-brew ratio', reason: expect.stringMatching(/too close to “cold brew ratio”/) }),
    ])
    expect((await rejectionOf(client.keyword.add({ businessId: business.id, keywords: [] })))?.message).toMatch(/at least one/)
  }, 60_000)
})

describe('what research leaves out', () => {
  it('excluded keywords and negative terms are never planned; a keyword moves to another day', async () => {
    const { owner, business } = await roaster('harrar')
    const client = rpcClient(app, owner.cookie)
    await client.research.setNegativeKeywords({ businessId: business.id, negativeKeywords: ['Subscription', ' subscription ', 'decaf'] })
    expect((await client.research.exclusions({ businessId: business.id })).negativeKeywords).toEqual(['subscription', 'decaf'])

    const { jobId } = await client.research.start({ businessId: business.id })
    expect((await waitForJob(app, jobId, 90_000)).state).toBe('completed')
    const planned = await app.db.select().from(keyword).where(eq(keyword.businessId, business.id))
    expect(planned.length).toBeGreaterThan(0)
    for (const row of planned) expect(row.keyword).not.toMatch(/\b(subscriptions?|decaf)\b/)

    // Excluded for good: out of the plan, refused when added again (a plural too), until allowed.
    const target = planned[0]!
    expect(await client.keyword.exclude({ businessId: business.id, ids: [target.id] })).toEqual({ excluded: 1, removed: 1 })
    expect(await app.db.select().from(keyword).where(eq(keyword.id, target.id))).toEqual([])
    const { excluded } = await client.research.exclusions({ businessId: business.id })
    expect(excluded.map((item) => item.keyword)).toEqual([target.keyword])
    const refused = await client.keyword.add({ businessId: business.id, keywords: [target.keyword, 'harrar decaf beans'] })
    expect(refused.added).toEqual([])
    expect(refused.skipped.map((item) => item.reason)).toEqual([
      'you excluded it from your plan',
      'it contains one of your negative keywords (Settings)',
    ])
    await client.research.allowKeyword({ businessId: business.id, id: excluded[0]!.id })
    expect((await client.keyword.add({ businessId: business.id, keywords: [target.keyword] })).added).toHaveLength(1)

    // Another day: from tomorrow on, as YYYY-MM-DD.
    const other = planned[1]!
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10)
    expect((await rejectionOf(client.keyword.reschedule({ businessId: business.id, keywordId: other.id, date: yesterday })))?.message).toBe(
      'Choose a date from tomorrow on.',
    )
    expect(
      (await rejectionOf(client.keyword.reschedule({ businessId: business.id, keywordId: other.id, date: '2026-02-30' })))?.message,
    ).toBe('Choose a date as YYYY-MM-DD.')
    const moved = await client.keyword.reschedule({ businessId: business.id, keywordId: other.id, date: tomorrow })
    expect(moved).toMatchObject({ assignedMonth: tomorrow.slice(0, 7), status: 'scheduled' })
    expect(moved.scheduledAt!.toISOString()).toBe(`${tomorrow}T09:00:00.000Z`)
  }, 120_000)
})

describe('the monthly research', () => {
  it('starts next month’s run for every business with a plan, once', async () => {
    const paid = await roaster('sumatra')
    const unpaidOwner = await app.signUp()
    const unpaid = await insertBusiness(app, unpaidOwner.userId, { name: 'Lapsed Roasters' })
    const on20th = new Date('2026-11-20T04:05:00Z')
    await startMonthlyResearch(app.db, on20th)
    // The other tests' businesses have plans too and got a run each; cancelled at once, so the
    // worker does not research them all again before this business's turn.
    const others = await app.db
      .select({ id: jobRun.id, userId: jobRun.userId })
      .from(researchRun)
      .innerJoin(jobRun, eq(jobRun.id, researchRun.id))
      .where(and(eq(researchRun.month, '2026-12'), eq(researchRun.trigger, 'monthly'), ne(researchRun.businessId, paid.business.id)))
    for (const other of others) await cancelJobRun(app.db, other.userId, other.id)
    const runsOf = (businessId: string) => app.db.select().from(researchRun).where(eq(researchRun.businessId, businessId))
    expect(await runsOf(paid.business.id)).toEqual([expect.objectContaining({ trigger: 'monthly', month: '2026-12' })])
    expect(await runsOf(unpaid!.id)).toEqual([])
    // The cron firing again the same month starts nothing new for it.
    await startMonthlyResearch(app.db, on20th)
    expect(await runsOf(paid.business.id)).toHaveLength(1)
    const [run] = await runsOf(paid.business.id)
    expect((await waitForJob(app, run!.id, 90_000)).state).toBe('completed')
  }, 120_000)
})

describe('monthToPlan', () => {
  it('plans this month, next month when fewer than 7 days are left, and next month for the monthly run', () => {
    expect(monthToPlan(new Date('2026-11-10T12:00:00Z'), 'setup')).toBe('2026-11')
    expect(monthToPlan(new Date('2026-11-26T12:00:00Z'), 'manual')).toBe('2026-12')
    expect(monthToPlan(new Date('2026-12-10T12:00:00Z'), 'monthly')).toBe('2027-01')
  })
})
