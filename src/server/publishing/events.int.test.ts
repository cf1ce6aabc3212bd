import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { articleProviders } from '~tests/fixtures/article-providers'
import { useMockServer } from '~tests/fixtures/mock-server'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { withRetries, startTestWorker, type TestWorker } from '~tests/fixtures/test-worker'
import { articleGenerateJob } from '~/server/articles/articles.jobs'
import { competitor, jobRun, publication, publishing } from '~/server/db/schema'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { clearFaults, injectFault } from '~/server/demo-network/mock-faults'
import { wordpressHandlers } from '~/server/publishing/connectors/wordpress/mock'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { researchRunJob } from '~/server/research/research.jobs'
import type { WebhookEvent } from '~/shared/integrations'
import { createConnectorFetch } from './connector-fetch'
import { connectorClient } from './connectors'
import { encryptionKeys } from './crypto'
import { deliverEvent } from './event-delivery'
import { emitWebhookEvent } from './events'
import { connectIntegration, setIntegrationEnabled, type PublishingDeps } from './integrations.service'
import { publishArticleNow, publishDueArticles, runPublish } from './publish.service'
import { articlePublishJob, webhookDeliverJob } from './publishing.jobs'

// Outgoing events end to end on the database (docs/product/publishing.md, "Outgoing events"):
// research and article generation run for real on the mocks, each business's webhook endpoint is
// a receiver that verifies every delivery with the standardwebhooks library, and the delivery
// jobs run on the queue with short retries.

const HOOKS = 'https://93.184.215.30'
const WP = 'https://93.184.215.31'
const WP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'

interface Received {
  path: string
  id: string
  type: string
  verified: boolean
  body: { type: string; timestamp: string; businessId?: string; data: Record<string, unknown> }
}

/** Every request the endpoints got, in order; each endpoint's secret; statuses to answer next (else 200). */
const received: Received[] = []
const secretOf = new Map<string, string>()
const answers = new Map<string, number[]>()

useMockServer(
  http.post(`${HOOKS}/:hook`, async ({ request, params }) => {
    const path = `/${String(params.hook)}`
    const text = await request.text()
    const headers = Object.fromEntries(request.headers.entries())
    let verified = true
    let body: Received['body']
    try {
      body = new Webhook(secretOf.get(path) ?? '').verify(text, headers) as Received['body']
    } catch {
      verified = false
      body = JSON.parse(text) as Received['body']
    }
    received.push({ path, id: headers['webhook-id'] ?? '', type: body.type, verified, body })
    const status = answers.get(path)?.shift() ?? (verified ? 200 : 401)
    return status < 300 ? HttpResponse.json({ received: true }) : HttpResponse.json({ error: `answered ${status}` }, { status })
  }),
  ...wordpressHandlers({ baseUrl: WP, username: 'editor', applicationPassword: WP_PASSWORD }),
  ...llmHandlers(),
  ...dataforseoHandlers(),
  ...embeddingsHandlers(),
  ...imagesHandlers(),
  ...youtubeHandlers(),
)

let app: TestApp
let deps: PublishingDeps
let cleanup: () => Promise<void>
let worker: TestWorker | undefined
let hooks = 0

beforeAll(async () => {
  app = await createTestApp()
  deps = {
    keys: encryptionKeys(app.env),
    fetchFor: (provider, _hint, classifyFailure) =>
      createConnectorFetch({ provider, classifyFailure, retries: 1, baseDelayMs: 1, timeoutMs: 2000, sleep: () => Promise.resolve() }),
    connector: connectorClient,
  }
  const prepared = await articleProviders(app, fetchResultPage)
  cleanup = prepared.cleanup
  worker = await startTestWorker(app, {
    kinds: [
      withRetries(articleGenerateJob, 0),
      withRetries(researchRunJob, 0),
      {
        ...withRetries(articlePublishJob, 0),
        handler: ({ db, input }) => runPublish(db, input, { ...deps, dataDir: app.env.DATA_DIR }),
      },
      // Two retries after 1 s instead of eight from 30 s: the behaviour, not the wait.
      { ...withRetries(webhookDeliverJob, 2), handler: ({ db, input, signal }) => deliverEvent(db, input, { ...deps, signal }) },
    ],
    providers: prepared.providers,
  })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  await cleanup?.()
})

