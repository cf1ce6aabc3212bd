import { eq, sql } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleProviders } from '~tests/fixtures/article-providers'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { withRetries, startTestWorker, type TestWorker } from '~tests/fixtures/test-worker'
import { articleGenerateJob } from '~/server/articles/articles.jobs'
import { articlePublishJob } from '~/server/publishing/publishing.jobs'
import { researchRunJob } from '~/server/research/research.jobs'
import { article, jobRun, publication, publishing, researchRun, usage } from '~/server/db/schema'
import { recordArticleHistory, recordHistory } from './record'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { clearFaults, injectFault } from '~/server/demo-network/mock-faults'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import type { HistoryEntry } from '~/shared/history'

const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...imagesHandlers(), ...youtubeHandlers())
let app: TestApp
let cleanup: () => Promise<void>
let worker: TestWorker | undefined

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  const prepared = await articleProviders(app, fetchResultPage)
  cleanup = prepared.cleanup
  // Article generation runs for real on the mocks. A research run's own work is tested in
  // research.int.test.ts: here it only has to be started and seen running, so its handler waits
  // until the run is cancelled.
  worker = await startTestWorker(app, {
    kinds: [
      withRetries(articleGenerateJob, 0),
      {
        ...researchRunJob,
        handler: ({ signal }) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled')))),
      },
      // Publishing's own work is tested in src/server/publishing: here a retry only has to start it.
      { ...articlePublishJob, handler: () => Promise.resolve({ published: 0, unpublished: 0, failed: 0, skipped: 0 }) },
    ],
    providers: prepared.providers,
  })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
  await cleanup?.()
})

const day = (iso: string) => new Date(iso)

/** A business with one entry of every kind, each on its own known day. */
async function businessWithHistory() {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId, { name: 'Acme Roasters' }))!
  const client = rpcClient(app, owner.cookie)

  const researchId = crypto.randomUUID()
  await app.db.insert(jobRun).values({
    id: researchId,
    kind: 'research.run',
    userId: owner.userId,
    businessId: business.id,
    state: 'completed',
    createdAt: day('2026-03-02T08:00:00Z'),
    finishedAt: day('2026-03-02T08:05:00Z'),
  })
  await app.db.insert(researchRun).values({
    id: researchId,
    businessId: business.id,
    trigger: 'setup',
    month: '2026-03',
    counts: { plan: 30 },
    createdAt: day('2026-03-02T08:00:00Z'),
    finishedAt: day('2026-03-02T08:05:00Z'),
  })

  await recordHistory(app.db, {
    kind: 'research',
    action: 'finished',
    businessId: business.id,
    title: '2026-03',
    detail: { trigger: 'setup', planned: 30 },
    jobId: researchId,
    at: day('2026-03-02T08:05:00Z'),
  })

  // Written as a draft, then published: each event as the article was at that moment.
  const planned = (await insertKeyword(app, business.id, { keyword: 'best espresso beans', status: 'published' }))!
  const written = await insertArticle(app, business.id, {
    keywordId: planned.id,
    keyword: planned.keyword,
    title: 'The Best Espresso Beans',
    slug: 'best-espresso-beans',
    status: 'draft',
    seoScore: 91,
  })
  await recordArticleHistory(app.db, { kind: 'article', action: 'written', articleId: written.id, at: day('2026-03-05T10:00:00Z') })
  await app.db
    .update(article)
    .set({ status: 'published', publishedAt: day('2026-03-10T09:00:00Z') })
    .where(eq(article.id, written.id))
  await recordArticleHistory(app.db, {
    kind: 'publish',
    action: 'published',
    articleId: written.id,
    detail: { target: 'wordpress' },
    at: day('2026-03-10T09:00:00Z'),
  })
  // Two billable actions in March (one written before any article of this list) and one in February.
  const charged = (at: string, period: string) => ({
    userId: owner.userId,
    businessId: business.id,
    source: 'article.generate',
    sourceDetails: planned.keyword,
    unit: 'article',
    quantity: 1,
    timestamp: day(at),
    billingPeriod: period,
    idempotencyKey: `article:${crypto.randomUUID()}`,
  })
  await app.db
    .insert(usage)
    .values([
      charged('2026-03-05T10:00:01Z', '2026-03'),
      charged('2026-03-01T09:00:00Z', '2026-03'),
      charged('2026-02-27T09:00:00Z', '2026-02'),
    ])

  const other = (await insertKeyword(app, business.id, { keyword: 'cold brew ratio', status: 'scheduled' }))!
  const failedId = crypto.randomUUID()
  await app.db.insert(jobRun).values({
    id: failedId,
    kind: 'article.generate',
    userId: owner.userId,
    businessId: business.id,
    state: 'failed',
    error: 'The AI writing service answered with an error (HTTP 503). Try again later.',
    input: { businessId: business.id, keywordId: other.id },
    singletonKey: `article:${other.id}`,
    // Microseconds, as the database's own clock writes them (finer than a JavaScript Date).
    createdAt: sql`'2026-03-12T07:00:00.123456Z'::timestamptz`,
    finishedAt: day('2026-03-12T07:02:00Z'),
  })
  return { owner, business, client, researchId, written, failedId, other }
}

