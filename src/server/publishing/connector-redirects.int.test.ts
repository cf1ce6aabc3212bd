import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertArticle, insertBusiness, insertKeyword } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import {
  INTERNAL_SECRET,
  OTHER_PUBLIC_ADDRESS,
  PUBLIC_ADDRESS,
  REDIRECT_BODY,
  REDIRECT_CODES,
  REFUSED_TARGETS,
  redirectTo,
  targetUrl,
  useFakeInternet,
} from '~tests/fixtures/fake-internet'
import { JOB_KINDS } from '~/server/app/job-kinds'
import { publication, publishing } from '~/server/db/schema'
import { startJobs, stopJobs } from '~/server/jobs'
import { logger } from '~/server/logger'
import { CONNECTOR_SCHEMAS, type ConnectorType } from '~/shared/integrations'
import { createConnectorFetch } from './connector-fetch'
import { connectorClient } from './connectors'
import { encryptionKeys } from './crypto'
import { deliverEvent } from './event-delivery'
import { connectIntegration, newWebhookSecret, sealSecrets, testIntegration, type PublishingDeps } from './integrations.service'
import { runPublish } from './publish.service'

// Every connector's connect, test and publish, and webhook event delivery, against a CMS on a
// public address that redirects (301/302/303/307/308) to each refused address of the table
// (tests/fixtures/fake-internet.ts): nothing is ever sent there, and what the user reads (the
// connection's and the publication's last error) is our verdict, never what either side said.

const net = useFakeInternet()
const HOSTS: Record<string, string[]> = {
  'cms.example': [PUBLIC_ADDRESS],
  'api.webflow.com': [PUBLIC_ADDRESS],
  'api.notion.com': [PUBLIC_ADDRESS],
  'roastery.myshopify.com': [OTHER_PUBLIC_ADDRESS],
}

const SETTINGS: Record<ConnectorType, { config: Record<string, string>; secrets: Record<string, string> }> = {
  wordpress: { config: { siteUrl: 'https://cms.example', username: 'editor' }, secrets: { applicationPassword: 'abcd efgh ijkl mnop' } },
  ghost: { config: { apiUrl: 'https://cms.example' }, secrets: { adminApiKey: `${'a'.repeat(24)}:${'b'.repeat(64)}` } },
  webflow: {
    config: { collectionId: 'c'.repeat(24), postUrlPrefix: 'https://cms.example/blog' },
    secrets: { apiToken: 'webflow-token' },
  },
  shopify: { config: { shopDomain: 'roastery.myshopify.com', blogId: '1234' }, secrets: { accessToken: 'shpat_token' } },
  notion: { config: { dataSourceId: 'd'.repeat(32) }, secrets: { token: 'ntn_token' } },
  webhook: { config: { url: 'https://cms.example/hook' }, secrets: {} },
}
const TYPES = Object.keys(SETTINGS) as ConnectorType[]

let app: TestApp
let owner: { userId: string }
const logged: string[] = []

const deps: PublishingDeps = {
  keys: undefined as unknown as PublishingDeps['keys'],
  fetchFor: (provider, _hint, classifyFailure) =>
    createConnectorFetch({
      provider,
      classifyFailure,
      retries: 0,
      timeoutMs: 5000,
      resolve: (hostname) => {
        net.names = { ...HOSTS, ...net.names }
        return net.resolve(hostname)
      },
      connect: net.connect,
    }),
  connector: connectorClient,
}

beforeAll(async () => {
  app = await createTestApp()
  deps.keys = encryptionKeys(app.env)
  await startJobs(app.handle, { work: false, kinds: JOB_KINDS, providers: app.providers })
  owner = await app.signUp({ plan: 'Growth' })
  for (const level of ['error', 'warn', 'info', 'debug'] as const) {
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => void logged.push(JSON.stringify(args)))
  }
})
afterAll(async () => {
  vi.restoreAllMocks()
  await stopJobs()
  await app?.close()
})
afterEach(() => {
  logged.length = 0
})

/** The table, each refused address with one of the redirect codes in turn. */
const CASES = REFUSED_TARGETS.map((target, index) => ({ ...target, status: REDIRECT_CODES[index % REDIRECT_CODES.length]! }))

/** Our two verdicts: the refused hop (a read), or the redirect not followed (a write). */
const VERDICT = /points to a [a-z -]+ address( \(this server itself\))?, which we do not fetch|^We did not send to https:\/\//

function expectNothingReachedInside(told: string) {
  expect(told).toMatch(VERDICT)
  for (const leaked of [INTERNAL_SECRET, REDIRECT_BODY]) {
    expect(told).not.toContain(leaked)
    expect(logged.join('\n')).not.toContain(leaked)
  }
  expect(net.internalRequests).toEqual([])
  expect(net.dialled.filter((address) => address !== PUBLIC_ADDRESS && address !== OTHER_PUBLIC_ADDRESS)).toEqual([])
  expect(net.publicRequests.length).toBeGreaterThan(0)
}

