import { and, eq, sql } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { Webhook } from 'standardwebhooks'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useMockServer } from '~tests/fixtures/mock-server'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { usePublishingApp } from '~tests/fixtures/publishing-app'
import type { TestApp } from '~tests/fixtures/test-app'
import { illustratedContent } from '~tests/fixtures/illustrated-article'
import { env } from '~/env'
import { mediaResponse, storeMedia } from '~/server/media/media-store'
import { article, jobRun, keyword, publication, publishing } from '~/server/db/schema'
import { gradientPng } from '~/server/demo-network/images/png'
import { JobError } from '~/server/jobs/errors'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { webhookHandlers, webhookMock } from '~/server/publishing/connectors/webhook/mock'
import { wordpressHandlers, wordpressMock } from '~/server/publishing/connectors/wordpress/mock'
import { createConnectorFetch } from './connector-fetch'
import { connectPinned, type Connect } from '~/server/outbound/transport'
import {
  connectIntegration,
  listIntegrations,
  readSecrets,
  reencryptSecrets,
  testIntegration,
  type PublishingDeps,
} from './integrations.service'
import { feedResponse } from './feed'
import { waitingForReconnection } from './publish-target'
import { publishDueArticles, publishUpdateNow, runPublish } from './publish.service'

// Publishing end to end on the database, against the WordPress and webhook mocks: connect (kept
// encrypted, tested at once), publish exactly once (also when the worker dies between the CMS's
// answer and our commit), sync edits, unpublish on archive, and each kind of failure recorded
// where the user sees it (docs/product/publishing.md).

// Public addresses as IP literals: the connector fetch checks them without DNS.
const WP = 'https://93.184.215.14'
const HOOK = 'https://93.184.215.15/rankpilot'
const WP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
const HOOK_SECRET = `whsec_${Buffer.from('the customer’s own webhook secret!').toString('base64')}`

const mockServer = useMockServer(
  ...wordpressHandlers({ baseUrl: WP, username: 'editor', applicationPassword: WP_PASSWORD }),
  ...webhookHandlers({ url: HOOK, secret: HOOK_SECRET }),
)

const setup = usePublishingApp()
let app: TestApp
let deps: PublishingDeps
let owner: { userId: string; cookie: string }
beforeAll(() => ({ app, deps, owner } = setup))
beforeEach(() => {
  wordpressMock.reset()
  webhookMock.reset()
})

async function newBusinessWithArticle(slug = 'best-espresso-beans') {
  const owned = await insertBusiness(app, owner.userId)
  const planned = await insertKeyword(app, owned.id, {
    keyword: slug.replace(/-/g, ' '),
    status: 'scheduled',
    scheduledAt: new Date(Date.now() - 60_000),
  })
  const written = await insertArticle(app, owned.id, {
    keywordId: planned.id,
    title: 'Best Espresso Beans',
    slug,
    status: 'approved',
    html: '<p>Freshly roasted beans pull sweeter shots.</p>',
  })
  return { businessId: owned.id, articleId: written.id, keywordId: planned.id }
}

const connectWordpress = (businessId: string, password = WP_PASSWORD) =>
  connectIntegration(
    app.db,
    businessId,
    { type: 'wordpress', config: { siteUrl: WP, username: 'editor' }, secrets: { applicationPassword: password } },
    deps,
  )
const connectWebhook = (businessId: string) =>
  connectIntegration(app.db, businessId, { type: 'webhook', config: { url: HOOK }, secrets: { secret: HOOK_SECRET } }, deps)
const publish = (target: { businessId: string; articleId: string }, extra: Partial<Parameters<typeof runPublish>[2]> = {}) =>
  runPublish(app.db, { ...target, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR, ...extra })
const publicationsOf = (articleId: string) => app.db.select().from(publication).where(eq(publication.articleId, articleId))

