import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useMockServer } from '~tests/fixtures/mock-server'
import { illustratedContent } from '~tests/fixtures/illustrated-article'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf } from '~tests/fixtures/rpc'
import { usePublishingApp } from '~tests/fixtures/publishing-app'
import type { TestApp } from '~tests/fixtures/test-app'
import { article, publication, publishing } from '~/server/db/schema'
import {
  WEBFLOW_ASSET_CDN,
  WEBFLOW_BLOG_FIELDS,
  WEBFLOW_COLLECTION_ID,
  WEBFLOW_SITE_ID,
  webflowHandlers,
  webflowMock,
  type WebflowField,
} from '~/server/publishing/connectors/webflow/mock'
import type { WebflowFieldMap } from '~/shared/webflow-fields'
import { connectIntegration, listIntegrations, testIntegration, type PublishingDeps } from './integrations.service'
import { runPublish } from './publish.service'

// Webflow end to end on the database (docs/product/publishing.md, "What goes where"): Connect
// learns the collection's site and fields and keeps the automatic field map; a map the user
// chooses is checked against those fields before anything is saved; publishing fills the fields
// chosen, uploads every image as an asset of the site once, and the publication remembers them.

/** The blog template with the SEO fields a site added under its own names. */
const FIELDS: WebflowField[] = [
  ...WEBFLOW_BLOG_FIELDS,
  { slug: 'seo-title', displayName: 'SEO title', type: 'PlainText' },
  { slug: 'search-snippet', displayName: 'Search snippet', type: 'PlainText' },
  { slug: 'schema-markup', displayName: 'Schema markup', type: 'PlainText' },
  { slug: 'first-published', displayName: 'First published', type: 'DateTime' },
]

useMockServer(...webflowHandlers({ fields: FIELDS }))

const setup = usePublishingApp({
  fetch: {
    retries: 0,
    timeoutMs: 5000,
    // api.webflow.com and the asset bucket, answered by the mock, at a public address.
    resolve: async () => [{ address: '93.184.215.20', family: 4 }],
  },
})
let app: TestApp
let deps: PublishingDeps
let owner: { userId: string }
beforeAll(() => ({ app, deps, owner } = setup))
beforeEach(() => webflowMock.reset())

const SETTINGS = { collectionId: WEBFLOW_COLLECTION_ID, postUrlPrefix: 'https://roastery.example/blog' }
const connect = (businessId: string, fieldMap?: Partial<WebflowFieldMap>) =>
  connectIntegration(
    app.db,
    businessId,
    { type: 'webflow', config: SETTINGS, secrets: { apiToken: 'wf_site_token' }, fieldMap: fieldMap as Record<string, string> },
    deps,
  )
const rowOf = async (businessId: string) => (await app.db.select().from(publishing).where(eq(publishing.businessId, businessId)))[0]!

async function businessWithIllustratedArticle(slug: string) {
  const owned = await insertBusiness(app, owner.userId)
  const planned = await insertKeyword(app, owned.id, { keyword: 'espresso beans', status: 'scheduled', scheduledAt: new Date() })
  const written = await insertArticle(app, owned.id, {
    keywordId: planned.id,
    title: 'Best Espresso Beans',
    slug,
    status: 'approved',
    html: '<p>Beans.</p>',
  })
  const content = await illustratedContent({ dataDir: app.env.DATA_DIR, businessId: owned.id, slug, title: 'Best Espresso Beans' })
  await app.db.update(article).set(content).where(eq(article.id, written.id))
  return { businessId: owned.id, articleId: written.id }
}

const AUTOMATIC: WebflowFieldMap = {
  body: 'post-body',
  summary: 'post-summary',
  metaTitle: 'seo-title',
  metaDescription: '',
  featuredImage: 'main-image',
  imageAlt: '',
  publishedAt: 'first-published',
  tags: '',
  canonicalUrl: '',
  jsonLd: 'schema-markup',
}