async function businessWithArticle() {
  const owned = await insertBusiness(app, owner.userId)
  const planned = await insertKeyword(app, owned.id, { keyword: 'espresso beans', status: 'scheduled', scheduledAt: new Date() })
  const written = await insertArticle(app, owned.id, {
    keywordId: planned.id,
    title: 'Best Espresso Beans',
    slug: 'best-espresso-beans',
    status: 'approved',
    html: '<p>Freshly roasted beans pull sweeter shots.</p>',
  })
  return { businessId: owned.id, articleId: written.id }
}

/** A connection saved as working (Connect saves only what passed its test: here the CMS redirects away). */
async function seedConnection(businessId: string, type: ConnectorType) {
  const { config, secrets } = SETTINGS[type]
  const parsed = CONNECTOR_SCHEMAS[type].secrets.parse(type === 'webhook' ? { secret: newWebhookSecret() } : secrets) as Record<
    string,
    string
  >
  await app.db.insert(publishing).values({
    businessId,
    type,
    config: CONNECTOR_SCHEMAS[type].config.parse(config) as Record<string, unknown>,
    secrets: sealSecrets({ businessId, type }, parsed, deps.keys),
    status: 'working',
  })
}

describe.each(TYPES)('the %s connector', (type) => {
  it('connect and test are refused at the hop for every address of the table', async () => {
    const { businessId } = await businessWithArticle()
    for (const { url, status } of CASES) {
      net.publicRequests.length = 0
      net.handle = redirectTo(targetUrl(net, url), status)
      const connected = await connectIntegration(app.db, businessId, { type, ...SETTINGS[type] }, deps)
      expect(connected.test.ok, `${type} connect → ${status} ${url}`).toBe(false)
      const said = connected.test.ok ? '' : connected.test.error
      expectNothingReachedInside(said)
      // A failed test saves nothing; a saved connection is tested below.
      expect(connected).toMatchObject({ saved: false, integration: null, message: expect.stringContaining(said) })
      expect(await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))).toEqual([])
      await seedConnection(businessId, type)

      net.publicRequests.length = 0
      const tested = await testIntegration(app.db, businessId, type, deps)
      expect(tested.test.ok).toBe(false)
      expectNothingReachedInside(tested.test.ok ? '' : tested.test.error)
      expect(tested.integration).toMatchObject({ status: 'broken', lastError: tested.test.ok ? '' : tested.test.error })
      await app.db.delete(publishing).where(eq(publishing.businessId, businessId))
    }
  })

  it('publishing is refused at the hop for every address of the table, and fails for good', async () => {
    const { businessId, articleId } = await businessWithArticle()
    await seedConnection(businessId, type)
    for (const { url, status } of CASES) {
      await app.db.update(publication).set({ status: 'pending', lastError: null }).where(eq(publication.articleId, articleId))
      net.publicRequests.length = 0
      net.handle = redirectTo(targetUrl(net, url), status)
      const outcome = await runPublish(app.db, { businessId, articleId, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR })
      expect(outcome, `${type} publish → ${status} ${url}`).toMatchObject({ published: 0, failed: 1 })
      const [row] = await app.db.select().from(publication).where(eq(publication.articleId, articleId))
      expect(row!.status).toBe('failed')
      expectNothingReachedInside(row!.lastError ?? '')
    }
    const [connection] = await app.db.select().from(publishing).where(eq(publishing.businessId, businessId))
    expect(JSON.stringify(connection)).not.toContain(INTERNAL_SECRET)
  })
})

describe('webhook event delivery', () => {
  it('is refused for every address of the table: a final failure, nothing sent onward', async () => {
    const { businessId } = await businessWithArticle()
    net.handle = (_request, response) => response.writeHead(204).end()
    const connected = await connectIntegration(
      app.db,
      businessId,
      { type: 'webhook', ...SETTINGS.webhook, events: ['research.finished', 'article.published'] },
      deps,
    )
    expect(connected.test).toMatchObject({ ok: true })
    for (const [index, { url, status }] of CASES.entries()) {
      net.publicRequests.length = 0
      net.handle = redirectTo(targetUrl(net, url), status)
      const delivery = deliverEvent(
        app.db,
        {
          businessId,
          integrationId: connected.integration!.id,
          eventId: `msg_redirect${index}`,
          type: 'research.finished',
          timestamp: new Date().toISOString(),
          data: { month: '2026-12', scheduled: 30 },
        },
        deps,
      )
      const error = (await delivery.then(
        () => undefined,
        (reason: unknown) => reason,
      )) as { message: string; retry?: boolean } | undefined
      expect(error, `delivery → ${status} ${url}`).toBeDefined()
      expect(error!.retry).toBe(false)
      expectNothingReachedInside(error!.message)
      expect(net.publicRequests.map((request) => request.method)).toEqual(['POST'])
    }
  })
})