describe('connecting', () => {
  it('keeps the credentials encrypted: the row holds no plaintext, the list shows them masked', async () => {
    const { businessId } = await newBusinessWithArticle()
    const connected = await connectWordpress(businessId)
    expect(connected.test).toEqual({ ok: true, account: 'Signed in as editor on 93.184.215.14' })
    expect(connected.integration).toMatchObject({ status: 'working', lastError: null, config: { siteUrl: WP, username: 'editor' } })

    const [row] = await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))
    const stored = JSON.stringify(row)
    expect(stored).not.toContain('abcdefghijklmnopqrstuvwx')
    expect(stored).not.toContain('abcd efgh')
    expect(row!.secrets).toMatch(/^v1\.[0-9a-f]{8}\./)

    const listed = await listIntegrations(app.db, businessId, deps)
    expect(listed.integrations).toEqual([expect.objectContaining({ type: 'wordpress', secrets: { applicationPassword: '••••uvwx' } })])
    expect(JSON.stringify(listed)).not.toContain('abcdefghijklmnopqrstuvwx')
  })

  it('a ciphertext moved to another business does not decrypt there', async () => {
    const first = await newBusinessWithArticle()
    const second = await newBusinessWithArticle()
    await connectWordpress(first.businessId)
    await connectWordpress(second.businessId)
    const [copied] = await app.db.select().from(publishing).where(eq(publishing.businessId, first.businessId))
    await app.db.update(publishing).set({ secrets: copied!.secrets }).where(eq(publishing.businessId, second.businessId))
    const listed = await listIntegrations(app.db, second.businessId, deps)
    expect(listed.integrations[0]!.secrets).toEqual({ applicationPassword: '' })
  })

  it('a first Connect whose test fails saves nothing and says why, in WordPress’s own words', async () => {
    const { businessId } = await newBusinessWithArticle()
    const connected = await connectWordpress(businessId, 'wrong wrong wrong wrong')
    expect(connected).toMatchObject({
      saved: false,
      integration: null,
      // WordPress's answer to a wrong application password (6.3.2 and later): nobody signed in.
      test: { ok: false, error: expect.stringContaining('(HTTP 401: You are not currently logged in.)') },
      message: expect.stringMatching(/^The connection test failed, so WordPress was not connected\. WordPress refused our credentials/),
    })
    expect(await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))).toEqual([])
    // Fixing the one wrong field connects it.
    expect(await connectWordpress(businessId)).toMatchObject({ saved: true, integration: { status: 'working' } })
  })

  it('a failed Connect never overwrites a working connection: settings, secrets and status are kept, and publishing goes on', async () => {
    const target = await newBusinessWithArticle()
    const { businessId } = target
    await connectWordpress(businessId)
    const [before] = await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))

    const wrongPassword = await connectWordpress(businessId, 'wrong wrong wrong wrong')
    expect(wrongPassword).toMatchObject({
      saved: false,
      test: { ok: false, error: expect.stringContaining('You are not currently logged in.') },
      integration: { status: 'working', lastError: null, config: { siteUrl: WP, username: 'editor' } },
      message: expect.stringContaining('nothing was changed: the previous WordPress connection is kept.'),
    })
    const otherUser = await connectIntegration(
      app.db,
      businessId,
      { type: 'wordpress', config: { siteUrl: WP, username: 'intruder' }, secrets: { applicationPassword: '' } },
      deps,
    )
    expect(otherUser).toMatchObject({
      saved: false,
      test: { ok: false, error: expect.stringContaining('refused our credentials (HTTP 401') },
    })
    expect(await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))).toEqual([before])

    expect(await publish(target)).toMatchObject({ published: 1, failed: 0 })
    expect(wordpressMock.posts).toHaveLength(1)
  })

  it('a passing Connect saves the settings as working, and an empty secret keeps the stored one', async () => {
    const { businessId } = await newBusinessWithArticle()
    expect((await connectWordpress(businessId)).integration!.status).toBe('working')
    const kept = await connectIntegration(
      app.db,
      businessId,
      { type: 'wordpress', config: { siteUrl: WP, username: 'editor' }, secrets: { applicationPassword: '' } },
      deps,
    )
    expect(kept).toMatchObject({ saved: true, test: { ok: true }, message: 'WordPress updated: Signed in as editor on 93.184.215.14.' })
    const [row] = await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))
    expect(readSecrets(row!, deps.keys)).toEqual({ applicationPassword: WP_PASSWORD.replace(/\s/g, '') })
  })

  it('refuses a form that breaks the rules, naming each field, and saves nothing', async () => {
    const { businessId } = await newBusinessWithArticle()
    const client = rpcClient(app, owner.cookie)
    const error = await rejectionOf(
      client.integration.connect({ businessId, type: 'wordpress', config: { siteUrl: 'blog.example', username: '' }, secrets: {} }),
    )
    expect(error).toMatchObject({ code: 'BAD_REQUEST', data: { reason: 'INVALID_INPUT' } })
    const issues = (error!.data as unknown as { issues: { path: string[]; message: string }[] }).issues
    expect(issues).toEqual([
      { path: ['config', 'siteUrl'], message: 'Enter the site address as a full address starting with https://.' },
      { path: ['config', 'username'], message: 'Enter the username.' },
      { path: ['secrets', 'applicationPassword'], message: 'Enter the application password.' },
    ])
    expect(await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))).toEqual([])
  })

  it('refuses a site on a private network before any request', async () => {
    const { businessId } = await newBusinessWithArticle()
    const connected = await connectIntegration(
      app.db,
      businessId,
      { type: 'webhook', config: { url: 'http://10.0.0.7/hook' }, secrets: { secret: HOOK_SECRET } },
      deps,
    )
    expect(connected.test).toEqual({ ok: false, error: 'http://10.0.0.7/hook points to a private network address, which we do not fetch.' })
  })

  it('generates a webhook secret when none is given, and the test event verifies with it', async () => {
    const { businessId } = await newBusinessWithArticle()
    const connected = await connectIntegration(app.db, businessId, { type: 'webhook', config: { url: HOOK }, secrets: {} }, deps)
    // The mock receiver knows only the customer's secret, so a generated one is refused there, and
    // a first connection whose test fails is not saved.
    expect(connected).toMatchObject({ saved: false, integration: null })
    expect(connected.test).toMatchObject({ ok: false, error: expect.stringContaining('refused our credentials') })
    expect(await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))).toEqual([])
  })

  it('integration.remove deletes the row and its credentials; another call is NOT_FOUND', async () => {
    const { businessId } = await newBusinessWithArticle()
    await connectWebhook(businessId)
    const client = rpcClient(app, owner.cookie)
    expect(await client.integration.remove({ businessId, type: 'webhook' })).toEqual({ type: 'webhook', removed: true })
    expect(await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))).toEqual([])
    expect(await rejectionOf(client.integration.test({ businessId, type: 'webhook' }))).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('publishing', () => {
  it('posts once to WordPress with its tags and records where it went; a second run changes nothing', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    expect(await publish(target)).toMatchObject({ published: 1, failed: 0 })
    expect(wordpressMock.posts).toEqual([
      expect.objectContaining({
        title: 'Best Espresso Beans',
        slug: 'best-espresso-beans',
        status: 'publish',
        content: '<p>Freshly roasted beans pull sweeter shots.</p>',
      }),
    ])
    expect(wordpressMock.tags.map((tag) => tag.name)).toEqual(['best espresso beans'])
    const [where] = await publicationsOf(target.articleId)
    expect(where).toMatchObject({
      status: 'published',
      externalId: String(wordpressMock.posts[0]!.id),
      url: `${WP}/best-espresso-beans/`,
      publishedRevision: 1,
    })
    const [published] = await app.db.select().from(article).where(eq(article.id, target.articleId))
    expect(published).toMatchObject({ status: 'published', publishedAt: expect.any(Date) })
    const [planned] = await app.db.select().from(keyword).where(eq(keyword.id, target.keywordId))
    expect(planned!.status).toBe('published')

    expect(await publish(target)).toMatchObject({ published: 0, skipped: 1 })
    expect(wordpressMock.posts).toHaveLength(1)
  })

  it('a worker that dies between WordPress’s answer and our commit: the retry adopts the post, one post in all', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    const died = new Error('worker killed')
    await expect(publish(target, { afterCmsCall: () => Promise.reject(died) })).rejects.toBe(died)
    expect(wordpressMock.posts).toHaveLength(1)
    expect((await publicationsOf(target.articleId))[0]!.externalId).toBeNull()

    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(wordpressMock.posts).toHaveLength(1)
    expect((await publicationsOf(target.articleId))[0]!.externalId).toBe(String(wordpressMock.posts[0]!.id))
  })

  it('a post with the same slug that this publication never asked for is left alone: the article fails there, for good, saying so', async () => {
    // Another business of the same site published first: to this article's publication, that post is the customer's.
    const first = await newBusinessWithArticle('espresso-at-home')
    await connectWordpress(first.businessId)
    expect(await publish(first)).toMatchObject({ published: 1 })
    const theirs = { ...wordpressMock.posts[0]! }

    const second = await newBusinessWithArticle('espresso-at-home')
    await connectWordpress(second.businessId)
    await app.db.update(article).set({ title: 'Espresso at Home, Our Way' }).where(eq(article.id, second.articleId))
    expect(await publish(second)).toMatchObject({ published: 0, failed: 1 })
    expect(wordpressMock.posts).toHaveLength(1)
    expect(wordpressMock.posts[0]).toMatchObject({ id: theirs.id, title: theirs.title, slug: 'espresso-at-home' })
    const [refused] = await publicationsOf(second.articleId)
    expect(refused).toMatchObject({ status: 'failed', externalId: null, createStartedAt: null })
    expect(refused!.lastError).toMatch(
      /^WordPress already has a post at https?:\/\/\S+ that Rankpilot did not make, so it was left as it is\. Change this article’s slug/,
    )

    // A new slug publishes as a post of its own.
    await app.db.update(article).set({ slug: 'espresso-at-home-our-way' }).where(eq(article.id, second.articleId))
    expect(await publish(second)).toMatchObject({ published: 1 })
    expect(wordpressMock.posts.map((post) => post.slug).sort()).toEqual(['espresso-at-home', 'espresso-at-home-our-way'])
  })

  it('the webhook: delivered once, signed with the customer’s secret; a redelivery after a crash carries the same id', async () => {
    const target = await newBusinessWithArticle()
    await connectWebhook(target.businessId)
    webhookMock.reset()
    await expect(publish(target, { afterCmsCall: () => Promise.reject(new Error('worker killed')) })).rejects.toThrow('worker killed')
    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(webhookMock.deliveries).toHaveLength(1)
    expect(webhookMock.redeliveries).toBe(1)
    const [delivery] = webhookMock.deliveries
    expect(delivery!.body).toMatchObject({
      type: 'article.published',
      data: { id: target.articleId, slug: 'best-espresso-beans', title: 'Best Espresso Beans' },
    })
    expect((await publicationsOf(target.articleId))[0]).toMatchObject({
      status: 'published',
      url: 'https://93.184.215.15/blog/best-espresso-beans',
    })
  })

  it('a delivery verifies with the standardwebhooks library and the customer’s secret, and not with another', async () => {
    const target = await newBusinessWithArticle()
    await connectWebhook(target.businessId)
    const sent: { body: string; headers: Record<string, string> }[] = []
    const capture: Connect = async (request) => {
      sent.push({ body: Buffer.from(request.body ?? []).toString(), headers: request.headers })
      return connectPinned(request)
    }
    await publish(target, { fetchFor: (provider) => createConnectorFetch({ provider, retries: 0, connect: capture }) })
    expect(sent).toHaveLength(1)
    const verified = new Webhook(HOOK_SECRET).verify(sent[0]!.body, sent[0]!.headers) as { type: string; data: { slug: string } }
    expect(verified).toMatchObject({ type: 'article.published', data: { slug: 'best-espresso-beans' } })
    const other = `whsec_${Buffer.from('somebody else’s secret, not ours').toString('base64')}`
    expect(() => new Webhook(other).verify(sent[0]!.body, sent[0]!.headers)).toThrow()
  })

  it('an edit is synced to the same post; archiving takes it off the site', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    await publish(target)
    await app.db.update(article).set({ title: 'Best Espresso Beans, Tasted', revision: 2 }).where(eq(article.id, target.articleId))
    expect((await publishDueArticles(app.db)).started).toContain(target.articleId)
    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(wordpressMock.posts).toEqual([expect.objectContaining({ title: 'Best Espresso Beans, Tasted', status: 'publish' })])
    expect((await publicationsOf(target.articleId))[0]!.publishedRevision).toBe(2)

    await app.db.update(article).set({ status: 'archived' }).where(eq(article.id, target.articleId))
    expect(await runPublish(app.db, { ...target, action: 'unpublish' }, { ...deps, dataDir: app.env.DATA_DIR })).toMatchObject({
      unpublished: 1,
    })
    expect(wordpressMock.posts[0]!.status).toBe('draft')
    expect((await publicationsOf(target.articleId))[0]!.status).toBe('unpublished')
  })

  it('credentials revoked on the site: the integration is broken and the article says why; nothing is retried', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    injectFault('wordpress', {
      kind: 'status',
      status: 401,
      body: { code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } },
      times: 1,
    })
    expect(await publish(target)).toMatchObject({ failed: 1 })
    const [integration] = await app.db.select().from(publishing).where(eq(publishing.businessId, target.businessId))
    expect(integration).toMatchObject({ status: 'broken', lastError: expect.stringContaining('invalid application password') })
    expect((await publicationsOf(target.articleId))[0]).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('refused our credentials'),
    })
    expect((await app.db.select().from(article).where(eq(article.id, target.articleId)))[0]!.status).toBe('approved')
    // The scheduler leaves it to the user…
    expect((await publishDueArticles(app.db)).started).not.toContain(target.articleId)
    // …until the connection works again.
    await connectWordpress(target.businessId)
    expect((await publicationsOf(target.articleId))[0]!.status).toBe('pending')
  })

  it('a validation error is shown on the article, a 429 then success is retried, a 5xx fails the attempt for the job to retry', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    injectFault('wordpress', {
      kind: 'status',
      status: 400,
      body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400 } },
      times: 1,
    })
    expect(await publish(target)).toMatchObject({ failed: 1 })
    expect((await publicationsOf(target.articleId))[0]).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('Invalid parameter(s): status'),
    })

    await app.db.update(publication).set({ status: 'pending' }).where(eq(publication.articleId, target.articleId))
    injectFault('wordpress', { kind: 'status', status: 503, times: 10 })
    const attempt = await publish(target).catch((error: unknown) => error)
    expect(attempt).toBeInstanceOf(JobError)
    expect((attempt as Error).message).toContain('WordPress is having problems (HTTP 503')
    expect((await publicationsOf(target.articleId))[0]).toMatchObject({ status: 'pending', externalId: null })
    expect(wordpressMock.posts).toHaveLength(0)
  })

  it('a timeout fails the attempt; the next one posts once', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    injectFault('wordpress', { kind: 'slow', delayMs: 1500, times: 3 })
    await expect(publish(target)).rejects.toThrow(/did not answer within 1 second/)
    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(wordpressMock.posts).toHaveLength(1)
  })
})

