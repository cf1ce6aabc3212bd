import { createHash } from 'node:crypto'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import {
  WEBFLOW_ASSET_BUCKET,
  WEBFLOW_ASSET_CDN,
  WEBFLOW_BLOG_FIELDS,
  WEBFLOW_COLLECTION_ID,
  WEBFLOW_SITE_ID,
  webflowHandlers,
  webflowMock,
  type WebflowField,
} from './mock'
import { defaultWebflowFieldMap, type WebflowFieldMap } from '~/shared/webflow-fields'
import { APP_MEDIA, connectorContext, illustratedArticle, publishableArticle, publishableImage } from '~tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '~tests/fixtures/mock-server'
import { webflowConnector } from './webflow'

const server = useMockServer(...webflowHandlers())
const collectionId = WEBFLOW_COLLECTION_ID
const postUrlPrefix = 'https://www.example.com/blog'

afterEach(() => {
  webflowMock.reset()
})

const webflow = (options: { apiToken?: string; timeoutMs?: number; fieldMap?: WebflowFieldMap; siteId?: string } = {}) =>
  connectorContext<'webflow'>(
    'Webflow',
    { collectionId, postUrlPrefix, siteId: options.siteId ?? WEBFLOW_SITE_ID, fieldMap: options.fieldMap },
    { apiToken: options.apiToken ?? 'wf_site_token' },
    { ...options, classifyFailure: webflowConnector.classifyFailure },
  )

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

/** A collection with SEO fields named the site's own way. */
const CUSTOM_FIELDS: WebflowField[] = [
  { slug: 'name', displayName: 'Title', type: 'PlainText', isRequired: true },
  { slug: 'slug', displayName: 'Slug', type: 'PlainText', isRequired: true },
  { slug: 'article', displayName: 'Article', type: 'RichText' },
  { slug: 'notes', displayName: 'Editor notes', type: 'RichText' },
  { slug: 'teaser', displayName: 'Teaser', type: 'PlainText', maxLength: 40 },
  { slug: 'google-title', displayName: 'Google title', type: 'PlainText' },
  { slug: 'google-snippet', displayName: 'Google snippet', type: 'PlainText' },
  { slug: 'hero', displayName: 'Hero', type: 'Image' },
  { slug: 'hero-text', displayName: 'Hero text', type: 'PlainText' },
  { slug: 'went-live', displayName: 'Went live', type: 'DateTime' },
  { slug: 'topics', displayName: 'Topics', type: 'PlainText' },
  { slug: 'original', displayName: 'Original', type: 'Link' },
  { slug: 'ld', displayName: 'Structured data', type: 'PlainText' },
]
const CUSTOM_MAP: WebflowFieldMap = {
  body: 'article',
  summary: 'teaser',
  metaTitle: 'google-title',
  metaDescription: 'google-snippet',
  featuredImage: 'hero',
  imageAlt: 'hero-text',
  publishedAt: 'went-live',
  tags: 'topics',
  canonicalUrl: 'original',
  jsonLd: 'ld',
}