describe('Webflow: what goes where', () => {
  it('Connect learns the site and the fields and keeps the automatic map; the list shows it', async () => {
    const { businessId } = await businessWithIllustratedArticle('connect-beans')
    const connected = await connect(businessId)
    expect(connected.saved).toBe(true)
    expect((await rowOf(businessId)).config).toMatchObject({ ...SETTINGS, siteId: WEBFLOW_SITE_ID, fieldMap: AUTOMATIC })
    const [listed] = (await listIntegrations(app.db, businessId, deps)).integrations
    expect(listed!.config).toEqual({ ...SETTINGS, siteId: WEBFLOW_SITE_ID })
    expect(listed!.fieldMapping?.map).toEqual(AUTOMATIC)
    expect(listed!.fieldMapping?.fields.map((field) => field.slug)).toEqual(FIELDS.map((field) => field.slug))
  })

  it('refuses a map naming a field the collection lacks or of the wrong type, part by part, and changes nothing', async () => {
    const { businessId } = await businessWithIllustratedArticle('refused-beans')
    await connect(businessId)
    const before = await rowOf(businessId)
    const error = await rejectionOf(
      connect(businessId, { ...AUTOMATIC, metaDescription: 'meta-description', tags: 'main-image', body: '' }),
    )
    expect(error).toMatchObject({ code: 'BAD_REQUEST' })
    expect((error as unknown as { data: { issues: unknown[] } }).data.issues).toEqual([
      { path: ['fieldMap', 'body'], message: 'Choose the rich-text field that receives the body: the collection needs one.' },
      {
        path: ['fieldMap', 'metaDescription'],
        message: 'The collection has no field “meta-description” for the meta description. Choose one of its fields, or none.',
      },
      {
        path: ['fieldMap', 'tags'],
        message: '“Main Image” is a field of type Image, and the tags can only go to a field of type PlainText.',
      },
    ])
    expect(await rowOf(businessId)).toEqual(before)
  })

  it('publishes with the map the user chose, every image an asset of the site, uploaded once; Test connection keeps the choice', async () => {
    const target = await businessWithIllustratedArticle('mapped-beans')
    const chosen: WebflowFieldMap = {
      ...AUTOMATIC,
      summary: '',
      metaTitle: 'post-summary',
      metaDescription: 'search-snippet',
      featuredImage: 'thumbnail-image',
      jsonLd: '',
    }
    expect((await connect(target.businessId, chosen)).saved).toBe(true)
    expect(await runPublish(app.db, { ...target, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR })).toMatchObject({
      published: 1,
    })

    expect(webflowMock.assets).toHaveLength(4)
    expect(webflowMock.assets.every((asset) => asset.siteId === WEBFLOW_SITE_ID && asset.contentType === 'image/png')).toBe(true)
    const [item] = webflowMock.items
    const [row] = await app.db.select().from(article).where(eq(article.id, target.articleId))
    expect(Object.keys(item!.fieldData).sort()).toEqual(
      ['name', 'slug', 'post-body', 'post-summary', 'search-snippet', 'thumbnail-image', 'first-published'].sort(),
    )
    expect(item!.fieldData['post-summary']).toBe(row!.metaTitle)
    expect(item!.fieldData['search-snippet']).toBe(row!.metaDescription)
    expect(item!.fieldData['thumbnail-image']).toEqual({
      fileId: webflowMock.assets[0]!.id,
      url: webflowMock.assets[0]!.hostedUrl,
      alt: 'Espresso beans',
    })
    const body = String(item!.fieldData['post-body'])
    for (const asset of webflowMock.assets.slice(1)) expect(body).toContain(`src="${asset.hostedUrl}"`)
    expect(body).not.toContain('/media/')
    expect(body).not.toContain(webflowMock.assets[0]!.hostedUrl)
    const [published] = await app.db.select().from(publication).where(eq(publication.articleId, target.articleId))
    expect(
      Object.values(published!.media)
        .map((media) => media.url)
        .sort(),
    ).toEqual(webflowMock.assets.map((asset) => asset.hostedUrl).sort())
    expect(Object.values(published!.media).every((media) => media.url.startsWith(WEBFLOW_ASSET_CDN))).toBe(true)

    // An edit is sent again without a single new upload.
    await app.db
      .update(article)
      .set({ revision: row!.revision + 1 })
      .where(eq(article.id, target.articleId))
    expect(await runPublish(app.db, { ...target, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR })).toMatchObject({
      published: 1,
    })
    expect(webflowMock.assets).toHaveLength(4)

    const tested = await testIntegration(app.db, target.businessId, 'webflow', deps)
    expect(tested.test.ok).toBe(true)
    expect(tested.integration.fieldMapping?.map).toEqual(chosen)
  })
})