const revoked = {
  kind: 'status',
  status: 401,
  body: { code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } },
  times: 1,
} as const

/** WordPress's connection test fails once (the password was revoked): the integration is broken. */
async function breakWordpress(businessId: string) {
  injectFault('wordpress', revoked)
  const tested = await testIntegration(app.db, businessId, 'wordpress', deps)
  expect(tested.integration.status).toBe('broken')
}

const publishJobsOf = (articleId: string) =>
  app.db
    .select()
    .from(jobRun)
    .where(eq(jobRun.singletonKey, `publish:${articleId}`))

describe('final refusals and broken connections', () => {
  it('WordPress refusing the image’s file type (its HTTP 500) is recorded on the publication in its words, at once and for good', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    // A site whose uploads a plugin or its host restricts answers as stock WordPress does for any
    // type it refuses.
    mockServer.use(
      http.post(`${WP}/wp-json/wp/v2/media`, () =>
        HttpResponse.json(
          { code: 'rest_upload_sideload_error', message: 'Sorry, you are not allowed to upload this file type.', data: { status: 500 } },
          { status: 500 },
        ),
      ),
    )
    const photo = await storeMedia({
      dataDir: app.env.DATA_DIR,
      businessId: target.businessId,
      slug: 'espresso-beans',
      bytes: gradientPng(12, 8, [10, 20, 30], [200, 150, 100]),
      contentType: 'image/png',
    })
    await app.db
      .update(article)
      .set({ images: [{ url: photo.url, alt: 'Espresso beans', prompt: 'beans', kind: 'featured', width: 12, height: 8 }] })
      .where(eq(article.id, target.articleId))
    const sleeps: number[] = []
    const counting: PublishingDeps['fetchFor'] = (provider, _hint, classifyFailure) =>
      createConnectorFetch({
        provider,
        classifyFailure,
        retries: 2,
        baseDelayMs: 1,
        timeoutMs: 1000,
        sleep: async (ms) => void sleeps.push(ms),
      })

    expect(await publish(target, { fetchFor: counting })).toMatchObject({ published: 0, failed: 1 })
    expect(sleeps).toEqual([])
    const [refused] = await publicationsOf(target.articleId)
    expect(refused).toMatchObject({ status: 'failed' })
    expect(refused!.lastError).toMatch(
      /^WordPress refused the file: Sorry, you are not allowed to upload this file type\. Use a JPEG, PNG, GIF or WebP image for the article/,
    )
    expect(wordpressMock.media).toEqual([])
    // The post made to attach the images to stays a draft: nothing half-finished goes live.
    expect(wordpressMock.posts.map((post) => post.status)).toEqual(['draft'])
    // The connection itself is fine, and the schedule does not try the article again on its own.
    const [integration] = await app.db.select().from(publishing).where(eq(publishing.businessId, target.businessId))
    expect(integration).toMatchObject({ status: 'working', lastError: null })
    expect((await publishDueArticles(app.db)).started).not.toContain(target.articleId)
  })

  it('"Publish now" with only a broken WordPress is refused at once ("Reconnect WordPress first."); the schedule waits; a passing test resumes it', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    await breakWordpress(target.businessId)
    const client = rpcClient(app, owner.cookie)
    const error = await rejectionOf(client.article.publish(target))
    expect(error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Reconnect WordPress first.',
      data: { reason: 'INTEGRATION_BROKEN', action: { label: 'Open Integrations', path: '/integrations' } },
    })
    expect(await publishJobsOf(target.articleId)).toEqual([])
    expect((await publishDueArticles(app.db)).started).not.toContain(target.articleId)
    expect(await publishJobsOf(target.articleId)).toEqual([])
    // The schedule records why it waits, on the publication the article page shows.
    expect(await publicationsOf(target.articleId)).toEqual([
      expect.objectContaining({ status: 'pending', externalId: null, lastError: waitingForReconnection('WordPress') }),
    ])

    expect((await testIntegration(app.db, target.businessId, 'wordpress', deps)).test.ok).toBe(true)
    expect((await publishDueArticles(app.db)).started).toContain(target.articleId)
    expect(await publish(target)).toMatchObject({ published: 1 })
  })

  it('beside a working webhook, a broken WordPress is skipped (said in the answer and on its publication), never called, and resumed once it works', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    await connectWebhook(target.businessId)
    await breakWordpress(target.businessId)
    const client = rpcClient(app, owner.cookie)
    expect(await client.article.publish(target)).toMatchObject({
      jobId: expect.any(String),
      skipped: ['WordPress'],
      note: 'WordPress is skipped until you reconnect it on Integrations.',
    })
    const before = mockRequestCount('wordpress')
    expect(await publish(target)).toMatchObject({ published: 1, skipped: 1, failed: 0 })
    expect(await publish(target)).toMatchObject({ published: 0, skipped: 2, failed: 0 })
    expect(mockRequestCount('wordpress')).toBe(before)
    const [wordpressRow] = await app.db
      .select()
      .from(publishing)
      .where(and(eq(publishing.businessId, target.businessId), eq(publishing.type, 'wordpress')))
    const waiting = (await publicationsOf(target.articleId)).find((row) => row.integrationId === wordpressRow!.id)
    expect(waiting).toMatchObject({ status: 'pending', externalId: null, lastError: waitingForReconnection('WordPress') })
    expect((await publishDueArticles(app.db)).started).not.toContain(target.articleId)

    expect((await testIntegration(app.db, target.businessId, 'wordpress', deps)).test.ok).toBe(true)
    expect((await publishDueArticles(app.db)).started).toContain(target.articleId)
    expect(await publish(target)).toMatchObject({ published: 1, skipped: 1 })
    expect(wordpressMock.posts).toHaveLength(1)
    expect((await publicationsOf(target.articleId)).map((row) => row.status)).toEqual(['published', 'published'])
  })

  it('an update to send now is refused when every site behind is broken', async () => {
    const target = await newBusinessWithArticle()
    await connectWordpress(target.businessId)
    await publish(target)
    await app.db.update(article).set({ revision: 2 }).where(eq(article.id, target.articleId))
    await breakWordpress(target.businessId)
    const error = await rejectionOf(publishUpdateNow(app.db, { userId: owner.userId, ...target }))
    expect(error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Reconnect WordPress first.',
      data: { reason: 'INTEGRATION_BROKEN' },
    })
    expect((await publishDueArticles(app.db)).started).not.toContain(target.articleId)
  })
})

