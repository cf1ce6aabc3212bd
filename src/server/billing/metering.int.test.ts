import { and, asc, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { articleProviders } from '~tests/fixtures/article-providers'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { insertBusiness, insertKeyword, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, TEST_APP_URL, type PlanName, type TestApp } from '~tests/fixtures/test-app'
import { jobKindsWith, startTestWorker, withRetries, type TestWorker } from '~tests/fixtures/test-worker'
import { articleGenerateJob } from '~/server/articles/articles.jobs'
import { generateArticle } from '~/server/articles/generate'
import { article, jobRun, meterEvent, usage } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { clearFaults, injectFault } from '~/server/demo-network/mock-faults'
import { polarHandlers, polarIngestedEvents, resetPolarMock } from '~/server/demo-network/polar/mock'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { deliverMeterEvents, meterEventPayload, POLAR_METER_EVENT, recordOverage } from './metering'
import { meterDeliverJob } from './billing.jobs'
import { createPolarClient } from '~/server/providers/polar'
import { billingPeriodOf, recordUsage } from './usage'

/**
 * Overage is really billed (docs/product/billing.md): every article a metered plan writes past its
 * allowance reaches Polar's meter exactly once, on the Polar mock, whatever fails in between.
 */
const network = setupServer(
  ...llmHandlers(),
  ...dataforseoHandlers(),
  ...imagesHandlers(),
  ...youtubeHandlers(),
  ...polarHandlers({ appUrl: TEST_APP_URL }),
)
let app: TestApp
let providers: Providers
let cleanup: () => Promise<void>
let worker: TestWorker | undefined
let ingestCalls = 0
network.events.on('request:start', ({ request }) => {
  if (new URL(request.url).pathname === '/v1/events/ingest') ingestCalls += 1
})

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  ;({ providers, cleanup } = await articleProviders(app, fetchResultPage))
}, 60_000)
afterEach(() => clearFaults())
afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
  await cleanup?.()
})

/** A user on `plan` with `used` articles recorded this month, one business and `keywords` planned keywords. */
async function owner(plan: PlanName, used: number, keywords: number) {
  const account = await app.signUp({ plan })
  const business = await insertBusiness(app, account.userId, {
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    services: ['Coffee subscriptions', 'Single-origin coffee beans'],
    language: 'English',
  })
  if (used > 0)
    await app.db.insert(usage).values({
      userId: account.userId,
      source: 'article.generate',
      unit: 'article',
      quantity: used,
      billingPeriod: billingPeriodOf(),
      idempotencyKey: 'used-before',
    })
  const planned = []
  for (let index = 0; index < keywords; index += 1)
    planned.push(await insertKeyword(app, business.id, { keyword: `espresso question ${index + 1}`, status: 'scheduled' }))
  return { ...account, business, keywords: planned, client: rpcClient(app, account.cookie) }
}

/** Writes the article of each keyword in turn, as its generation job's handler does. */
async function writeArticles(target: Awaited<ReturnType<typeof owner>>) {
  const ids: string[] = []
  for (const planned of target.keywords) {
    const written = await generateArticle({
      input: { businessId: target.business.id, keywordId: planned.id },
      jobId: crypto.randomUUID(),
      db: app.db,
      providers,
      signal: new AbortController().signal,
      progress: () => {},
    })
    ids.push(written.articleId)
  }
  return ids
}

const meterRows = (userId: string) =>
  app.db.select().from(meterEvent).where(eq(meterEvent.userId, userId)).orderBy(asc(meterEvent.createdAt), asc(meterEvent.id))
const eventsOf = (userId: string) => polarIngestedEvents({ name: POLAR_METER_EVENT, externalCustomerId: userId })
const polar = () => createPolarClient(app.env)
const HOUR = 60 * 60 * 1000

