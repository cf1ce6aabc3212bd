import { and, count, eq, inArray, sum } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleProviders } from '~tests/fixtures/article-providers'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { insertBusiness, insertKeyword, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, TEST_APP_URL, type PlanName, type TestApp } from '~tests/fixtures/test-app'
import { jobKindsWith, startTestWorker, withRetries, type TestWorker } from '~tests/fixtures/test-worker'
import { POLAR_METER_EVENT } from '~/server/billing/metering'
import { billingPeriodOf } from '~/server/billing/usage'
import { article, jobRun, usage } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { polarHandlers, polarIngestedEvents } from '~/server/demo-network/polar/mock'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { generateDueArticles } from './articles.service'
import { articleGenerateJob } from './articles.jobs'
import { generateArticle } from './generate'

/**
 * The month's article allowance is one atomic reservation (docs/product/limits.md): generations
 * started at the same moment, by the RPC, the schedule or jobs already queued, never write more
 * articles than the plan includes, and a metered plan's extra articles are each counted once.
 * The calls really run at once: on PostgreSQL each takes its own pooled connection.
 */
// Polar's mock too: a metered plan's extra articles are sent to its meter by their delivery jobs.
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

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  ;({ providers, cleanup } = await articleProviders(app, fetchResultPage))
  worker = await startTestWorker(app, { kinds: jobKindsWith(withRetries(articleGenerateJob, 0)), providers })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
  await cleanup?.()
})

const SEE_PLANS = { label: 'See plans', path: '/settings#plan-and-billing' }

/** A user on `plan` with `used` articles already recorded this month, one business and `keywords` keywords. */
async function owner(plan: PlanName, used: number, keywords: number, values: { scheduledAt?: Date } = {}) {
  const account = await app.signUp({ plan })
  const business = await insertBusiness(app, account.userId, {
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    services: ['Coffee subscriptions', 'Single-origin coffee beans'],
    language: 'English',
  })
  if (used > 0)
    await app.db.insert(usage).values(
      Array.from({ length: used }, (_, index) => ({
        userId: account.userId,
        source: 'article.generate',
        unit: 'article',
        billingPeriod: billingPeriodOf(),
        idempotencyKey: `used-before-${index}`,
      })),
    )
  const planned = []
  for (let index = 0; index < keywords; index += 1)
    planned.push(await insertKeyword(app, business.id, { keyword: `espresso question ${index + 1}`, status: 'scheduled', ...values }))
  return { ...account, business, keywords: planned, client: rpcClient(app, account.cookie) }
}

const articlesOf = async (businessId: string) =>
  (await app.db.select({ n: count() }).from(article).where(eq(article.businessId, businessId)))[0]!.n
const usageOf = async (userId: string) => {
  const [row] = await app.db
    .select({ rows: count(), total: sum(usage.quantity).mapWith(Number) })
    .from(usage)
    .where(and(eq(usage.userId, userId), eq(usage.billingPeriod, billingPeriodOf())))
  return { rows: row!.rows, total: row!.total ?? 0 }
}
const generationsOf = (businessId: string) =>
  app.db
    .select({ id: jobRun.id })
    .from(jobRun)
    .where(and(eq(jobRun.kind, articleGenerateJob.name), eq(jobRun.businessId, businessId)))

async function waitForAll(jobIds: string[]) {
  const finished = []
  for (const id of jobIds) finished.push(await waitForJob(app, id, 120_000))
  return finished
}