describe('article.publish and the schedule', () => {
  it('refuses with a way to Integrations when nothing is connected; starts the job otherwise', async () => {
    const target = await newBusinessWithArticle()
    const client = rpcClient(app, owner.cookie)
    const error = await rejectionOf(client.article.publish(target))
    expect(error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      data: { reason: 'NO_PUBLISHING_TARGET', action: { label: 'Open Integrations', path: '/integrations' } },
    })
    await app.db.insert(publishing).values({ businessId: target.businessId, type: 'webhook', config: { url: HOOK } })
    const { jobId } = await client.article.publish(target)
    const [job] = await app.db.select().from(jobRun).where(eq(jobRun.id, jobId))
    expect(job).toMatchObject({
      kind: 'article.publish',
      businessId: target.businessId,
      input: { articleId: target.articleId, action: 'publish' },
    })
    expect(await client.article.publications(target)).toEqual({ publications: [], publishingJobId: jobId })
  })

  it('publishes approved articles and autopilot drafts above the floor on their day; not held ones, not without a target', async () => {
    const { businessId } = await newBusinessWithArticle('approved-today')
    await app.db.insert(publishing).values({ businessId, type: 'webhook', config: { url: HOOK } })
    const later = await insertKeyword(app, businessId, { status: 'scheduled', scheduledAt: new Date(Date.now() + 86_400_000) })
    await insertArticle(app, businessId, { keywordId: later.id, title: 'Tomorrow', slug: 'tomorrow', status: 'approved' })
    const held = await insertKeyword(app, businessId, { status: 'scheduled', scheduledAt: new Date(Date.now() - 60_000) })
    await insertArticle(app, businessId, { keywordId: held.id, title: 'Held', slug: 'held', status: 'held', seoScore: 40 })
    const draft = await insertKeyword(app, businessId, { status: 'scheduled', scheduledAt: new Date(Date.now() - 60_000) })
    const autopilot = await insertArticle(app, businessId, {
      keywordId: draft.id,
      title: 'Autopilot',
      slug: 'autopilot',
      status: 'draft',
      seoScore: 90,
    })
    await newBusinessWithArticle('no-target-yet')

    const noTarget = await newBusinessWithArticle('no-target-yet')

    const { started } = await publishDueArticles(app.db)
    const ours = await app.db.select({ id: article.id, slug: article.slug }).from(article).where(eq(article.businessId, businessId))
    const startedHere = ours.filter((row) => started.includes(row.id)).map((row) => row.slug)
    expect(startedHere.sort()).toEqual(['approved-today', 'autopilot'])
    expect(started).not.toContain(noTarget.articleId)
    const jobs = await app.db.select({ input: jobRun.input }).from(jobRun).where(eq(jobRun.kind, 'article.publish'))
    expect(jobs.map((job) => (job.input as { articleId: string }).articleId)).toContain(autopilot.id)
  })
})

