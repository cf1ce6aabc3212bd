import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { env } from '~/env'
import { getResponse, type RequestHandler } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublishChildEvent, PublishChildSettings } from '~tests/fixtures/publish-worker-child'
import { noProviders } from '~tests/fixtures/no-providers'
import { startTestWorker } from '~tests/fixtures/test-worker'
import { retriedAtOnce, workerProcesses } from '~tests/fixtures/worker-process'
import type { DatabaseHandle } from '~/server/db/client'
import { article, business, jobRun, keyword, plan, publication, publishing, user } from '~/server/db/schema'
import { seedPlans } from '~/server/db/seed'
import { createId } from '~/server/ids'
import { webhookHandlers, webhookMock } from '~/server/publishing/connectors/webhook/mock'
import { wordpressHandlers, wordpressMock } from '~/server/publishing/connectors/wordpress/mock'
import { encryptionKeys } from './crypto'
import { sealSecrets } from './integrations.service'
import { enqueuePublish } from './publish.service'
import { articlePublishJob } from './publishing.jobs'

// Exactly once across a real crash (docs/decisions/0012-publishing.md): a worker process posts an
// article to the CMS, the CMS stores the post, and the worker is SIGKILLed before our commit (the
// CMS's answer is held until then). A second worker picks the job up once the dead one's heartbeat
// lapses: for WordPress it finds the post by slug and adopts it, for the webhook it redelivers
// with the same webhook-id, which the receiver already stored. One post in the end, either way.
const CHILD = 'tests/fixtures/publish-worker-child.ts'
const WP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
const HOOK_SECRET = `whsec_${Buffer.from('the receiver’s own signing secret').toString('base64')}`
const workers = workerProcesses()
const startWorker = () => workers.start<PublishChildEvent, PublishChildSettings>(CHILD)

/**
 * The CMS on loopback, answered by the vendor mocks. The first creating request (a new post, a
 * webhook delivery) is stored by the mock but its answer is held back: the worker is killed while
 * it waits, as if it died between the CMS's answer and its own commit.
 */
let cms: Server
let origin = ''
let toHold = 0
let allHeld: () => void = () => {}

/** Holds the answers of the next `count` creating requests; resolves once the CMS stored them all. */
function holdCreations(count: number) {
  toHold = count
  return new Promise<void>((resolve) => (allHeld = resolve))
}

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

beforeAll(async () => {
  // The children inherit it: the CMS is on 127.0.0.1.
  process.env.FETCH_ALLOW_LOOPBACK = 'true'
  let handlers: RequestHandler[] = []
  cms = createServer(async (incoming, outgoing) => {
    const body = await bodyOf(incoming)
    const method = incoming.method ?? 'GET'
    const request = new Request(`${origin}${incoming.url}`, {
      method,
      headers: incoming.headers as Record<string, string>,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    })
    const response = await getResponse(handlers, request)
    if (!response) return void outgoing.writeHead(404).end()
    const path = new URL(request.url).pathname
    if (toHold > 0 && method === 'POST' && (path === '/wp-json/wp/v2/posts' || path === '/hook')) {
      toHold -= 1
      if (toHold === 0) allHeld()
      return
    }
    outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()))
    outgoing.end(Buffer.from(await response.arrayBuffer()))
  })
  cms.listen(0, '127.0.0.1')
  await once(cms, 'listening')
  origin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`
  handlers = [
    ...wordpressHandlers({ baseUrl: origin, username: 'editor', applicationPassword: WP_PASSWORD }),
    ...webhookHandlers({ url: `${origin}/hook`, secret: HOOK_SECRET }),
  ]
})
afterAll(() => {
  cms?.closeAllConnections()
  cms?.close()
})

type Target = 'wordpress' | 'webhook'

/** A Growth user with two businesses, each with one approved article and one target (WordPress, webhook), and their publishing jobs queued. */
async function prepare(handle: DatabaseHandle) {
  const { db } = handle
  await seedPlans(db)
  const [growth] = await db.select({ id: plan.id }).from(plan).where(eq(plan.name, 'Growth'))
  const userId = createId()
  await db.insert(user).values({ id: userId, name: 'Publish Crash', email: `${userId.toLowerCase()}@example.com`, plan: growth!.id })
  const wordpress = await businessWithArticle(db, userId, 'wordpress')
  const webhook = await businessWithArticle(db, userId, 'webhook')
  const jobs = await startTestWorker({ handle }, { work: false, kinds: [retriedAtOnce(articlePublishJob)], providers: noProviders() })
  try {
    return {
      wordpress: { ...wordpress, ...(await enqueuePublish(db, { userId, ...wordpress })) },
      webhook: { ...webhook, ...(await enqueuePublish(db, { userId, ...webhook })) },
    }
  } finally {
    await jobs.stop()
  }
}

async function businessWithArticle(db: DatabaseHandle['db'], userId: string, type: Target) {
  const [owned] = await db
    .insert(business)
    .values({ userId, name: `Acme Roasters (${type})`, url: `https://${type}.acme-roasters.example` })
    .returning()
  const [planned] = await db
    .insert(keyword)
    .values({ businessId: owned!.id, keyword: 'best espresso beans', status: 'scheduled', scheduledAt: new Date() })
    .returning()
  const [written] = await db
    .insert(article)
    .values({
      businessId: owned!.id,
      keywordId: planned!.id,
      keyword: 'best espresso beans',
      status: 'approved',
      title: 'Best Espresso Beans',
      slug: 'best-espresso-beans',
      metaTitle: 'Best Espresso Beans',
      metaDescription: 'How to choose espresso beans.',
      outline: [],
      markdown: '# Best Espresso Beans\n\nFresh beans pull sweeter shots.',
      html: '<h1>Best Espresso Beans</h1><p>Fresh beans pull sweeter shots.</p>',
      images: [],
      faq: [],
      jsonLd: [],
      citations: [],
      internalLinks: [],
      wordCount: 6,
      seoScore: 90,
      seoChecks: [],
    })
    .returning()
  const keys = encryptionKeys(env())
  const secrets: Record<string, string> =
    type === 'wordpress' ? { applicationPassword: WP_PASSWORD.replace(/\s/g, '') } : { secret: HOOK_SECRET }
  await db.insert(publishing).values({
    businessId: owned!.id,
    type,
    config: type === 'wordpress' ? { siteUrl: origin, username: 'editor' } : { url: `${origin}/hook` },
    secrets: sealSecrets({ businessId: owned!.id, type }, secrets, keys),
    status: 'working',
  })
  return { businessId: owned!.id, articleId: written!.id }
}