describe('the article allowance is an atomic reservation', () => {
  it('20 parallel generations on a 15-article allowance: exactly 15 written and counted, the other 5 refused with the plan’s message', async () => {
    const starter = await owner('Starter', 0, 20)
    const results = await Promise.allSettled(
      starter.keywords.map((planned) => starter.client.article.generate({ businessId: starter.business.id, keywordId: planned.id })),
    )
    const queued = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.jobId] : []))
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
    expect(queued).toHaveLength(15)
    expect(refused).toHaveLength(5)
    // ALLOWANCE_REACHED as docs/product/messages.md says it (the plan, its allowance, when it
    // renews, See plans), never a 500; some are refused while the others are still being written.
    for (const error of refused)
      expect(error).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        message: expect.stringMatching(
          /^You have used all 15 articles of your Starter plan this month(; \d+ of them (is|are) still being written)?\. Your allowance renews on \w+ \d+; upgrade your plan to write more now\.$/,
        ),
        data: { reason: 'ALLOWANCE_REACHED', action: SEE_PLANS },
      })

    const finished = await waitForAll(queued)
    expect(finished.map((run) => [run.state, run.error])).toEqual(queued.map(() => ['completed', null]))
    expect(await articlesOf(starter.business.id)).toBe(15)
    expect(await usageOf(starter.userId)).toEqual({ rows: 15, total: 15 })
    expect(await starter.client.billing.overview()).toMatchObject({ articlesUsed: 15, articlesIncluded: 15, overArticles: 0 })
    // Nothing in flight any more: asked again for a refused keyword, the refusal is the plain sentence.
    const waiting = starter.keywords[results.findIndex((result) => result.status === 'rejected')]!
    await expect(starter.client.article.generate({ businessId: starter.business.id, keywordId: waiting.id })).rejects.toMatchObject({
      message: expect.stringMatching(/^You have used all 15 articles of your Starter plan this month\. Your allowance renews on /),
      data: { reason: 'ALLOWANCE_REACHED' },
    })
  }, 240_000)

  it('a metered plan is never refused, and each extra article is counted exactly once', async () => {
    // Growth: 30 included, then $3 an article.
    const growth = await owner('Growth', 28, 5)
    const results = await Promise.all(
      growth.keywords.map((planned) => growth.client.article.generate({ businessId: growth.business.id, keywordId: planned.id })),
    )
    const finished = await waitForAll(results.map((result) => result.jobId))
    expect(finished.map((run) => run.state)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed'])
    expect(await articlesOf(growth.business.id)).toBe(5)
    expect(await usageOf(growth.userId)).toEqual({ rows: 28 + 5, total: 33 })
    expect(await growth.client.billing.overview()).toMatchObject({ articlesUsed: 33, overArticles: 3, overageCost: 9 })
    // Each of the three reaches Polar's meter once (docs/product/billing.md).
    await expect
      .poll(() => polarIngestedEvents({ name: POLAR_METER_EVENT, externalCustomerId: growth.userId }).length, { timeout: 30_000 })
      .toBe(3)
  }, 120_000)

  it('generations already queued past the allowance (autopilot, retries, jobs from before the check) save at most what is left', async () => {
    // Two articles left, four generations running at once that no enqueue check stopped: the
    // save's own check under the user's lock lets two through and fails the others, writing nothing.
    const starter = await owner('Starter', 13, 4)
    const outcomes = await Promise.allSettled(
      starter.keywords.map((planned) =>
        generateArticle({
          input: { businessId: starter.business.id, keywordId: planned.id },
          jobId: crypto.randomUUID(),
          db: app.db,
          providers,
          signal: new AbortController().signal,
          progress: () => {},
        }),
      ),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2)
    for (const outcome of outcomes.filter((item) => item.status === 'rejected'))
      expect(outcome.reason).toMatchObject({
        name: 'JobError',
        message: expect.stringMatching(/^You have used all 15 articles of your Starter plan this month\. /),
      })
    expect(await articlesOf(starter.business.id)).toBe(2)
    expect(await usageOf(starter.userId)).toEqual({ rows: 15, total: 15 })
  }, 120_000)

  it('the schedule run twice at once starts only the articles left', async () => {
    // Three articles left and six keywords due: two overlapping schedule runs (two processes)
    // queue three generations between them, and three are written.
    const starter = await owner('Starter', 12, 6, { scheduledAt: new Date(Date.now() + 24 * 3600 * 1000) })
    await Promise.all([generateDueArticles(app.db), generateDueArticles(app.db)])
    const started = await generationsOf(starter.business.id)
    expect(started).toHaveLength(3)
    await waitForAll(started.map((run) => run.id))
    expect(await articlesOf(starter.business.id)).toBe(3)
    expect(await usageOf(starter.userId)).toEqual({ rows: 15, total: 15 })
    const written = await app.db
      .select({ keywordId: article.keywordId })
      .from(article)
      .where(
        inArray(
          article.keywordId,
          starter.keywords.map((planned) => planned.id),
        ),
      )
    expect(written).toHaveLength(3)
  }, 120_000)
})
