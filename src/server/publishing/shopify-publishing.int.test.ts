import { eq, sql } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useMockServer } from '~tests/fixtures/mock-server'
import { insertArticle, insertBusiness, insertKeyword } from '~tests/fixtures/rpc'
import { usePublishingApp } from '~tests/fixtures/publishing-app'
import type { TestApp } from '~tests/fixtures/test-app'
import { illustratedContent } from '~tests/fixtures/illustrated-article'
import { article, publication } from '~/server/db/schema'
import { shopifyHandlers, shopifyMock } from '~/server/publishing/connectors/shopify/mock'
import type { ConnectorType } from '~/shared/integrations'
import type { Connector } from './connector'
import { connectorClient } from './connectors'
import { createShopifyConnector } from './connectors/shopify/shopify'
import { connectIntegration, type PublishingDeps } from './integrations.service'
import { runPublish } from './publish.service'

// Publishing an illustrated article to Shopify end to end on the database: every image goes to
// the shop's Files through the connector fetch (the shop and Shopify's storage host each checked
// as public addresses), the publication records the files by content hash, and publishing again
// uploads nothing (docs/product/publishing.md, "Images").

const SHOP = 'roastery.myshopify.com'
/** A staged target on a private network, as a tampered or wrong answer could name it. */
const INTERNAL_STORAGE = 'storage.internal.example'
const TOKEN = 'shpat_roastery'
const server = useMockServer(
  ...shopifyHandlers({ baseUrl: `https://${SHOP}`, accessToken: TOKEN, blogs: { '1001': { title: 'Journal', handle: 'journal' } } }),
)

const shopify = createShopifyConnector({ fileWait: { delaysMs: [1, 1, 1], sleep: async () => {} } })
const resolved: string[] = []
const setup = usePublishingApp({
  fetch: {
    retries: 1,
    timeoutMs: 2000,
    // Public addresses for the shop and Shopify's storage, without DNS.
    resolve: async (hostname) => {
      resolved.push(hostname)
      return [{ address: hostname === INTERNAL_STORAGE ? '10.0.0.7' : '93.184.215.20', family: 4 }]
    },
  },
  connector: <T extends ConnectorType>(type: T) => (type === 'shopify' ? shopify : connectorClient(type)) as Connector<T> | undefined,
})
let app: TestApp
let deps: PublishingDeps
let owner: { userId: string }
beforeAll(() => ({ app, deps, owner } = setup))
beforeEach(() => {
  shopifyMock.reset()
  resolved.length = 0
})

async function illustratedArticle(slug: string) {
  const owned = await insertBusiness(app, owner.userId)
  const planned = await insertKeyword(app, owned.id, { keyword: slug.replace(/-/g, ' '), status: 'scheduled', scheduledAt: new Date() })
  const written = await insertArticle(app, owned.id, { keywordId: planned.id, title: 'Best Espresso Beans', slug, status: 'approved' })
  const content = await illustratedContent({ dataDir: app.env.DATA_DIR, businessId: owned.id, slug, title: 'Best Espresso Beans' })
  await app.db.update(article).set(content).where(eq(article.id, written.id))
  const connected = await connectIntegration(
    app.db,
    owned.id,
    { type: 'shopify', config: { shopDomain: SHOP, blogId: '1001', authorName: 'Roastery' }, secrets: { accessToken: TOKEN } },
    deps,
  )
  expect(connected.test).toMatchObject({ ok: true })
  return { businessId: owned.id, articleId: written.id }
}

const publish = (target: { businessId: string; articleId: string }) =>
  runPublish(app.db, { ...target, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR })
const publicationOf = async (articleId: string) => (await app.db.select().from(publication).where(eq(publication.articleId, articleId)))[0]!