describe('publishing workers killed between the CMS’s answer and our commit', () => {
  let outcome: Record<Target, { job: typeof jobRun.$inferSelect; where: typeof publication.$inferSelect; status: string }>

  beforeAll(async () => {
    wordpressMock.reset()
    webhookMock.reset()
    const held = holdCreations(2)
    const first = startWorker()
    const { database, reopen, prepared } = await workers.sharedDatabase('rankpilot-publish-crash-', prepare)
    first.open(database)
    await held
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })

    const second = startWorker()
    second.open(database)
    await second.waitFor((event) => event.event === 'completed' && event.jobId === prepared.wordpress.jobId, 60_000)
    await second.waitFor((event) => event.event === 'completed' && event.jobId === prepared.webhook.jobId, 60_000)
    const stopped = second.exited
    second.child.kill('SIGTERM')
    expect((await stopped).code).toBe(0)

    const handle = reopen()
    try {
      const read = async (target: { jobId: string; articleId: string }) => {
        const [job] = await handle.db.select().from(jobRun).where(eq(jobRun.id, target.jobId))
        const [where] = await handle.db.select().from(publication).where(eq(publication.articleId, target.articleId))
        const [published] = await handle.db.select({ status: article.status }).from(article).where(eq(article.id, target.articleId))
        return { job: job!, where: where!, status: published!.status }
      }
      outcome = { wordpress: await read(prepared.wordpress), webhook: await read(prepared.webhook) }
    } finally {
      await handle.close()
    }
  }, 150_000)

  it('WordPress: the next worker finds the post by slug and adopts it; one post in all', () => {
    expect(outcome.wordpress.job).toMatchObject({ state: 'completed', attempts: 2, error: null })
    expect(outcome.wordpress.status).toBe('published')
    expect(wordpressMock.posts).toEqual([expect.objectContaining({ slug: 'best-espresso-beans', status: 'publish' })])
    expect(outcome.wordpress.where).toMatchObject({
      status: 'published',
      externalId: String(wordpressMock.posts[0]!.id),
      url: `${origin}/best-espresso-beans/`,
    })
  })

  it('the webhook: the next worker redelivers with the same webhook-id; the receiver stored it once', () => {
    expect(outcome.webhook.job).toMatchObject({ state: 'completed', attempts: 2, error: null })
    expect(outcome.webhook.status).toBe('published')
    expect(webhookMock.deliveries).toHaveLength(1)
    expect(webhookMock.redeliveries).toBe(1)
    expect(webhookMock.deliveries[0]!.body).toMatchObject({ type: 'article.published', data: { slug: 'best-espresso-beans' } })
    expect(outcome.webhook.where).toMatchObject({ status: 'published', url: `${origin}/blog/best-espresso-beans` })
  })
})