describe('publishUpdateNow (after a rewrite)', () => {
  it('starts the publishing job only for a published article a working target holds an older version of', async () => {
    const target = await newBusinessWithArticle('refreshed-article')
    const who = { ...target, userId: owner.userId }
    // Never published anywhere: nothing to update.
    expect(await publishUpdateNow(app.db, who)).toBeNull()
    await connectWordpress(target.businessId)
    await publish(target)
    // The site holds the latest version.
    expect(await publishUpdateNow(app.db, who)).toBeNull()

    // Rewritten: the site's copy is behind, the update starts now, once however often it is asked.
    await app.db.update(article).set({ revision: 2 }).where(eq(article.id, target.articleId))
    const started = await publishUpdateNow(app.db, who)
    expect(started).not.toBeNull()
    const [job] = await app.db.select().from(jobRun).where(eq(jobRun.id, started!.jobId))
    expect(job).toMatchObject({
      kind: 'article.publish',
      businessId: target.businessId,
      input: { articleId: target.articleId, action: 'publish' },
    })
    expect(await publishUpdateNow(app.db, who)).toEqual(started)
    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(wordpressMock.posts).toHaveLength(1)

    // A paused target, a post that failed for good, or an article no longer published: left alone.
    await app.db.update(article).set({ revision: 3 }).where(eq(article.id, target.articleId))
    await app.db.update(publishing).set({ enabled: false }).where(eq(publishing.businessId, target.businessId))
    expect(await publishUpdateNow(app.db, who)).toBeNull()
    await app.db.update(publishing).set({ enabled: true }).where(eq(publishing.businessId, target.businessId))
    await app.db.update(publication).set({ status: 'failed' }).where(eq(publication.articleId, target.articleId))
    expect(await publishUpdateNow(app.db, who)).toBeNull()
    await app.db.update(publication).set({ status: 'published' }).where(eq(publication.articleId, target.articleId))
    await app.db.update(article).set({ status: 'held' }).where(eq(article.id, target.articleId))
    expect(await publishUpdateNow(app.db, who)).toBeNull()
    // Another business's article, behind on its site: not through this business.
    const other = await newBusinessWithArticle('someone-elses')
    await connectWordpress(other.businessId)
    await publish(other)
    await app.db.update(article).set({ revision: 2 }).where(eq(article.id, other.articleId))
    expect(await publishUpdateNow(app.db, { ...who, articleId: other.articleId })).toBeNull()
    expect(await publishUpdateNow(app.db, { ...other, userId: owner.userId })).not.toBeNull()
  })
})