beforeEach(() => {
  received.length = 0
  answers.clear()
})

/** A coffee roaster with a profile and two competitors (what research and writing need), owned by `owner`. */
async function roaster(owner: { userId: string }) {
  const row = (await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    url: `https://acme-${randomBytes(4).toString('hex')}.example`,
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    industry: 'Specialty coffee',
    services: ['Coffee subscriptions'],
    coreProducts: ['Colombia Huila espresso'],
    seeds: ['espresso beans', 'coffee subscription', 'pour over coffee'],
    keywordRegion: 'US',
    language: 'English',
    tone: 'Friendly',
  }))!
  await app.db.insert(competitor).values([
    { businessId: row.id, url: 'https://bluebottlecoffee.com', name: 'Blue Bottle' },
    { businessId: row.id, url: 'https://counterculturecoffee.com', name: 'Counter Culture' },
  ])
  return row
}

/** Connects the business's webhook to an endpoint of its own, with its own secret; answers the endpoint's path. */
async function connectHook(businessId: string, events: WebhookEvent[]) {
  const path = `/hook-${++hooks}`
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  secretOf.set(path, secret)
  const connected = await connectIntegration(
    app.db,
    businessId,
    { type: 'webhook', config: { url: `${HOOKS}${path}` }, secrets: { secret }, events },
    deps,
  )
  expect(connected.test).toMatchObject({ ok: true })
  return { path, integrationId: connected.integration!.id }
}

const eventsAt = (path: string) => received.filter((item) => item.path === path && item.type !== 'webhook.test')
const deliveryJobs = (businessId: string) =>
  app.db
    .select()
    .from(jobRun)
    .where(and(eq(jobRun.businessId, businessId), eq(jobRun.kind, webhookDeliverJob.name)))