describe('without a job worker: the process stopped right after saving the articles', () => {
  it('3 articles past the allowance → 3 meter events; a crash after Polar took one, then the sweep twice → still 3', async () => {
    // Growth includes 30 articles; 29 are used, 4 are written: 1 within, 3 extra at $3.
    const growth = await owner('Growth', 29, 4)
    const articleIds = await writeArticles(growth)
    const rows = await meterRows(growth.userId)
    expect(rows.map((row) => [row.articleId, row.quantity, row.unitPrice, row.state])).toEqual(
      articleIds.slice(1).map((id) => [id, 1, 3, 'pending']),
    )
    expect(new Set(rows.map((row) => row.externalId)).size).toBe(3)
    // Recorded, not sent: nothing reached Polar yet.
    expect(eventsOf(growth.userId)).toEqual([])

    // A delivery got Polar's answer for the first one, and died before marking it sent.
    expect(await polar().events.ingest({ events: [meterEventPayload(rows[0]!)] })).toEqual({ inserted: 1, duplicates: 0 })
    expect((await meterRows(growth.userId))[0]!.state).toBe('pending')

    // The sweep sends what is pending; Polar knows the first by its external_id.
    const [first, second] = await Promise.all([deliverMeterEvents(app.db, polar()), deliverMeterEvents(app.db, polar())])
    expect(first!.failed + second!.failed).toBe(0)
    expect(await deliverMeterEvents(app.db, polar())).toEqual({ inserted: 0, duplicates: 0, failed: 0 })
    const events = eventsOf(growth.userId)
    expect(events).toHaveLength(3)
    expect(events.map((event) => event.externalId).sort()).toEqual(rows.map((row) => row.externalId).sort())
    for (const event of events)
      expect(event.metadata).toEqual({ articles: 1, billingPeriod: billingPeriodOf(), articleId: expect.any(String) })
    expect(events.map((event) => event.metadata.articleId).sort()).toEqual(articleIds.slice(1).sort())
    expect((await meterRows(growth.userId)).map((row) => [row.state, row.lastError])).toEqual([
      ['sent', null],
      ['sent', null],
      ['sent', null],
    ])

    // The billing card: 33 of 30, 3 extra at $3 = $9; another user's card shows none of it.
    expect(await growth.client.billing.overview()).toMatchObject({
      articlesUsed: 33,
      articlesIncluded: 30,
      overArticles: 3,
      overageCost: 9,
    })
    const other = await app.signUp({ plan: 'Growth' })
    expect(await rpcClient(app, other.cookie).billing.overview()).toMatchObject({ articlesUsed: 0, overArticles: 0, overageCost: 0 })
  }, 180_000)

  it('Polar down: the events stay pending with the error and their next try, and are delivered once it is back', async () => {
    const agency = await owner('Agency', 90, 2)
    await writeArticles(agency)
    injectFault('polar', { kind: 'status', status: 503 })
    const started = new Date()
    const down = await deliverMeterEvents(app.db, polar(), { now: started })
    expect(down.failed).toBeGreaterThanOrEqual(2)
    const waiting = await meterRows(agency.userId)
    expect(waiting).toHaveLength(2)
    for (const row of waiting) {
      expect(row).toMatchObject({ state: 'pending', attempts: 1, sentAt: null, unitPrice: 2 })
      expect(row.lastError).toMatch(/503/)
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(started.getTime())
    }
    expect(eventsOf(agency.userId)).toEqual([])

    // Still down at the next try: one more attempt each, waiting longer.
    const retried = await deliverMeterEvents(app.db, polar(), { now: new Date(started.getTime() + HOUR) })
    expect(retried.failed).toBeGreaterThanOrEqual(2)
    const later = await meterRows(agency.userId)
    expect(later.map((row) => row.attempts)).toEqual([2, 2])
    // Not due before its next try: the sweep leaves it alone.
    const callsBefore = ingestCalls
    await deliverMeterEvents(app.db, polar(), { now: new Date(started.getTime() + HOUR) })
    expect(ingestCalls).toBe(callsBefore)

    clearFaults('polar')
    const back = await deliverMeterEvents(app.db, polar(), { now: new Date(started.getTime() + 6 * HOUR) })
    expect(back.failed).toBe(0)
    expect(eventsOf(agency.userId)).toHaveLength(2)
    expect((await meterRows(agency.userId)).map((row) => [row.state, row.lastError, row.attempts])).toEqual([
      ['sent', null, 3],
      ['sent', null, 3],
    ])
  }, 180_000)

  it('an event Polar refuses does not hold up the others sent with it', async () => {
    const { userId } = await app.signUp({ plan: 'Growth' })
    for (const key of ['refused', 'fine-1', 'fine-2']) {
      const recorded = await recordUsage(app.db, { userId, source: 'article.generate', unit: 'article', idempotencyKey: key })
      await recordOverage(app.db, {
        userId,
        usageId: recorded.id,
        idempotencyKey: key,
        billingPeriod: recorded.billingPeriod,
        quantity: 1,
        unitPrice: 3,
        occurredAt: recorded.timestamp,
      })
    }
    // Polar refuses the batch (422), then the first event again when it is sent on its own.
    injectFault('polar', { kind: 'status', status: 422, body: { detail: [{ msg: 'refused' }] }, times: 2 })
    expect(await deliverMeterEvents(app.db, polar())).toMatchObject({ inserted: 2, failed: 1 })
    const rows = await meterRows(userId)
    expect(rows.map((row) => [row.externalId.split(':')[1], row.state])).toEqual([
      ['refused', 'pending'],
      ['fine-1', 'sent'],
      ['fine-2', 'sent'],
    ])
    expect(rows[0]!.lastError).toMatch(/^Polar answered HTTP 422: .*refused/)
    expect(eventsOf(userId)).toHaveLength(2)
  })

  it('a plan without overage stops at the allowance with today’s message, and nothing is metered', async () => {
    const starter = await owner('Starter', 15, 1)
    await expect(
      starter.client.article.generate({ businessId: starter.business.id, keywordId: starter.keywords[0]!.id }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(
        /^You have used all 15 articles of your Starter plan this month\. Your allowance renews on \w+ \d+; upgrade your plan to write more now\.$/,
      ),
      data: { reason: 'ALLOWANCE_REACHED', action: { label: 'See plans', path: '/settings#plan-and-billing' } },
    })
    // A generation queued before the check (autopilot, a retry) is refused at its save, too.
    await expect(writeArticles(starter)).rejects.toMatchObject({
      name: 'JobError',
      message: expect.stringMatching(/^You have used all 15 articles of your Starter plan this month\. /),
    })
    expect(await app.db.select().from(article).where(eq(article.businessId, starter.business.id))).toEqual([])
    expect(await meterRows(starter.userId)).toEqual([])
    expect(await starter.client.billing.overview()).toMatchObject({ articlesUsed: 15, overArticles: 0, overageCost: 0 })
  }, 60_000)
})