const summary = (entries: HistoryEntry[]) => entries.map((entry) => [entry.kind, entry.status, entry.title])

describe('history.list', () => {
  it('a new business has nothing yet', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = (await insertBusiness(app, owner.userId))!
    expect(await rpcClient(app, owner.cookie).history.list({ businessId: business.id })).toMatchObject({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    })
  })

  it('lists research, writing, publishing, billing and a failed generation, newest first, each linking to its subject', async () => {
    const { business, client, written, failedId } = await businessWithHistory()
    const answer = await client.history.list({ businessId: business.id })
    expect(answer.total).toBe(6)
    expect(summary(answer.items)).toEqual([
      ['article', 'failed', 'Writing the article for “cold brew ratio” failed'],
      ['publish', 'succeeded', 'Published on WordPress: The Best Espresso Beans'],
      ['billing', 'succeeded', '2 articles counted in March 2026'],
      ['article', 'succeeded', 'Article written: The Best Espresso Beans'],
      ['research', 'succeeded', 'Keyword research for March 2026 planned'],
      ['billing', 'succeeded', '1 article counted in February 2026'],
    ])
    const [failed, publish, billing, writing, research] = answer.items
    expect(failed).toMatchObject({
      error: 'The AI writing service answered with an error (HTTP 503). Try again later.',
      retryJobId: failedId,
      retriedStatus: null,
      link: { href: '/keywords' },
    })
    expect(publish.link).toEqual({ href: `/content/${written.id}`, label: 'Open the article' })
    expect(billing).toMatchObject({
      description: 'Usage for this business in that billing period',
      link: { href: '/settings#plan-and-billing' },
    })
    expect(writing).toMatchObject({
      description: 'For “best espresso beans” · SEO score 91 · Draft',
      link: { href: `/content/${written.id}` },
      error: null,
    })
    expect(research).toMatchObject({
      description: 'Started when setup finished · 30 keywords scheduled',
      link: { href: '/keywords' },
      retryJobId: null,
    })
    expect(research.at.toISOString()).toBe('2026-03-02T08:05:00.000Z')

    // Edited later (another title, another score): the entries keep what the article was then.
    await app.db.update(article).set({ title: 'Espresso Beans, Ranked', seoScore: 64 }).where(eq(article.id, written.id))
    const later = await client.history.list({ businessId: business.id, kinds: ['article', 'publish'] })
    expect(later.items.filter((entry) => entry.status === 'succeeded').map((entry) => [entry.title, entry.description])).toEqual([
      ['Published on WordPress: The Best Espresso Beans', 'For “best espresso beans” · SEO score 91 · Published'],
      ['Article written: The Best Espresso Beans', 'For “best espresso beans” · SEO score 91 · Draft'],
    ])
  })

  it('filters by kind, status and day range, and pages', async () => {
    const { business, client } = await businessWithHistory()
    const list = (input: Omit<Parameters<typeof client.history.list>[0], 'businessId'>) =>
      client.history.list({ businessId: business.id, ...input })

    expect(summary((await list({ kinds: ['article'] })).items).map(([kind, status]) => [kind, status])).toEqual([
      ['article', 'failed'],
      ['article', 'succeeded'],
    ])
    expect((await list({ kinds: ['research', 'billing'] })).items.map((entry) => entry.kind)).toEqual(['billing', 'research', 'billing'])
    expect((await list({ statuses: ['failed'] })).items.map((entry) => entry.kind)).toEqual(['article'])
    expect((await list({ statuses: ['in-progress', 'cancelled'] })).total).toBe(0)
    // Both ends included, whole UTC days.
    expect((await list({ from: '2026-03-05', to: '2026-03-10' })).items.map((entry) => entry.kind)).toEqual([
      'publish',
      'billing',
      'article',
    ])
    expect((await list({ to: '2026-03-02' })).items.map((entry) => entry.kind)).toEqual(['research', 'billing'])
    expect((await list({ from: '2026-03-11' })).items.map((entry) => entry.kind)).toEqual(['article'])

    const second = await list({ perPage: 2, page: 2 })
    expect(second).toMatchObject({ total: 6, page: 2, pageCount: 3 })
    expect(second.items.map((entry) => entry.kind)).toEqual(['billing', 'article'])
    // Past the end: the last page, and it says so.
    const beyond = await list({ perPage: 2, page: 999 })
    expect(beyond).toMatchObject({ page: 3, pageCount: 3 })
    expect(beyond.items.map((entry) => entry.kind)).toEqual(['research', 'billing'])
  })

  it('refuses bad filters with a clear message', async () => {
    const { business, client } = await businessWithHistory()
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-03-10', to: '2026-03-01' }, 'The start date must be on or before the end date.'],
      [{ from: '2026-02-30' }, 'The start date must be a date as YYYY-MM-DD.'],
      [{ to: 'yesterday' }, 'The end date must be a date as YYYY-MM-DD.'],
      [
        { kinds: ['gsc'] },
        'A kind is one of: research, article, publish, integration, search-console, webhook, settings, business, api-key, billing.',
      ],
      [{ statuses: ['done'] }, 'A status is one of: succeeded, failed, in-progress, cancelled.'],
      [{ perPage: 500 }, 'Rows per page can be at most 100.'],
      [{ page: 0 }, 'The page must be 1 or more.'],
    ]
    for (const [input, message] of cases) {
      const error = await rejectionOf(client.history.list({ businessId: business.id, ...input } as never))
      expect([input, error?.code, error?.message]).toEqual([input, 'BAD_REQUEST', message])
    }
  })

  it('another user’s business is NOT_FOUND, for the list and for a retry', async () => {
    const { business, failedId } = await businessWithHistory()
    const intruder = await app.signUp({ plan: 'Agency' })
    await insertBusiness(app, intruder.userId)
    const client = rpcClient(app, intruder.cookie)
    expect(await rejectionOf(client.history.list({ businessId: business.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejectionOf(client.history.retry({ businessId: business.id, jobId: failedId }))).toMatchObject({ code: 'NOT_FOUND' })
    const [untouched] = await app.db.select().from(jobRun).where(eq(jobRun.id, failedId))
    expect(untouched!.state).toBe('failed')
  })
})

describe('history.retry', () => {
  it('a generation that really failed is shown with its reason; Retry writes the article and the entry says so', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = (await insertBusiness(app, owner.userId, {
      name: 'Acme Roasters',
      url: `https://acme-${owner.userId.slice(0, 6).toLowerCase()}.example`,
      description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
      services: ['Coffee subscriptions'],
      language: 'English',
      tone: 'Friendly',
    }))!
    const planned = (await insertKeyword(app, business.id, { keyword: 'best espresso beans', status: 'scheduled' }))!
    const client = rpcClient(app, owner.cookie)

    injectFault('llm', { kind: 'status', status: 500, times: 100 })
    let failedId: string
    try {
      ;({ jobId: failedId } = await client.article.generate({ businessId: business.id, keywordId: planned.id }))
      expect((await waitForJob(app, failedId, 60_000)).state).toBe('failed')
    } finally {
      clearFaults()
    }
    const before = await client.history.list({ businessId: business.id })
    expect(before.items).toHaveLength(1)
    expect(before.items[0]).toMatchObject({
      kind: 'article',
      status: 'failed',
      retryJobId: failedId,
      error: expect.stringMatching(/AI writing/),
    })

    const retried = await client.history.retry({ businessId: business.id, jobId: failedId })
    expect(retried.kind).toBe('article')
    expect((await waitForJob(app, retried.jobId, 60_000)).state).toBe('completed')

    const after = await client.history.list({ businessId: business.id, kinds: ['article'] })
    const [{ id: articleId }] = await app.db.select({ id: article.id }).from(article).where(eq(article.keywordId, planned.id))
    const [{ title }] = await app.db.select({ title: article.title }).from(article).where(eq(article.id, articleId))
    expect(after.items.map((entry) => [entry.status, entry.retryJobId, entry.retriedStatus, entry.link?.href])).toEqual([
      ['succeeded', null, null, `/content/${articleId}`],
      ['failed', null, 'succeeded', `/content/${articleId}`],
    ])
    // Written by the retried job: recorded once, with the article's title and score then.
    expect(after.items[0]).toMatchObject({
      title: `Article written: ${title}`,
      description: expect.stringMatching(/^For “best espresso beans” · SEO score \d+/),
    })
    expect(await rejectionOf(client.history.retry({ businessId: business.id, jobId: failedId }))).toMatchObject({
      code: 'CONFLICT',
      data: { reason: 'ALREADY_RETRIED' },
    })
    // Only failed runs are retried.
    expect(await rejectionOf(client.history.retry({ businessId: business.id, jobId: retried.jobId }))).toMatchObject({
      code: 'CONFLICT',
      data: { reason: 'NOT_RETRYABLE' },
    })
  }, 120_000)

  it('Retry of a failed generation goes through the plan’s allowance', async () => {
    const { owner, business, client, failedId, other } = await businessWithHistory()
    await app.setPlan(owner.userId, 'Starter')
    const period = new Date().toISOString().slice(0, 7)
    await app.db.insert(usage).values(
      Array.from({ length: 40 }, (_, index) => ({
        userId: owner.userId,
        source: 'article.generate',
        unit: 'article',
        billingPeriod: period,
        idempotencyKey: `filled-${index}`,
      })),
    )
    const error = await rejectionOf(client.history.retry({ businessId: business.id, jobId: failedId }))
    expect(error).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'ALLOWANCE_REACHED' } })
    expect(
      await app.db
        .select()
        .from(jobRun)
        .where(eq(jobRun.singletonKey, `article:${other.id}`)),
    ).toHaveLength(1)
  })

  it('a failed research run is started again through the research service', async () => {
    const { owner, business, client, researchId } = await businessWithHistory()
    const failedId = crypto.randomUUID()
    await app.db.insert(jobRun).values({
      id: failedId,
      kind: 'research.run',
      userId: owner.userId,
      businessId: business.id,
      state: 'failed',
      error: 'The keyword data service did not answer (HTTP 503).',
      input: { businessId: business.id },
      singletonKey: business.id,
      createdAt: day('2026-03-20T08:00:00Z'),
      finishedAt: day('2026-03-20T08:01:00Z'),
    })
    await app.db
      .insert(researchRun)
      .values({ id: failedId, businessId: business.id, trigger: 'manual', month: '2026-04', createdAt: day('2026-03-20T08:00:00Z') })
    // An older run is replaced by a newer one: no Retry on it.
    expect(await rejectionOf(client.history.retry({ businessId: business.id, jobId: researchId }))).toMatchObject({
      data: { reason: 'NOT_RETRYABLE' },
    })

    const [failedEntry] = (await client.history.list({ businessId: business.id, kinds: ['research'], statuses: ['failed'] })).items
    expect(failedEntry).toMatchObject({
      title: 'Keyword research for April 2026 failed',
      retryJobId: failedId,
      error: 'The keyword data service did not answer (HTTP 503).',
    })

    const retried = await client.history.retry({ businessId: business.id, jobId: failedId })
    expect(retried.kind).toBe('research')
    const [run] = await app.db.select().from(researchRun).where(eq(researchRun.id, retried.jobId))
    expect(run).toMatchObject({ businessId: business.id, trigger: 'manual' })
    const research = (await client.history.list({ businessId: business.id, kinds: ['research'] })).items
    expect(research.map((entry) => [entry.status, entry.retriedStatus])).toEqual([
      ['in-progress', null],
      ['failed', 'in-progress'],
      ['succeeded', null],
    ])
    // One research run at a time: a second retry finds the newer run.
    expect(await rejectionOf(client.history.retry({ businessId: business.id, jobId: failedId }))).toMatchObject({
      data: { reason: 'ALREADY_RETRIED' },
    })
  })
})