describe('key rotation', () => {
  it('a start with a new key re-encrypts what the previous key wrote; the old key can then go', async () => {
    const { businessId } = await newBusinessWithArticle()
    await connectWebhook(businessId)
    const previous = deps.keys.current
    const rotated = { current: Buffer.alloc(32, 7).toString('base64'), previous: [previous] }
    expect(await reencryptSecrets(app.db, rotated)).toBeGreaterThanOrEqual(1)
    const [row] = await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))
    expect(readSecrets(row!, { current: rotated.current })).toEqual({ secret: HOOK_SECRET })
    expect(await reencryptSecrets(app.db, rotated)).toBe(0)
    // Back to the test key for the other tests' rows.
    await reencryptSecrets(app.db, { current: previous, previous: [rotated.current] })
  })
})

describe('the JSON feed', () => {
  it('serves the published articles with the business’s token only; a new token retires the old address', async () => {
    const target = await newBusinessWithArticle('feed-article')
    const client = rpcClient(app, owner.cookie)
    const { token } = await client.integration.feed({ businessId: target.businessId, enabled: true })
    const options = { keys: deps.keys, appUrl: 'https://app.example', dataDir: app.env.DATA_DIR }
    const fetchFeed = (query: string, headers: Record<string, string> = {}) =>
      feedResponse(
        app.db,
        new Request(`https://app.example/api/feed/${target.businessId}.json${query}`, { headers }),
        `${target.businessId}.json`,
        options,
      )

    // An approved article is not published yet: the feed holds nothing.
    const empty = await fetchFeed(`?token=${token}`)
    expect(empty.status).toBe(200)
    expect(((await empty.json()) as { items: unknown[] }).items).toEqual([])

    // With the feed as the only target, publishing marks the article published.
    await publish(target)
    const feed = await fetchFeed('', { authorization: `Bearer ${token}` })
    expect(feed.headers.get('content-type')).toContain('application/feed+json')
    const body = (await feed.json()) as { version: string; items: { id: string; title: string; content_html: string }[] }
    expect(body.version).toBe('https://jsonfeed.org/version/1.1')
    expect(body.items).toEqual([
      expect.objectContaining({
        id: target.articleId,
        title: 'Best Espresso Beans',
        content_html: expect.stringContaining('Freshly roasted'),
      }),
    ])

    for (const wrong of ['', '?token=rpf_wrong', `?token=${token}x`]) expect((await fetchFeed(wrong)).status).toBe(404)
    const renewed = await client.integration.feed({ businessId: target.businessId, enabled: true })
    expect((await fetchFeed(`?token=${token}`)).status).toBe(404)
    expect((await fetchFeed(`?token=${renewed.token}`)).status).toBe(200)
    await client.integration.feed({ businessId: target.businessId, enabled: false })
    expect((await fetchFeed(`?token=${renewed.token}`)).status).toBe(404)
    const [row] = await app.db.select().from(publishing).where(eq(publishing.businessId, target.businessId))
    expect(row).toBeUndefined()
  })
})

