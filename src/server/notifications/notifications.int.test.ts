import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { and, eq, inArray } from 'drizzle-orm'
import { simpleParser, type ParsedMail } from 'mailparser'
import { http, HttpResponse } from 'msw'
import { SMTPServer } from 'smtp-server'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useMockServer } from '~tests/fixtures/mock-server'
import { insertArticle, insertBusiness, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { startTestWorker, withRetries, type TestWorker } from '~tests/fixtures/test-worker'
import { ARTICLE_UNIT, recordUsage } from '~/server/billing/usage'
import { jobRun, notificationSent, publishing } from '~/server/db/schema'
import { createMailer } from '~/server/email/mailer'
import { NOTIFICATION_SENT_RETENTION_DAYS, purgeExpired } from '~/server/maintenance/purge-expired'
import { createConnectorFetch } from '~/server/publishing/connector-fetch'
import { connectorClient } from '~/server/publishing/connectors'
import { encryptionKeys } from '~/server/publishing/crypto'
import { deliverEvent } from '~/server/publishing/event-delivery'
import { runPublish } from '~/server/publishing/publish.service'
import { webhookDeliverJob } from '~/server/publishing/publishing.jobs'
import { injectFault } from '~/server/demo-network/mock-faults'
import { wordpressHandlers } from '~/server/publishing/connectors/wordpress/mock'
import { connectIntegration, type PublishingDeps } from '~/server/publishing/integrations.service'
import type { WebhookEvent } from '~/shared/integrations'
import {
  getNotificationSettings,
  localClock,
  notifyConnectorBroken,
  notifyPlanReady,
  notifyPublishingFailed,
  notifyUsage,
  queueDueDigests,
  sendNotification,
  updateNotificationSettings,
  type NotificationDeps,
} from './notifications.service'
import { notificationSendJob } from './notifications.jobs'
import { handleUnsubscribe, INVALID_LINK_MESSAGE } from './unsubscribe-page'

// Notifications end to end (docs/product/notifications.md): the jobs run on the queue, and the
// app's mailer sends over SMTP to a real SMTP server (the smtp-server library) started here on
// loopback; each message it receives is parsed with mailparser, so what is asserted is what a
// mail client would read. Webhook events go to an endpoint that verifies their signature.

interface Received {
  to: string[]
  mail: ParsedMail
  /** Raw header lines by lowercase name. */
  header(name: string): string | undefined
}

const mails: Received[] = []
let smtp: SMTPServer
let smtpUrl = ''

const HOOKS = 'https://93.184.215.40'
const WP = 'https://93.184.215.41'
const WP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
const hookBodies: { path: string; type: string; verified: boolean; data: Record<string, unknown> }[] = []
const secretOf = new Map<string, string>()

useMockServer(
  http.post(`${HOOKS}/:hook`, async ({ request, params }) => {
    const path = `/${String(params.hook)}`
    const text = await request.text()
    let verified = true
    let body: { type: string; data: Record<string, unknown> }
    try {
      body = new Webhook(secretOf.get(path) ?? '').verify(text, Object.fromEntries(request.headers.entries())) as typeof body
    } catch {
      verified = false
      body = JSON.parse(text) as typeof body
    }
    if (body.type !== 'webhook.test') hookBodies.push({ path, type: body.type, verified, data: body.data })
    return HttpResponse.json({ received: true })
  }),
  ...wordpressHandlers({ baseUrl: WP, username: 'editor', applicationPassword: WP_PASSWORD }),
)

let app: TestApp
let worker: TestWorker | undefined
let deps: NotificationDeps
let publishingDeps: PublishingDeps

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          // Unfolded (RFC 5322 §2.2.3): a long header line arrives folded.
          const lines = new Map(mail.headerLines.map((line) => [line.key.toLowerCase(), line.line.replace(/\r\n/g, '')]))
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail,
            header: (name) => lines.get(name.toLowerCase()),
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`

  app = await createTestApp()
  deps = {
    mailer: createMailer({ from: app.env.EMAIL_FROM, smtpUrl, outboxDir: app.outbox.dir }),
    outbox: createMailer({ from: app.env.EMAIL_FROM, outboxDir: app.outbox.dir }),
    appName: app.env.APP_NAME,
    appUrl: TEST_APP_URL,
    secret: app.env.BETTER_AUTH_SECRET,
  }
  publishingDeps = {
    keys: encryptionKeys(app.env),
    fetchFor: (provider, _hint, classifyFailure) =>
      createConnectorFetch({ provider, classifyFailure, retries: 0, baseDelayMs: 1, timeoutMs: 2000, sleep: () => Promise.resolve() }),
    connector: connectorClient,
  }
  worker = await startTestWorker(app, {
    kinds: [
      { ...withRetries(notificationSendJob, 0), handler: ({ db, input, jobId }) => sendNotification(db, input, jobId, deps) },
      { ...withRetries(webhookDeliverJob, 0), handler: ({ db, input, signal }) => deliverEvent(db, input, { ...publishingDeps, signal }) },
    ],
  })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()))
})

/** Waits until every notification job of the user has ended; answers their results in order. */
async function settled(userId: string, count: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await app.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.userId, userId), inArray(jobRun.kind, [notificationSendJob.name, webhookDeliverJob.name])))
      .orderBy(jobRun.createdAt)
    if (rows.length >= count && rows.every((row) => ['completed', 'failed', 'cancelled'].includes(row.state))) {
      return rows.filter((row) => row.kind === notificationSendJob.name).map((row) => ({ state: row.state, result: row.result }))
    }
    if (Date.now() > deadline)
      throw new Error(`notification jobs of ${userId}: ${JSON.stringify(rows.map((row) => [row.kind, row.state]))}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const mailsTo = (email: string) => mails.filter((item) => item.to.includes(email))

async function owner(values: { name: string; plan?: 'Starter' | 'Growth' }) {
  const signedUp = await app.signUp({ plan: values.plan ?? 'Growth', name: 'Ada' })
  const business = (await insertBusiness(app, signedUp.userId, {
    name: values.name,
    url: `https://${randomBytes(4).toString('hex')}.example`,
  }))!
  return { ...signedUp, business }
}

async function wordpressConnector(businessId: string) {
  const [row] = await app.db
    .insert(publishing)
    .values({ businessId, type: 'wordpress', config: { url: 'https://blog.example' }, status: 'broken', lastError: 'refused' })
    .returning()
  return row!
}

async function connectHook(businessId: string, events: WebhookEvent[]) {
  const path = `/hook-${randomBytes(4).toString('hex')}`
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  secretOf.set(path, secret)
  const connected = await connectIntegration(
    app.db,
    businessId,
    { type: 'webhook', config: { url: `${HOOKS}${path}` }, secrets: { secret }, events },
    publishingDeps,
  )
  expect(connected.test).toMatchObject({ ok: true })
  return path
}

const unsubscribeRequest = (url: string, method: 'GET' | 'POST') =>
  new Request(url, {
    method,
    ...(method === 'POST' ? { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  })

describe('immediate notifications', () => {
  it('a broken connection is one email per connection per day, plain text and HTML, with one-click unsubscribe headers', async () => {
    const ada = await owner({ name: 'Acme Roasters' })
    const connector = await wordpressConnector(ada.business.id)
    await notifyConnectorBroken(app.db, {
      businessId: ada.business.id,
      integrationId: connector.id,
      error: 'WordPress refused the application password.',
    })
    expect(await settled(ada.userId, 1)).toEqual([{ state: 'completed', result: expect.objectContaining({ sent: true }) }])
    // Again the same day; a failure on it while broken (no job: the broken email covers it), and
    // one once it works again: no second email.
    await notifyConnectorBroken(app.db, { businessId: ada.business.id, integrationId: connector.id, error: 'Still refused.' })
    const article = await insertArticle(app, ada.business.id, { title: 'Best espresso beans', slug: 'best-espresso-beans' })
    await notifyPublishingFailed(app.db, {
      businessId: ada.business.id,
      articleId: article.id,
      integrationId: connector.id,
      target: 'WordPress',
      error: 'HTTP 401',
    })
    await app.db.update(publishing).set({ status: 'working' }).where(eq(publishing.id, connector.id))
    await notifyPublishingFailed(app.db, {
      businessId: ada.business.id,
      articleId: article.id,
      integrationId: connector.id,
      target: 'WordPress',
      error: 'HTTP 500',
    })
    const results = await settled(ada.userId, 3)
    expect(results.map((run) => run.result)).toEqual([
      expect.objectContaining({ sent: true }),
      { sent: false, skipped: 'already-sent' },
      { sent: false, skipped: 'already-sent' },
    ])

    const received = mailsTo(ada.email)
    expect(received).toHaveLength(1)
    const [{ mail, header }] = received
    expect(mail.subject).toBe('Acme Roasters: the WordPress connection stopped working')
    expect(mail.text).toContain('WordPress refused the application password.')
    expect(mail.text).toContain(`Reconnect WordPress: ${TEST_APP_URL}/integrations`)
    expect(mail.html).toContain(`href="${TEST_APP_URL}/integrations"`)
    expect(mail.html).toContain('Acme Roasters')
    expect(header('list-unsubscribe')).toMatch(
      new RegExp(`^List-Unsubscribe: <${TEST_APP_URL}/unsubscribe\\?token=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+>$`),
    )
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    const sent = await app.db.select().from(notificationSent).where(eq(notificationSent.userId, ada.userId))
    expect(sent.map((row) => [row.kind, row.key, row.sentAt !== null])).toEqual([
      ['connector_broken', `connector:${connector.id}:${localClock(new Date(), 'UTC').date}`, true],
    ])
  })

  it('publishing that finds WordPress’s credentials refused: the connection turns broken and its owner gets one email', async () => {
    const ada = await owner({ name: 'Live Roasters' })
    const connected = await connectIntegration(
      app.db,
      ada.business.id,
      { type: 'wordpress', config: { siteUrl: WP, username: 'editor' }, secrets: { applicationPassword: WP_PASSWORD } },
      publishingDeps,
    )
    expect(connected.test).toMatchObject({ ok: true })
    const article = await insertArticle(app, ada.business.id, { title: 'Espresso at home', slug: 'espresso-at-home', status: 'approved' })
    injectFault('wordpress', {
      kind: 'status',
      status: 401,
      body: { code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } },
      times: 1,
    })
    const outcome = await runPublish(
      app.db,
      { businessId: ada.business.id, articleId: article.id, action: 'publish' },
      { ...publishingDeps, dataDir: app.env.DATA_DIR },
    )
    expect(outcome).toMatchObject({ failed: 1 })
    // The connection turned broken and the article failed on it: one email, about the connection.
    expect((await settled(ada.userId, 1)).map((run) => run.result)).toEqual([expect.objectContaining({ sent: true })])
    const received = mailsTo(ada.email)
    expect(received.map((item) => item.mail.subject)).toEqual(['Live Roasters: the WordPress connection stopped working'])
    expect(received[0]!.mail.text).toContain('invalid application password')
  })

  it('a publishing failure with no connection named is an email about the article', async () => {
    const ada = await owner({ name: 'Bean There' })
    const article = await insertArticle(app, ada.business.id, { title: 'Cold brew ratios', slug: 'cold-brew-ratios' })
    await notifyPublishingFailed(app.db, { businessId: ada.business.id, articleId: article.id, error: 'The CMS kept answering HTTP 503.' })
    await settled(ada.userId, 1)
    const [{ mail }] = mailsTo(ada.email)
    expect(mail.subject).toBe('Bean There: an article could not be published')
    expect(mail.text).toContain('“Cold brew ratios” of Bean There could not be published.')
    expect(mail.text).toContain(`Open the article: ${TEST_APP_URL}/content/${article.id}`)
  })

  it('the month’s plan ready', async () => {
    const ada = await owner({ name: 'Grind House' })
    await notifyPlanReady(app.db, { id: 'run-1', businessId: ada.business.id, month: '2026-12', planned: 28 })
    await settled(ada.userId, 1)
    const [{ mail }] = mailsTo(ada.email)
    expect(mail.subject).toBe('Grind House: your plan for December 2026 is ready')
    expect(mail.text).toContain('has planned 28 keywords for December 2026')
    expect(mail.html).toContain(`href="${TEST_APP_URL}/keywords"`)

    await notifyPlanReady(app.db, { id: 'run-2', businessId: ada.business.id, month: '2027-01', planned: 0 })
    await settled(ada.userId, 2)
    expect(mailsTo(ada.email)[1]!.mail.text).toContain('found no new keyword to plan for January 2027')
  })

  it('usage at 80 % and at 100 % of the allowance: one email each, and the webhook event', async () => {
    const ada = await owner({ name: 'Drip Co', plan: 'Starter' })
    const hook = await connectHook(ada.business.id, ['usage.threshold'])
    let n = 0
    const write = async (count: number) => {
      for (let i = 0; i < count; i++) {
        await recordUsage(app.db, {
          userId: ada.userId,
          businessId: ada.business.id,
          source: 'article.generate',
          unit: ARTICLE_UNIT,
          idempotencyKey: `t-${++n}`,
        })
        await notifyUsage(app.db, { userId: ada.userId, businessId: ada.business.id, quantity: 1 })
      }
    }
    // Starter includes 15 articles: the 12th is 80 %, the 15th 100 %.
    await write(11)
    expect(mailsTo(ada.email)).toHaveLength(0)
    await write(1)
    await settled(ada.userId, 2)
    await write(3)
    await settled(ada.userId, 4)
    await write(1)
    await settled(ada.userId, 4)
    expect(mailsTo(ada.email).map((item) => item.mail.subject)).toEqual([
      "You have used 80 % of this month's articles",
      'You have used all 15 articles of this month',
    ])
    expect(mailsTo(ada.email)[1]!.mail.text).toContain(`See your plan and usage: ${TEST_APP_URL}/settings#plan-and-billing`)
    const events = hookBodies.filter((body) => body.path === hook)
    expect(events.map((body) => [body.type, body.verified, body.data.threshold, body.data.used, body.data.allowance])).toEqual([
      ['usage.threshold', true, 80, 12, 15],
      ['usage.threshold', true, 100, 15, 15],
    ])
  })

  it('a broken connection is the business’s connector.broken webhook event', async () => {
    const ada = await owner({ name: 'Webhook Beans' })
    const hook = await connectHook(ada.business.id, ['connector.broken'])
    const connector = await wordpressConnector(ada.business.id)
    await notifyConnectorBroken(app.db, { businessId: ada.business.id, integrationId: connector.id, error: 'HTTP 401' })
    await settled(ada.userId, 2)
    expect(hookBodies.filter((body) => body.path === hook)).toEqual([
      {
        path: hook,
        type: 'connector.broken',
        verified: true,
        data: {
          integrationId: connector.id,
          connector: 'wordpress',
          label: 'WordPress',
          error: 'HTTP 401',
          url: `${TEST_APP_URL}/integrations`,
        },
      },
    ])
  })
})

describe('daily digest', () => {
  it('goes out at the user’s digest hour in their time zone, listing drafts waiting and articles held, once a day', async () => {
    const ada = await owner({ name: 'Tokyo Roast' })
    await updateNotificationSettings(app.db, ada.userId, { digestHour: 9, timeZone: 'Asia/Tokyo' })
    const hook = await connectHook(ada.business.id, ['drafts.waiting'])
    const reviewed = (await insertBusiness(app, ada.userId, { name: 'Review First', autoPublish: false }))!
    await insertArticle(app, ada.business.id, { title: 'Held one', slug: 'held-one', status: 'held', seoScore: 55 })
    await insertArticle(app, ada.business.id, { title: 'Autopilot draft', slug: 'autopilot-draft', status: 'draft' })
    await insertArticle(app, reviewed.id, { title: 'Waiting one', slug: 'waiting-one', status: 'draft' })
    await insertArticle(app, reviewed.id, { title: 'Waiting two', slug: 'waiting-two', status: 'draft' })

    // 09:00 UTC is 18:00 in Tokyo: not the hour.
    await queueDueDigests(app.db, new Date('2026-11-30T09:10:00Z'))
    // 00:10 UTC is 09:10 in Tokyo: the hour, twice (a retried sweep) — one digest.
    await queueDueDigests(app.db, new Date('2026-11-30T00:10:00Z'))
    await settled(ada.userId, 2)
    await queueDueDigests(app.db, new Date('2026-11-30T00:40:00Z'))
    const results = await settled(ada.userId, 3)
    expect(results.map((run) => run.result)).toEqual([
      { sent: true, key: 'digest:2026-11-30' },
      { sent: false, skipped: 'already-sent' },
    ])

    const received = mailsTo(ada.email)
    expect(received).toHaveLength(1)
    const [{ mail, header }] = received
    expect(mail.subject).toBe('2 drafts waiting for review and 1 article held below the score floor')
    expect(mail.text).toContain('Tokyo Roast: 1 article held below the SEO score floor.')
    expect(mail.text).toContain('Review First: 2 drafts waiting for your approval.')
    expect(mail.text).toContain(`Review the articles: ${TEST_APP_URL}/content`)
    expect(mail.html).toContain('Review First: 2 drafts waiting for your approval.')
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(hookBodies.filter((body) => body.path === hook)).toEqual([
      {
        path: hook,
        type: 'drafts.waiting',
        verified: true,
        data: { waitingForReview: 0, heldBelowFloor: 1, date: '2026-11-30', url: `${TEST_APP_URL}/content` },
      },
    ])
  })

  it('is not sent when turned off, nor to a user with nothing waiting', async () => {
    const off = await owner({ name: 'Quiet Beans' })
    await updateNotificationSettings(app.db, off.userId, { enabled: { drafts_digest: false } })
    await insertArticle(app, off.business.id, { title: 'Held', slug: 'held', status: 'held' })
    const idle = await owner({ name: 'Idle Beans' })
    await insertArticle(app, idle.business.id, { title: 'Live', slug: 'live', status: 'published' })
    await queueDueDigests(app.db, new Date('2026-11-30T08:05:00Z'))
    const jobs = await app.db
      .select()
      .from(jobRun)
      .where(inArray(jobRun.userId, [off.userId, idle.userId]))
    expect(jobs).toEqual([])
  })
})

describe('one-click unsubscribe', () => {
  it('GET shows a confirmation and changes nothing; POST signed out turns that kind off, the others stay on', async () => {
    const ada = await owner({ name: 'Unsub Roasters' })
    const first = await wordpressConnector(ada.business.id)
    await notifyConnectorBroken(app.db, { businessId: ada.business.id, integrationId: first.id, error: 'refused' })
    await settled(ada.userId, 1)
    const [{ header }] = mailsTo(ada.email)
    const url = /<([^>]+)>/.exec(header('list-unsubscribe')!)![1]!

    const shown = await handleUnsubscribe(unsubscribeRequest(url, 'GET'), { db: app.db, secret: deps.secret })
    expect(shown.status).toBe(200)
    const page = await shown.text()
    expect(page).toContain('Unsubscribe from “Connection broken”')
    expect(page).toContain('<form method="post"')
    expect((await getNotificationSettings(app.db, ada.userId)).enabled.connector_broken).toBe(true)

    const done = await handleUnsubscribe(unsubscribeRequest(url, 'POST'), { db: app.db, secret: deps.secret })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('You will no longer get “Connection broken” emails.')
    const settings = await getNotificationSettings(app.db, ada.userId)
    expect(settings.enabled).toEqual({
      publishing_failed: true,
      connector_broken: false,
      drafts_digest: true,
      plan_ready: true,
      usage_limit: true,
    })

    // Another connection breaks: no email now.
    await app.db.delete(publishing).where(eq(publishing.id, first.id))
    const second = await wordpressConnector(ada.business.id)
    await notifyConnectorBroken(app.db, { businessId: ada.business.id, integrationId: second.id, error: 'refused again' })
    expect((await settled(ada.userId, 2)).at(-1)!.result).toEqual({ sent: false, skipped: 'off' })
    expect(mailsTo(ada.email)).toHaveLength(1)
  })

  it('a tampered or missing token is a clear page, never a server error, and changes nothing', async () => {
    const ada = await owner({ name: 'Tamper Proof' })
    await notifyPlanReady(app.db, { id: 'run-t', businessId: ada.business.id, month: '2026-12', planned: 3 })
    await settled(ada.userId, 1)
    const url = new URL(/<([^>]+)>/.exec(mailsTo(ada.email)[0]!.header('list-unsubscribe')!)![1]!)
    const token = url.searchParams.get('token')!
    const [payload, signature] = token.split('.')
    const otherKind = Buffer.from(JSON.stringify({ u: ada.userId, k: 'usage_limit' })).toString('base64url')
    const tampered = [`${otherKind}.${signature}`, `${payload}.${signature!.slice(0, -2)}AA`, 'garbage', '', `${payload}`]
    for (const bad of tampered) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await handleUnsubscribe(
          unsubscribeRequest(`${TEST_APP_URL}/unsubscribe?token=${encodeURIComponent(bad)}`, method),
          {
            db: app.db,
            secret: deps.secret,
          },
        )
        expect([bad, method, response.status]).toEqual([bad, method, 400])
        expect(await response.text()).toContain(INVALID_LINK_MESSAGE.slice(0, 40))
      }
    }
    expect(Object.values((await getNotificationSettings(app.db, ada.userId)).enabled).every(Boolean)).toBe(true)
  })
})