/** Waits until the business has `count` delivery jobs and all of them ended; answers them. */
async function settledDeliveries(businessId: string, count = 1, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await deliveryJobs(businessId)
    if (rows.length >= count && rows.every((row) => ['completed', 'failed', 'cancelled'].includes(row.state))) return rows
    if (Date.now() > deadline) throw new Error(`deliveries of ${businessId}: ${JSON.stringify(rows.map((row) => row.state))}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const summary = (businessId: string) =>
  emitWebhookEvent(app.db, {
    type: 'research.finished',
    businessId,
    data: { id: 'run-1', month: '2026-07', keywordsPlanned: 28 },
  })

describe('outgoing events', () => {
  it('an article written on the mocks is sent, signed, to its business’s subscribed webhook only', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const other = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const sibling = await roaster(owner)
    const stranger = await roaster(other)
    const ours = await connectHook(business.id, ['article.generated', 'article.failed'])
    const notSubscribed = await connectHook(sibling.id, ['article.published', 'research.finished'])
    const everything = await connectHook(stranger.id, ['research.finished', 'article.generated', 'article.published', 'article.failed'])
    const planned = (await insertKeyword(app, business.id, { keyword: 'best espresso beans', status: 'scheduled' }))!

    const { jobId } = await rpcClient(app, owner.cookie).article.generate({ businessId: business.id, keywordId: planned.id })
    const generated = await waitForJob(app, jobId, 90_000)
    expect(generated).toMatchObject({ state: 'completed', error: null })
    const { articleId } = generated.result as { articleId: string }
    const jobs = await settledDeliveries(business.id)
    // One delivery, to this business's own endpoint.
    expect(jobs.map((job) => (job.input as { integrationId: string }).integrationId)).toEqual([ours.integrationId])

    const [event] = eventsAt(ours.path)
    expect(eventsAt(ours.path)).toHaveLength(1)
    expect(event).toMatchObject({ verified: true, type: 'article.generated', id: expect.stringMatching(/^msg_[0-9a-f]{32}$/) })
    expect(event!.body).toMatchObject({
      type: 'article.generated',
      businessId: business.id,
      data: {
        id: articleId,
        keyword: 'best espresso beans',
        keywordId: planned.id,
        status: expect.stringMatching(/^(draft|held)$/),
        version: 1,
        regenerated: false,
        url: `${app.env.APP_URL}/content/${articleId}`,
      },
    })
    expect(event!.body.data.title).toEqual(expect.any(String))
    expect(Date.parse(event!.body.timestamp)).not.toBeNaN()
    // Another business's endpoint, even one subscribed to everything: nothing queued, nothing received.
    expect(eventsAt(notSubscribed.path)).toEqual([])
    expect(eventsAt(everything.path)).toEqual([])
    expect(await deliveryJobs(sibling.id)).toEqual([])
    expect(await deliveryJobs(stranger.id)).toEqual([])

    // An article of the business whose endpoint did not choose article.generated: nothing sent.
    const unchosen = (await insertKeyword(app, sibling.id, { keyword: 'espresso grind size', status: 'scheduled' }))!
    const second = await rpcClient(app, owner.cookie).article.generate({ businessId: sibling.id, keywordId: unchosen.id })
    expect(await waitForJob(app, second.jobId, 90_000)).toMatchObject({ state: 'completed', error: null })
    expect(await deliveryJobs(sibling.id)).toEqual([])
    expect(eventsAt(notSubscribed.path)).toEqual([])
  }, 180_000)

  it('keyword research finishing is sent as research.finished with the run’s summary', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['research.finished'])
    const { jobId } = await rpcClient(app, owner.cookie).research.start({ businessId: business.id })
    expect(await waitForJob(app, jobId, 120_000)).toMatchObject({ state: 'completed', error: null })
    await settledDeliveries(business.id)

    const events = eventsAt(hook.path)
    expect(events).toHaveLength(1)
    const status = await rpcClient(app, owner.cookie).research.status({ businessId: business.id })
    expect(events[0]).toMatchObject({ verified: true, type: 'research.finished' })
    expect(events[0]!.body).toMatchObject({
      businessId: business.id,
      data: {
        id: jobId,
        month: status!.month,
        trigger: 'manual',
        keywordsPlanned: status!.counts.plan,
        topicClusters: status!.counts.cluster,
        url: `${app.env.APP_URL}/keywords`,
      },
    })
    expect(status!.counts.plan).toBeGreaterThan(0)
  }, 150_000)

  it('writing that fails for good is sent as article.failed, with the reason', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['article.failed'])
    const planned = (await insertKeyword(app, business.id, { keyword: 'cold brew ratio', status: 'scheduled' }))!
    injectFault('llm', { kind: 'status', status: 500, times: 100 })
    let failed: typeof jobRun.$inferSelect
    try {
      const { jobId } = await rpcClient(app, owner.cookie).article.generate({ businessId: business.id, keywordId: planned.id })
      failed = await waitForJob(app, jobId, 60_000)
    } finally {
      clearFaults()
    }
    expect(failed.state).toBe('failed')
    await settledDeliveries(business.id)
    expect(eventsAt(hook.path)).toEqual([
      expect.objectContaining({
        verified: true,
        type: 'article.failed',
        body: expect.objectContaining({
          businessId: business.id,
          data: {
            id: null,
            title: null,
            keyword: 'cold brew ratio',
            keywordId: planned.id,
            status: null,
            stage: 'generation',
            target: null,
            error: failed.error,
            url: `${app.env.APP_URL}/keywords`,
          },
        }),
      }),
    ])
  }, 90_000)

  it('a site refusing an article is sent as article.failed once, not again while it stays refused', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['article.failed'])
    const wordpress = await connectIntegration(
      app.db,
      business.id,
      { type: 'wordpress', config: { siteUrl: WP, username: 'editor' }, secrets: { applicationPassword: WP_PASSWORD } },
      deps,
    )
    expect(wordpress.test).toMatchObject({ ok: true })
    const written = await insertArticle(app, business.id, { title: 'Cold Brew at Home', slug: 'cold-brew-at-home', status: 'approved' })
    const refusal = { code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400 } }
    injectFault('wordpress', { kind: 'status', status: 400, body: refusal })
    const target = { businessId: business.id, articleId: written.id, action: 'publish' as const }
    expect(await runPublish(app.db, target, { ...deps, dataDir: app.env.DATA_DIR })).toMatchObject({ failed: 1 })
    expect(await runPublish(app.db, target, { ...deps, dataDir: app.env.DATA_DIR })).toMatchObject({ failed: 1 })
    await settledDeliveries(business.id)

    const [refused] = await app.db.select().from(publication).where(eq(publication.articleId, written.id))
    expect(refused!.status).toBe('failed')
    expect(eventsAt(hook.path)).toHaveLength(1)
    expect(eventsAt(hook.path)[0]).toMatchObject({
      verified: true,
      body: {
        type: 'article.failed',
        businessId: business.id,
        data: {
          id: written.id,
          title: 'Cold Brew at Home',
          status: 'approved',
          stage: 'publishing',
          target: 'WordPress',
          error: refused!.lastError,
          url: `${app.env.APP_URL}/content/${written.id}`,
        },
      },
    })
    expect(refused!.lastError).toContain('Invalid parameter(s): status')
  })

  it('publishing that runs out of attempts is sent as article.failed', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['article.failed'])
    await connectIntegration(
      app.db,
      business.id,
      { type: 'wordpress', config: { siteUrl: WP, username: 'editor' }, secrets: { applicationPassword: WP_PASSWORD } },
      deps,
    )
    const written = await insertArticle(app, business.id, { title: 'Pour Over Basics', slug: 'pour-over-basics', status: 'approved' })
    injectFault('wordpress', { kind: 'status', status: 503, times: 100 })
    let failed: typeof jobRun.$inferSelect
    try {
      const { jobId } = await publishArticleNow(app.db, { userId: owner.userId, businessId: business.id, articleId: written.id })
      failed = await waitForJob(app, jobId, 30_000)
    } finally {
      clearFaults()
    }
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('WordPress is having problems (HTTP 503') })
    await settledDeliveries(business.id)
    expect(eventsAt(hook.path).map((event) => event.body.data)).toEqual([
      expect.objectContaining({ id: written.id, stage: 'publishing', target: null, error: failed.error }),
    ])
  })
})

describe('delivering an event', () => {
  it('retries 5xx with backoff and delivers the same message, with the same webhook-id, once it is taken', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['research.finished'])
    // Two answers per attempt (the call's own retry), then a new attempt of the job.
    answers.set(hook.path, [503, 502, 500])
    expect(await summary(business.id)).toBe(1)
    const [job] = await settledDeliveries(business.id)
    expect(job).toMatchObject({ state: 'completed', attempts: 2, error: null })

    const attempts = eventsAt(hook.path)
    expect(attempts).toHaveLength(4)
    expect(attempts.every((attempt) => attempt.verified)).toBe(true)
    expect(new Set(attempts.map((attempt) => attempt.id)).size).toBe(1)
    expect(new Set(attempts.map((attempt) => JSON.stringify(attempt.body))).size).toBe(1)
    expect(attempts[0]!.body).toEqual({
      type: 'research.finished',
      timestamp: expect.any(String),
      businessId: business.id,
      data: { id: 'run-1', month: '2026-07', keywordsPlanned: 28 },
    })
  })

  it('a 4xx is not retried: the delivery fails at once, shows in /history, and Retry sends the same event', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['research.finished'])
    answers.set(hook.path, [410])
    await summary(business.id)
    const [failed] = await settledDeliveries(business.id)
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, error: expect.stringContaining('HTTP 410') })
    expect(eventsAt(hook.path)).toHaveLength(1)
    const firstId = eventsAt(hook.path)[0]!.id

    const client = rpcClient(app, owner.cookie)
    const history = await client.history.list({ businessId: business.id, kinds: ['webhook'] })
    expect(history.items).toEqual([
      expect.objectContaining({
        kind: 'webhook',
        status: 'failed',
        title: '“Keyword research finished” (research.finished) could not be delivered to your webhook',
        description: `To ${HOOKS}${hook.path} · 1 attempt`,
        link: { href: '/integrations', label: 'Open Integrations' },
        error: failed!.error,
        retryJobId: failed!.id,
      }),
    ])
    // In the full timeline too, and not for another user.
    expect((await client.history.list({ businessId: business.id })).items.map((item) => item.kind)).toContain('webhook')
    const intruder = await app.signUp({ plan: 'Growth' })
    expect(await rejectionOf(rpcClient(app, intruder.cookie).history.retry({ businessId: business.id, jobId: failed!.id }))).toMatchObject({
      code: 'NOT_FOUND',
    })

    const { jobId, kind } = await client.history.retry({ businessId: business.id, jobId: failed!.id })
    expect(kind).toBe('webhook')
    expect(await waitForJob(app, jobId)).toMatchObject({ state: 'completed', error: null })
    expect(eventsAt(hook.path).map((event) => event.id)).toEqual([firstId, firstId])
    const after = await client.history.list({ businessId: business.id, kinds: ['webhook'] })
    expect(after.items).toEqual([expect.objectContaining({ status: 'failed', retryJobId: null, retriedStatus: 'succeeded' })])
    expect(await rejectionOf(client.history.retry({ businessId: business.id, jobId: failed!.id }))).toMatchObject({
      code: 'CONFLICT',
    })
  })

  it('an endpoint that keeps failing ends failed after its attempts, with the reason in /history', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['research.finished'])
    answers.set(
      hook.path,
      Array.from({ length: 20 }, () => 500),
    )
    await summary(business.id)
    const [failed] = await settledDeliveries(business.id)
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, error: expect.stringContaining('is having problems (HTTP 500') })
    expect(eventsAt(hook.path)).toHaveLength(6)
    const history = await rpcClient(app, owner.cookie).history.list({ businessId: business.id, statuses: ['failed'] })
    expect(history.items).toEqual([
      expect.objectContaining({ kind: 'webhook', error: failed!.error, description: `To ${HOOKS}${hook.path} · 3 attempts` }),
    ])
  })

  it('a paused endpoint gets nothing; one paused after the event was queued is skipped', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['research.finished'])
    await setIntegrationEnabled(app.db, business.id, 'webhook', false, deps)
    expect(await summary(business.id)).toBe(0)
    expect(await deliveryJobs(business.id)).toEqual([])

    await setIntegrationEnabled(app.db, business.id, 'webhook', true, deps)
    const [row] = await app.db.select().from(publishing).where(eq(publishing.id, hook.integrationId))
    const queued = { businessId: business.id, integrationId: row!.id, eventId: 'msg_0123', type: 'research.finished' as const }
    await setIntegrationEnabled(app.db, business.id, 'webhook', false, deps)
    expect(await deliverEvent(app.db, { ...queued, timestamp: new Date().toISOString(), data: {} }, deps)).toEqual({
      delivered: false,
      skipped: 'disabled',
    })
    expect(eventsAt(hook.path)).toEqual([])
  })

  it('never reaches another business’s endpoint, even from a delivery naming it', async () => {
    const first = await roaster(await app.signUp({ plan: 'Growth' }))
    const second = await roaster(await app.signUp({ plan: 'Growth' }))
    await connectHook(first.id, ['research.finished'])
    const theirs = await connectHook(second.id, ['research.finished'])
    const forged = {
      businessId: first.id,
      integrationId: theirs.integrationId,
      eventId: 'msg_forged',
      type: 'research.finished' as const,
      timestamp: new Date().toISOString(),
      data: {},
    }
    expect(await deliverEvent(app.db, forged, deps)).toEqual({ delivered: false, skipped: 'removed' })
    await summary(first.id)
    await settledDeliveries(first.id)
    expect(eventsAt(theirs.path)).toEqual([])
    expect(await deliveryJobs(second.id)).toEqual([])
  })
})

describe('a failed delivery on the endpoint’s card', () => {
  const webhookOf = async (client: ReturnType<typeof rpcClient>, businessId: string) =>
    (await client.integration.list({ businessId })).integrations.find((item) => item.type === 'webhook')!

  it('marks the endpoint until a later delivery, or a Retry, gets through; never another user’s', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const client = rpcClient(app, owner.cookie)
    // Events only: the card tells of event deliveries whether or not it publishes.
    const hook = await connectHook(business.id, ['research.finished', 'article.generated'])
    expect((await webhookOf(client, business.id)).failedDelivery).toBeNull()

    answers.set(hook.path, [410])
    await summary(business.id)
    const [failed] = await settledDeliveries(business.id)
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('HTTP 410') })
    expect((await webhookOf(client, business.id)).failedDelivery).toEqual({
      event: 'research.finished',
      failedAt: failed!.finishedAt,
      error: failed!.error,
      attempts: 1,
    })
    // The other procedures answering the webhook's view say the same.
    const tested = await client.integration.test({ businessId: business.id, type: 'webhook' })
    expect(tested.integration.failedDelivery).toMatchObject({ event: 'research.finished', error: failed!.error })

    // The next event is delivered: the endpoint is fine again.
    await emitWebhookEvent(app.db, { type: 'article.generated', businessId: business.id, data: { id: 'a-1' } })
    await settledDeliveries(business.id, 2)
    expect((await webhookOf(client, business.id)).failedDelivery).toBeNull()

    // Refused again; a paused endpoint's skipped delivery proves nothing and changes nothing.
    answers.set(hook.path, [400])
    await summary(business.id)
    const refused = (await settledDeliveries(business.id, 3)).find((row) => row.state === 'failed' && row.id !== failed!.id)!
    const [row] = await app.db.select().from(publishing).where(eq(publishing.id, hook.integrationId))
    await setIntegrationEnabled(app.db, business.id, 'webhook', false, deps)
    const skipped = await deliverEvent(
      app.db,
      { businessId: business.id, integrationId: row!.id, eventId: 'msg_skipped', type: 'research.finished', timestamp: '', data: {} },
      deps,
    )
    expect(skipped).toEqual({ delivered: false, skipped: 'disabled' })
    const paused = await client.integration.setEnabled({ businessId: business.id, type: 'webhook', enabled: false })
    expect(paused.failedDelivery).toMatchObject({
      event: 'research.finished',
      failedAt: refused.finishedAt,
      error: expect.stringContaining('HTTP 400'),
    })
    await setIntegrationEnabled(app.db, business.id, 'webhook', true, deps)

    // Another user: the business is not theirs, and a job of their own naming this endpoint is not shown on it.
    const intruder = await app.signUp({ plan: 'Growth' })
    const theirs = await roaster(intruder)
    const intruding = rpcClient(app, intruder.cookie)
    expect(await rejectionOf(intruding.integration.list({ businessId: business.id }))).toMatchObject({ code: 'NOT_FOUND' })
    await connectHook(theirs.id, ['research.finished'])
    expect((await webhookOf(intruding, theirs.id)).failedDelivery).toBeNull()
    await app.db.insert(jobRun).values({
      id: crypto.randomUUID(),
      kind: webhookDeliverJob.name,
      userId: intruder.userId,
      businessId: theirs.id,
      state: 'completed',
      result: { delivered: true },
      input: { businessId: theirs.id, integrationId: hook.integrationId, eventId: 'msg_theirs', type: 'research.finished' },
      finishedAt: new Date(),
    })
    expect((await webhookOf(client, business.id)).failedDelivery).toMatchObject({ error: refused.error })
    expect((await webhookOf(intruding, theirs.id)).failedDelivery).toBeNull()

    // Retry from /history sends it again; delivered, the warning is gone.
    const { jobId } = await client.history.retry({ businessId: business.id, jobId: refused.id })
    expect(await waitForJob(app, jobId)).toMatchObject({ state: 'completed', error: null })
    expect((await webhookOf(client, business.id)).failedDelivery).toBeNull()
  })
})

describe('choosing the events', () => {
  it('stores the chosen events; none, or an unknown one, is refused per field; another user cannot change them', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const client = rpcClient(app, owner.cookie)
    const url = `${HOOKS}/hook-choice`
    secretOf.set('/hook-choice', `whsec_${randomBytes(32).toString('base64')}`)
    const secrets = { secret: secretOf.get('/hook-choice')! }
    const connect = (events: string[] | undefined, caller = client) =>
      caller.integration.connect({ businessId: business.id, type: 'webhook', config: { url }, secrets, events })

    for (const [events, message] of [
      [[], 'Choose at least one event to send.'],
      [
        ['article.sold'],
        'An event is one of: research.finished, article.generated, article.published, article.failed, connector.broken, drafts.waiting, usage.threshold.',
      ],
    ] as const) {
      const error = await rejectionOf(connect([...events]))
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message })
      expect((error?.data as { issues: { path: unknown[] }[] }).issues[0]!.path[0]).toBe('events')
    }
    expect(await app.db.select().from(publishing).where(eq(publishing.businessId, business.id))).toEqual([])

    // Left out on a first connection: publishing only, as before events existed; stored in the list's order.
    expect((await connect(undefined)).integration!.events).toEqual(['article.published'])
    expect((await connect(['article.failed', 'research.finished'])).integration!.events).toEqual(['research.finished', 'article.failed'])
    // Left out when editing: the saved ones stay.
    expect((await connect(undefined)).integration!.events).toEqual(['research.finished', 'article.failed'])
    const listed = await client.integration.list({ businessId: business.id })
    expect(listed.integrations[0]!.events).toEqual(['research.finished', 'article.failed'])

    const intruder = await app.signUp({ plan: 'Growth' })
    await insertBusiness(app, intruder.userId)
    expect(await rejectionOf(connect(['article.published'], rpcClient(app, intruder.cookie)))).toMatchObject({ code: 'NOT_FOUND' })
    const [kept] = await app.db.select().from(publishing).where(eq(publishing.businessId, business.id))
    expect(kept!.events).toEqual(['research.finished', 'article.failed'])
  })

  it('an events-only webhook is not a publishing target; with Article published it publishes as before', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = await roaster(owner)
    const hook = await connectHook(business.id, ['article.generated', 'article.failed'])
    const planned = (await insertKeyword(app, business.id, { status: 'scheduled', scheduledAt: new Date(Date.now() - 60_000) }))!
    const written = await insertArticle(app, business.id, {
      keywordId: planned.id,
      title: 'Espresso Ratios',
      slug: 'espresso-ratios',
      status: 'approved',
    })
    const target = { userId: owner.userId, businessId: business.id, articleId: written.id }
    expect(await rejectionOf(publishArticleNow(app.db, target))).toMatchObject({ code: 'PRECONDITION_FAILED' })
    expect((await publishDueArticles(app.db)).started).not.toContain(written.id)
    expect(await runPublish(app.db, { ...target, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR })).toEqual({
      published: 0,
      unpublished: 0,
      failed: 0,
      skipped: 0,
    })

    await connectIntegration(
      app.db,
      business.id,
      { type: 'webhook', config: { url: `${HOOKS}${hook.path}` }, secrets: {}, events: ['article.published', 'article.failed'] },
      deps,
    )
    expect(await runPublish(app.db, { ...target, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR })).toMatchObject({
      published: 1,
    })
    expect(eventsAt(hook.path)).toEqual([
      expect.objectContaining({
        verified: true,
        type: 'article.published',
        body: expect.objectContaining({ data: expect.objectContaining({ id: written.id }) }),
      }),
    ])
    // The publishing payload is as it always was: no business id added to it.
    expect(eventsAt(hook.path)[0]!.body).not.toHaveProperty('businessId')
  })
})