describe('publishing in the timeline', () => {
  it('lists a target’s refusal and a publishing job out of attempts, each on its article; Retry publishes again', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = (await insertBusiness(app, owner.userId))!
    const client = rpcClient(app, owner.cookie)
    const written = await insertArticle(app, business.id, { title: 'Cold Brew Ratio', slug: 'cold-brew-ratio', status: 'approved' })
    const [site] = await app.db.insert(publishing).values({ businessId: business.id, type: 'wordpress', config: {} }).returning()
    await app.db.insert(publication).values({
      businessId: business.id,
      articleId: written.id,
      integrationId: site!.id,
      status: 'failed',
      lastError: 'WordPress rejected the request (HTTP 400): Invalid parameter(s): status',
      updatedAt: day('2026-03-20T09:00:00Z'),
    })
    await recordArticleHistory(app.db, {
      kind: 'publish',
      action: 'failed',
      status: 'failed',
      articleId: written.id,
      error: 'WordPress rejected the request (HTTP 400): Invalid parameter(s): status',
      detail: { target: site!.type },
      at: day('2026-03-20T09:00:00Z'),
    })
    const failedId = crypto.randomUUID()
    await app.db.insert(jobRun).values({
      id: failedId,
      kind: articlePublishJob.name,
      userId: owner.userId,
      businessId: business.id,
      state: 'failed',
      attempts: 6,
      error: 'WordPress: WordPress is having problems (HTTP 503: Service Unavailable) and still failed after 4 attempts. Try again later.',
      input: { businessId: business.id, articleId: written.id, action: 'publish' },
      singletonKey: `publish:${written.id}`,
      finishedAt: day('2026-03-21T09:00:00Z'),
    })
    const answer = await client.history.list({ businessId: business.id, kinds: ['publish'] })
    expect(summary(answer.items)).toEqual([
      ['publish', 'failed', 'Publishing “Cold Brew Ratio” failed'],
      ['publish', 'failed', 'Publishing “Cold Brew Ratio” failed'],
    ])
    const [job, refusal] = answer.items
    expect(job).toMatchObject({
      retryJobId: failedId,
      error: expect.stringContaining('HTTP 503'),
      link: { href: `/content/${written.id}` },
    })
    expect(refusal).toMatchObject({
      retryJobId: null,
      description: 'On WordPress',
      error: expect.stringContaining('Invalid parameter(s): status'),
    })

    const retried = await client.history.retry({ businessId: business.id, jobId: failedId })
    expect(retried.kind).toBe('publish')
    const [again] = await app.db.select().from(jobRun).where(eq(jobRun.id, retried.jobId))
    expect(again).toMatchObject({ kind: articlePublishJob.name, input: { articleId: written.id, action: 'publish' } })
  })
})