describe('Webflow connector', () => {
  it('tests the token by reading the collection, and learns its site, its fields and where each part goes', async () => {
    const { context } = webflow({ siteId: undefined })
    const result = await webflowConnector.test(context)
    expect(result.account).toBe('Webflow collection “Blog Posts”')
    expect(result.settings).toEqual({
      siteId: WEBFLOW_SITE_ID,
      collectionFields: WEBFLOW_BLOG_FIELDS.map((field) => ({
        slug: field.slug,
        displayName: field.displayName,
        type: field.type,
        isRequired: field.isRequired ?? false,
      })),
      fieldMap: {
        body: 'post-body',
        summary: 'post-summary',
        metaTitle: '',
        metaDescription: '',
        featuredImage: 'main-image',
        imageAlt: '',
        publishedAt: '',
        tags: '',
        canonicalUrl: '',
        jsonLd: '',
      },
    })
  })

  it('keeps a saved field map on the test where it still fits, and clears a field the collection lost', async () => {
    server.use(...webflowHandlers({ fields: CUSTOM_FIELDS.filter((field) => field.slug !== 'ld') }))
    const { context } = webflow({ fieldMap: { ...CUSTOM_MAP, body: 'notes' } })
    const { settings } = await webflowConnector.test(context)
    expect(settings?.fieldMap).toEqual({ ...CUSTOM_MAP, body: 'notes', jsonLd: '' })
  })

  it('refuses a collection without a rich-text field for the body', async () => {
    server.use(...webflowHandlers({ fields: WEBFLOW_BLOG_FIELDS.filter((field) => field.type !== 'RichText') }))
    const { context } = webflow()
    const error = await providerErrorOf(webflowConnector.test(context))
    expect(error.kind).toBe('rejected')
    expect(error.message).toContain('no rich-text field')
  })

  it('checks the user’s field map against the fields the test read', () => {
    const fields = CUSTOM_FIELDS.map((field) => ({ ...field, isRequired: field.isRequired ?? false }))
    expect(webflowConnector.chooseFields!({ collectionFields: fields }, CUSTOM_MAP)).toEqual({
      settings: { collectionFields: fields, fieldMap: CUSTOM_MAP },
    })
    expect(webflowConnector.chooseFields!({ collectionFields: fields }, { ...CUSTOM_MAP, metaTitle: 'hero', tags: 'gone' })).toEqual({
      problems: [
        { name: 'metaTitle', message: '“Hero” is a field of type Image, and the meta title can only go to a field of type PlainText.' },
        { name: 'tags', message: 'The collection has no field “gone” for the tags. Choose one of its fields, or none.' },
      ],
    })
  })

  it('uploads every image as an asset of the site and points the body and the image field at Webflow’s copies', async () => {
    const { context, uploaded } = webflow()
    const article = illustratedArticle()
    const post = await webflowConnector.create(context, article)
    expect(post).toEqual({ externalId: expect.stringMatching(/^[0-9a-f]{24}$/), url: `${postUrlPrefix}/${article.slug}` })

    expect(webflowMock.assets).toHaveLength(3)
    for (const [index, asset] of webflowMock.assets.entries()) {
      const image = article.images[index]!
      expect(asset).toMatchObject({ siteId: WEBFLOW_SITE_ID, fileName: image.filename, contentType: 'image/png' })
      expect(asset.fileHash).toBe(md5(image.bytes))
      expect(Buffer.from(asset.bytes!).equals(Buffer.from(image.bytes))).toBe(true)
      expect(asset.hostedUrl.startsWith(`${WEBFLOW_ASSET_CDN}/${WEBFLOW_SITE_ID}/`)).toBe(true)
    }
    const [featured, inline, chart] = webflowMock.assets
    const [item] = webflowMock.items
    expect(item).toMatchObject({ id: post.externalId, isLive: true, isDraft: false })
    expect(item!.fieldData).toEqual({
      name: article.title,
      slug: article.slug,
      'post-body': article.html.replace(`${APP_MEDIA}a/inline.png`, inline!.hostedUrl).replace(`${APP_MEDIA}a/chart.png`, chart!.hostedUrl),
      'post-summary': article.excerpt,
      'main-image': { fileId: featured!.id, url: featured!.hostedUrl, alt: article.featuredImage!.alt },
    })
    expect(JSON.stringify(item!.fieldData)).not.toContain(APP_MEDIA)
    expect(uploaded).toEqual(
      Object.fromEntries(webflowMock.assets.map((asset, index) => [article.images[index]!.hash, { id: asset.id, url: asset.hostedUrl }])),
    )
  })

  it('uploads nothing again when the article is published again, but replaces an asset deleted in Webflow', async () => {
    const { context } = webflow()
    const article = illustratedArticle()
    const created = await webflowConnector.create(context, article)
    await webflowConnector.update(context, created.externalId, article)
    expect(webflowMock.assets).toHaveLength(3)

    webflowMock.deleteAsset(webflowMock.assets[1]!.id)
    await webflowConnector.update(context, created.externalId, article)
    expect(webflowMock.assets).toHaveLength(4)
    const replacement = webflowMock.assets[3]!
    expect(replacement.fileHash).toBe(md5(article.images[1]!.bytes))
    expect(webflowMock.items[0]!.fieldData['post-body']).toContain(`src="${replacement.hostedUrl}"`)
  })

  it('finds the site when the connection does not know it yet', async () => {
    const { context } = webflow({ siteId: undefined })
    await webflowConnector.create(context, publishableArticle())
    expect(webflowMock.assets).toEqual([expect.objectContaining({ siteId: WEBFLOW_SITE_ID })])
  })

  it('fills the fields the user chose, each part in its own, within the field’s limit', async () => {
    server.use(...webflowHandlers({ fields: CUSTOM_FIELDS }))
    const { context } = webflow({ fieldMap: CUSTOM_MAP })
    const article = publishableArticle({ canonicalUrl: 'https://roastery.example/espresso' })
    await webflowConnector.create(context, article)
    const [asset] = webflowMock.assets
    expect(webflowMock.items[0]!.fieldData).toEqual({
      name: article.title,
      slug: article.slug,
      article: article.html,
      teaser: 'How to choose your first trail running…',
      'google-title': article.metaTitle,
      'google-snippet': article.metaDescription,
      hero: { fileId: asset!.id, url: asset!.hostedUrl, alt: 'Trail shoes on a rock' },
      'hero-text': 'Trail shoes on a rock',
      'went-live': '2025-05-01T08:00:00.000Z',
      topics: 'Trail running, trail running shoes',
      original: 'https://roastery.example/espresso',
      ld: JSON.stringify(article.jsonLd[0]),
    })
    expect(defaultWebflowFieldMap(CUSTOM_FIELDS.map((field) => ({ ...field, isRequired: false })))).not.toEqual(CUSTOM_MAP)
  })

  it('stops with what to do when a mapped field was removed from the collection since the test', async () => {
    server.use(...webflowHandlers({ fields: CUSTOM_FIELDS.filter((field) => field.slug !== 'google-title') }))
    const { context } = webflow({ fieldMap: CUSTOM_MAP })
    const error = await providerErrorOf(webflowConnector.create(context, publishableArticle()))
    expect(error.kind).toBe('rejected')
    expect(error.message).toBe(
      'The Webflow collection changed: The collection has no field “google-title” for the meta title. Choose one of its fields, or none. Press Test connection on Integrations to read its fields again, or choose them with Edit, then publish the article again.',
    )
    expect(webflowMock.assets).toEqual([])
    expect(webflowMock.items).toEqual([])
  })

  it('refuses an image over Webflow’s 4 MB before uploading anything', async () => {
    const { context } = webflow()
    const big = publishableImage({ bytes: new Uint8Array(4 * 1024 * 1024 + 1), filename: 'huge.png' })
    const error = await providerErrorOf(webflowConnector.create(context, publishableArticle({ featuredImage: big, images: [big] })))
    expect(error).toMatchObject({ kind: 'rejected' })
    expect(error.message).toBe(
      "Webflow takes images up to 4 MB, and “huge.png” is 4.0 MB. Replace the article's image with a smaller one, then publish the article again.",
    )
    expect(mockRequestCount('webflow')).toBe(1)
    expect(webflowMock.assets).toEqual([])
  })

  it('reads the bucket refusing the file as a refusal of this image, not of the token', async () => {
    server.use(
      http.post(
        `${WEBFLOW_ASSET_BUCKET}/`,
        () =>
          new HttpResponse('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>', {
            status: 403,
            headers: { 'Content-Type': 'application/xml' },
          }),
      ),
    )
    const { context, uploaded } = webflow()
    const error = await providerErrorOf(webflowConnector.create(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'rejected', status: 403 })
    expect(error.message).toMatch(/^Webflow's file storage refused “trail-shoes\.png” \(HTTP 403\)\./)
    expect(uploaded).toEqual({})
    expect(webflowMock.items).toEqual([])
  })

  it('finds the item by slug after it was created, and nothing for another slug', async () => {
    const { context } = webflow()
    const article = publishableArticle()
    expect(await webflowConnector.find(context, article)).toBeNull()
    const created = await webflowConnector.create(context, article)
    expect(await webflowConnector.find(context, article)).toEqual(created)
    expect(await webflowConnector.find(context, publishableArticle({ slug: 'another-post' }))).toBeNull()
  })

  it('updates the live item', async () => {
    const { context } = webflow()
    const created = await webflowConnector.create(context, publishableArticle())
    const edited = publishableArticle({ title: 'Trail Shoes, Revised', html: '<p>Revised</p>', featuredImage: null })
    expect(await webflowConnector.update(context, created.externalId, edited)).toEqual(created)
    expect(webflowMock.items).toEqual([
      expect.objectContaining({
        isLive: true,
        fieldData: expect.objectContaining({ name: 'Trail Shoes, Revised', 'post-body': '<p>Revised</p>', 'main-image': null }),
      }),
    ])
  })

  it('unpublishes by taking the live item off the site, keeping it in the CMS', async () => {
    const { context } = webflow()
    const article = publishableArticle()
    const created = await webflowConnector.create(context, article)
    await webflowConnector.unpublish(context, created.externalId, article)
    expect(webflowMock.items).toEqual([expect.objectContaining({ id: created.externalId, isLive: false })])
  })

  it('reports a token Webflow refuses as an auth error', async () => {
    const { context } = webflow({ apiToken: 'wrong' })
    const error = await providerErrorOf(webflowConnector.create(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'auth', status: 401 })
    expect(webflowMock.items).toEqual([])
  })

  it('reports Webflow’s validation details as a rejection', async () => {
    const { context } = webflow()
    const error = await providerErrorOf(webflowConnector.create(context, publishableArticle({ slug: 'Trail Shoes' })))
    expect(error.kind).toBe('rejected')
    expect(error.message).toMatch(
      /^Webflow refused the item: Validation Error \(fieldData\.slug: Slug must only contain lowercase letters, numbers and hyphens\)\. Check the collection's required fields/,
    )
  })

  it('waits as long as Retry-After says on 429, then publishes', async () => {
    const { context, sleeps } = webflow()
    injectFault('webflow', { kind: 'rate-limit', retryAfterSeconds: 2, times: 1 })
    await webflowConnector.create(context, publishableArticle())
    expect(sleeps).toEqual([2000])
    expect(webflowMock.items).toHaveLength(1)
  })

  it('gives up with a server error when Webflow keeps failing', async () => {
    const { context } = webflow()
    injectFault('webflow', { kind: 'status', status: 502 })
    const error = await providerErrorOf(webflowConnector.find(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'server', status: 502, attempts: 3 })
    expect(mockRequestCount('webflow')).toBe(3)
  })

  it('reports a timeout when Webflow does not answer in time', async () => {
    const { context } = webflow({ timeoutMs: 50 })
    injectFault('webflow', { kind: 'slow', delayMs: 400 })
    const error = await providerErrorOf(webflowConnector.test(context))
    expect(error.kind).toBe('timeout')
  })
})