describe('with the job worker', () => {
  beforeAll(async () => {
    resetPolarMock()
    worker = await startTestWorker(app, {
      kinds: jobKindsWith(withRetries(articleGenerateJob, 0), withRetries(meterDeliverJob, 2)),
      providers,
    })
  }, 60_000)

  const deliveriesOf = (userId: string) =>
    app.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.kind, meterDeliverJob.name), eq(jobRun.userId, userId)))

  async function generateAll(target: Awaited<ReturnType<typeof owner>>) {
    const queued = []
    for (const planned of target.keywords)
      queued.push(await target.client.article.generate({ businessId: target.business.id, keywordId: planned.id }))
    for (const { jobId } of queued) expect((await waitForJob(app, jobId, 120_000)).state).toBe('completed')
  }

  async function deliveriesSettled(userId: string, count: number) {
    await expect
      .poll(async () => (await deliveriesOf(userId)).filter((run) => ['completed', 'failed'].includes(run.state)).length, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(count)
    return deliveriesOf(userId)
  }

  it('each article generated past the allowance is sent by its own delivery job', async () => {
    const growth = await owner('Growth', 30, 2)
    await generateAll(growth)
    const runs = await deliveriesSettled(growth.userId, 2)
    expect(runs.map((run) => run.state)).toEqual(['completed', 'completed'])
    expect(eventsOf(growth.userId)).toHaveLength(2)
    expect((await meterRows(growth.userId)).map((row) => row.state)).toEqual(['sent', 'sent'])
  }, 180_000)

  it('Polar down through every retry of the job: the events wait, with the error, and the sweep delivers them later', async () => {
    const growth = await owner('Growth', 30, 1)
    injectFault('polar', { kind: 'status', status: 503 })
    await generateAll(growth)
    const runs = await deliveriesSettled(growth.userId, 1)
    expect(runs.map((run) => [run.state, run.attempts])).toEqual([['failed', 3]])
    expect(runs[0]!.error).toMatch(/^Billing could not record an extra article with Polar: Polar answered HTTP 503/)
    const [waiting] = await meterRows(growth.userId)
    expect(waiting).toMatchObject({ state: 'pending', attempts: 3, lastError: expect.stringMatching(/503/) })
    expect(eventsOf(growth.userId)).toEqual([])

    clearFaults('polar')
    // The sweep's run once the row's next try has come.
    await deliverMeterEvents(app.db, polar(), { now: new Date(waiting!.nextAttemptAt.getTime() + 1000) })
    expect(eventsOf(growth.userId)).toHaveLength(1)
    expect((await meterRows(growth.userId))[0]).toMatchObject({ state: 'sent', lastError: null })
  }, 180_000)
})