describe('Shopify images', () => {
  it('uploads every image as a raster file to the shop’s Files, records them on the publication, and uploads nothing when publishing again', async () => {
    const target = await illustratedArticle('shopify-beans')
    expect(await publish(target)).toMatchObject({ published: 1, failed: 0 })

    expect(shopifyMock.files.map((file) => [file.mimeType, file.alt, file.status])).toEqual(
      ['Espresso beans', 'Grinding the beans', 'A shot pulling', 'Crema by roast'].map((alt) => ['image/png', alt, 'READY']),
    )
    const [featured, ...inBody] = shopifyMock.files
    const [post] = shopifyMock.articles
    expect(post!.image).toEqual({ url: featured!.url, altText: 'Espresso beans' })
    for (const file of inBody) expect(post!.body).toContain(`src="${file.url}"`)
    expect(post!.body).not.toContain(featured!.url)
    expect(post!.body).not.toContain('/media/')
    expect(post!.body).not.toContain('<h1')
    // The staged uploads went to Shopify's storage host, checked like the shop, without the token.
    expect(new Set(resolved)).toEqual(new Set([SHOP, 'shopify-staged-uploads.storage.googleapis.com']))
    expect(shopifyMock.storageRequests).toHaveLength(4)
    expect(JSON.stringify(shopifyMock.storageRequests)).not.toContain(TOKEN)

    const recorded = await publicationOf(target.articleId)
    expect(recorded).toMatchObject({ status: 'published', url: 'https://roastery.example.com/blogs/journal/shopify-beans' })
    const byId = (entries: Array<{ id: string; url: string }>) => [...entries].sort((a, b) => a.id.localeCompare(b.id))
    expect(byId(Object.values(recorded.media))).toEqual(byId(shopifyMock.files.map((file) => ({ id: file.id, url: file.url! }))))

    await app.db
      .update(article)
      .set({ revision: sql`${article.revision} + 1` })
      .where(eq(article.id, target.articleId))
    expect(await publish(target)).toMatchObject({ published: 1 })
    expect(shopifyMock.files).toHaveLength(4)
    expect(shopifyMock.storageRequests).toHaveLength(4)
    expect(shopifyMock.articles).toHaveLength(1)
  })

  it('a file still processing after the wait fails the attempt, to be retried; the retry waits for that file instead of uploading it again', async () => {
    const target = await illustratedArticle('shopify-slow-beans')
    shopifyMock.processFilesAfter(Infinity)
    await expect(publish(target)).rejects.toThrow(/Shopify was still processing the image/)
    expect((await publicationOf(target.articleId)).status).toBe('pending')
    const waiting = shopifyMock.files.length
    expect(waiting).toBe(1)

    shopifyMock.processFilesAfter(0)
    expect(await publish(target)).toMatchObject({ published: 1 })
    // The file that was processing was waited for, not uploaded again.
    expect(shopifyMock.files).toHaveLength(4)
    expect(shopifyMock.storageRequests).toHaveLength(4)
  })

  it('a staged target on a private address is refused before anything is sent there, and fails the publication for good', async () => {
    const target = await illustratedArticle('shopify-private-beans')
    server.use(
      http.post(`https://${SHOP}/admin/api/:version/graphql.json`, async ({ request }) => {
        const { query } = (await request.clone().json()) as { query: string }
        if (!query.includes('stagedUploadsCreate')) return undefined
        const staged = { url: `https://${INTERNAL_STORAGE}/`, resourceUrl: `https://${INTERNAL_STORAGE}/tmp/beans.png`, parameters: [] }
        return HttpResponse.json({ data: { stagedUploadsCreate: { stagedTargets: [staged], userErrors: [] } } })
      }),
    )
    expect(await publish(target)).toMatchObject({ published: 0, failed: 1 })
    const recorded = await publicationOf(target.articleId)
    expect(recorded.status).toBe('failed')
    expect(recorded.lastError).toContain(`https://${INTERNAL_STORAGE}/`)
    expect(recorded.lastError).toMatch(/private|which we do not fetch/)
    expect(shopifyMock.storageRequests).toEqual([])
    expect(shopifyMock.files).toEqual([])
  })
})