describe('images', () => {
  /** An article as generation leaves it: a featured image, two illustrations and an infographic, the SVGs as demo mode draws them. */
  async function newIllustratedArticle(slug: string) {
    const target = await newBusinessWithArticle(slug)
    const content = await illustratedContent({
      dataDir: app.env.DATA_DIR,
      businessId: target.businessId,
      slug,
      title: 'Best Espresso Beans',
    })
    await app.db.update(article).set(content).where(eq(article.id, target.articleId))
    return target
  }

  it('uploads every image as a raster file attached to the post, the body pointing at WordPress; publishing again uploads nothing new', async () => {
    const target = await newIllustratedArticle('illustrated-beans')
    await connectWordpress(target.businessId)
    expect(await publish(target)).toMatchObject({ published: 1, failed: 0 })

    const [post] = wordpressMock.posts
    expect(wordpressMock.media).toHaveLength(4)
    expect(wordpressMock.media.map((media) => [media.mimeType, media.post, media.alt_text])).toEqual(
      ['Espresso beans', 'Grinding the beans', 'A shot pulling', 'Crema by roast'].map((alt) => ['image/png', post!.id, alt]),
    )
    expect(post!.featured_media).toBe(wordpressMock.media[0]!.id)
    for (const media of wordpressMock.media.slice(1)) expect(post!.content).toContain(`src="${media.source_url}"`)
    expect(post!.content).not.toContain(wordpressMock.media[0]!.source_url)
    expect(post!.content).not.toContain('/media/')
    expect(post!.content).not.toContain('<h1')
    const [published] = await publicationsOf(target.articleId)
    // jsonb keeps its own key order: compared as a set.
    const byId = (entries: { id: string; url: string }[]) => [...entries].sort((a, b) => Number(a.id) - Number(b.id))
    expect(byId(Object.values(published!.media))).toEqual(
      wordpressMock.media.map((media) => ({ id: String(media.id), url: media.source_url })),
    )

    const bump = () =>
      app.db
        .update(article)
        .set({ revision: sql`${article.revision} + 1` })
        .where(eq(article.id, target.articleId))
    await bump()
    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(wordpressMock.media).toHaveLength(4)
    expect(wordpressMock.posts).toHaveLength(1)

    // Deleted from the media library on WordPress: that one image is uploaded again, the record follows.
    const removed = wordpressMock.media[2]!
    wordpressMock.removeMedia(removed.id)
    await bump()
    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(wordpressMock.media).toHaveLength(4)
    const again = wordpressMock.media[3]!
    expect(again).toMatchObject({ post: post!.id, alt_text: removed.alt_text, filename: expect.stringMatching(/-photo(-1)?\.png$/) })
    expect(wordpressMock.posts[0]!.content).toContain(`src="${again.source_url}"`)
    const [record] = await publicationsOf(target.articleId)
    expect(Object.values(record!.media)).toContainEqual({ id: String(again.id), url: again.source_url })
    expect(Object.values(record!.media)).not.toContainEqual({ id: String(removed.id), url: removed.source_url })
  })

  it('a webhook receives the body with absolute PNG addresses on the app, which /media serves, and no featured image in it', async () => {
    const target = await newIllustratedArticle('linked-beans')
    await connectWebhook(target.businessId)
    expect(await publish(target)).toMatchObject({ published: 1 })
    const data = (
      webhookMock.deliveries.find((delivery) => (delivery.body as { type: string }).type === 'article.published')!.body as {
        data: { html: string; markdown: string; featuredImage: { url: string }; images: { url: string; kind: string }[] }
      }
    ).data
    expect(data.images.map((image) => image.kind)).toEqual(['featured', 'inline', 'inline', 'infographic'])
    const appUrl = env().APP_URL.replace(/\/$/, '')
    for (const image of data.images) {
      expect(image.url).toMatch(new RegExp(`^${appUrl}/media/${target.businessId}/[0-9a-f]{16}-linked-beans-[a-z]+\\.png$`))
      const served = await mediaResponse(app.env.DATA_DIR, new Request(image.url))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
    }
    expect(data.featuredImage.url).toBe(data.images[0]!.url)
    expect(data.html).not.toContain(data.featuredImage.url)
    for (const image of data.images.slice(1)) {
      expect(data.html).toContain(`src="${image.url}"`)
      expect(data.markdown).toContain(`](${image.url})`)
    }
    expect(data.html).not.toMatch(/src="\/media\//)
    expect(data.markdown).not.toMatch(/\]\(\/media\//)
  })
})

describe('several targets', () => {
  it('the oldest target holds the canonical copy: the webhook is told the WordPress address', async () => {
    const target = await newBusinessWithArticle('canonical-copy')
    await connectWordpress(target.businessId)
    await connectWebhook(target.businessId)
    webhookMock.reset()
    expect(await publish(target)).toMatchObject({ published: 2 })
    expect(webhookMock.deliveries[0]!.body).toMatchObject({ data: { canonicalUrl: `${WP}/canonical-copy/` } })
    const where = await publicationsOf(target.articleId)
    expect(where.map((item) => item.status)).toEqual(['published', 'published'])
  })
})