describe('settings', () => {
  it('each user reads and changes only their own notification settings', async () => {
    const ada = await owner({ name: 'Settings Ada' })
    const eve = await owner({ name: 'Settings Eve' })
    const client = rpcClient(app, ada.cookie)
    expect(await client.settings.notifications()).toEqual({
      enabled: { publishing_failed: true, connector_broken: true, drafts_digest: true, plan_ready: true, usage_limit: true },
      digestHour: 8,
      timeZone: 'UTC',
      saved: false,
    })
    const saved = await client.settings.updateNotifications({ enabled: { plan_ready: false }, digestHour: 7, timeZone: 'Europe/Paris' })
    expect(saved).toMatchObject({ enabled: { plan_ready: false, usage_limit: true }, digestHour: 7, timeZone: 'Europe/Paris', saved: true })
    expect(await rpcClient(app, eve.cookie).settings.notifications()).toMatchObject({
      enabled: { plan_ready: true },
      digestHour: 8,
      timeZone: 'UTC',
      saved: false,
    })
    await expect(client.settings.updateNotifications({ timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      message: expect.stringContaining('time zone'),
    })
    await expect(client.settings.updateNotifications({ digestHour: 24 })).rejects.toMatchObject({
      message: expect.stringContaining('0 to 23'),
    })
  })
})

describe('the sent-log', () => {
  it('is purged after its retention, so it does not grow for ever; recent keys stay', async () => {
    const ada = await owner({ name: 'Old Logs' })
    const day = 24 * 60 * 60 * 1000
    const now = new Date()
    await app.db.insert(notificationSent).values([
      {
        userId: ada.userId,
        kind: 'plan_ready',
        key: 'plan:old',
        sentAt: now,
        createdAt: new Date(now.getTime() - (NOTIFICATION_SENT_RETENTION_DAYS + 1) * day),
      },
      {
        userId: ada.userId,
        kind: 'plan_ready',
        key: 'plan:recent',
        sentAt: now,
        createdAt: new Date(now.getTime() - (NOTIFICATION_SENT_RETENTION_DAYS - 1) * day),
      },
    ])
    expect((await purgeExpired(app.db, now)).notificationsSent).toBeGreaterThanOrEqual(1)
    const left = await app.db.select({ key: notificationSent.key }).from(notificationSent).where(eq(notificationSent.userId, ada.userId))
    expect(left.map((row) => row.key)).toEqual(['plan:recent'])
  })
})
