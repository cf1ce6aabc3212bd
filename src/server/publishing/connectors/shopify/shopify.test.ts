import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { SHOPIFY_STAGED_UPLOADS, shopifyHandlers, shopifyMock } from './mock'
import { connectorContext, illustratedArticle, publishableArticle, publishableImage } from '~tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '~tests/fixtures/mock-server'
import { createShopifyConnector } from './shopify'

/** The waits between reads of a new file's status, recorded instead of slept. */
const fileWaits: number[] = []
const shopifyConnector = createShopifyConnector({
  fileWait: { delaysMs: [100, 200, 400], sleep: async (ms) => void fileWaits.push(ms) },
})

const shopDomain = 'outdoor-shop.myshopify.com'
const endpoint = `https://${shopDomain}/admin/api/:version/graphql.json`
const server = useMockServer(
  ...shopifyHandlers({
    baseUrl: `https://${shopDomain}`,
    accessToken: 'shpat_demo',
    shopName: 'Outdoor Shop',
    blogs: { '1001': { title: 'Journal', handle: 'journal' }, '1002': { title: 'News', handle: 'news' } },
  }),
)

afterEach(() => {
  shopifyMock.reset()
  fileWaits.length = 0
})

const shopify = (options: { accessToken?: string; blogId?: string; authorName?: string; timeoutMs?: number } = {}) =>
  connectorContext<'shopify'>(
    'Shopify',
    { shopDomain, blogId: options.blogId ?? '1001', authorName: options.authorName ?? 'Jane Trail' },
    { accessToken: options.accessToken ?? 'shpat_demo' },
    options,
  )

const storeUrl = 'https://outdoor-shop.example.com'

describe('Shopify connector', () => {
  it('tests the token by reading the shop and the blog', async () => {
    const { context } = shopify()
    expect(await shopifyConnector.test(context)).toEqual({ account: 'Shopify store “Outdoor Shop”, blog “Journal”' })
  })

  it('says so when the blog is not in the store', async () => {
    const { context } = shopify({ blogId: '999' })
    const error = await providerErrorOf(shopifyConnector.test(context))
    expect(error.kind).toBe('rejected')
    expect(error.message).toContain('has no blog with ID 999')
  })

  it('publishes the article with its handle, summary, tags, featured image from Files, SEO metafields and JSON-LD', async () => {
    const { context } = shopify()
    const article = publishableArticle()
    const post = await shopifyConnector.create(context, article)
    expect(post).toEqual({ externalId: 'gid://shopify/Article/580000000001', url: `${storeUrl}/blogs/journal/${article.slug}` })
    const [file] = shopifyMock.files
    expect(file).toMatchObject({ status: 'READY', alt: 'Trail shoes on a rock', filename: 'trail-shoes.png', width: 1, height: 1 })
    expect(file!.url).toMatch(/^https:\/\/cdn\.shopify\.com\/s\/files\/.+\/trail-shoes\.png\?v=\d+$/)
    expect(shopifyMock.articles).toEqual([
      expect.objectContaining({
        blogId: 'gid://shopify/Blog/1001',
        handle: article.slug,
        title: article.title,
        body: article.html,
        summary: `<p>${article.excerpt}</p>`,
        author: 'Jane Trail',
        tags: article.tags,
        image: { url: file!.url, altText: 'Trail shoes on a rock' },
        isPublished: true,
        publishedAt: '2025-05-01T08:00:00.000Z',
        metafields: [
          { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: article.metaTitle },
          { namespace: 'global', key: 'description_tag', type: 'single_line_text_field', value: article.metaDescription },
          { namespace: 'rankpilot', key: 'json_ld', type: 'json', value: JSON.stringify(article.jsonLd[0]) },
        ],
      }),
    ])
  })

  it('uploads every image to the shop’s Files and points the body at Shopify’s CDN; publishing again uploads nothing', async () => {
    const { context, uploaded } = shopify()
    const article = illustratedArticle()
    const created = await shopifyConnector.create(context, article)
    expect(shopifyMock.files.map((file) => [file.filename, file.alt, file.status, file.mimeType])).toEqual([
      ['trail-shoes-featured.png', 'Trail shoes on a rock', 'READY', 'image/png'],
      ['section-illustration.png', 'Laces', 'READY', 'image/png'],
      ['lug-depths.png', 'Lug depth by shoe', 'READY', 'image/png'],
    ])
    const [featured, inline, chart] = shopifyMock.files
    const [stored] = shopifyMock.articles
    expect(stored!.image).toEqual({ url: featured!.url, altText: 'Trail shoes on a rock' })
    expect(stored!.body).toContain(`src="${inline!.url}"`)
    expect(stored!.body).toContain(`src="${chart!.url}"`)
    expect(stored!.body).not.toContain('rankpilot.example')
    expect(stored!.body).not.toContain(featured!.url)
    // Each file was read once while Shopify processed it, then once ready.
    expect(fileWaits).toEqual([100, 100, 100])
    // The staged uploads: a multipart form with the file last, and never the shop's token.
    expect(shopifyMock.storageRequests).toHaveLength(3)
    for (const request of shopifyMock.storageRequests) {
      expect(request.fields.at(-1)).toBe('file')
      expect(request.fields).toEqual(expect.arrayContaining(['key', 'policy', 'x-goog-signature', 'Content-Type']))
      expect(Object.keys(request.headers)).not.toContain('x-shopify-access-token')
      expect(JSON.stringify(request.headers)).not.toContain('shpat_demo')
    }
    expect(Object.fromEntries(article.images.map((image) => [image.hash, uploaded[image.hash]]))).toEqual({
      [article.images[0]!.hash]: { id: featured!.id, url: featured!.url },
      [article.images[1]!.hash]: { id: inline!.id, url: inline!.url },
      [article.images[2]!.hash]: { id: chart!.id, url: chart!.url },
    })

    await shopifyConnector.update(context, created.externalId, article)
    expect(shopifyMock.files).toHaveLength(3)
    expect(shopifyMock.storageRequests).toHaveLength(3)
    expect(shopifyMock.articles[0]!.body).toContain(`src="${inline!.url}"`)

    // Deleted from Files in the Shopify admin: that one is uploaded again, the record follows.
    shopifyMock.removeFile(inline!.id)
    await shopifyConnector.update(context, created.externalId, article)
    expect(shopifyMock.files).toHaveLength(3)
    const again = shopifyMock.files[2]!
    expect(again).toMatchObject({ filename: 'section-illustration.png', status: 'READY' })
    expect(uploaded[article.images[1]!.hash]).toEqual({ id: again.id, url: again.url })
    expect(shopifyMock.articles[0]!.body).toContain(`src="${again.url}"`)
  })

  it('refuses an image over 20 MB or of another type before any upload', async () => {
    const { context } = shopify()
    const big = publishableImage({ bytes: new Uint8Array(20 * 1024 * 1024 + 1) })
    const error = await providerErrorOf(shopifyConnector.create(context, publishableArticle({ featuredImage: big, images: [big] })))
    expect(error.kind).toBe('rejected')
    expect(error.message).toContain('images must be PNG, JPEG or WebP under 20 MB')
    expect(shopifyMock.storageRequests).toEqual([])
    expect(shopifyMock.articles).toEqual([])
  })

  it('a file Shopify cannot process is a final refusal in Shopify’s words; the article is not made', async () => {
    const { context } = shopify()
    const svg = publishableImage({ bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') })
    const error = await providerErrorOf(shopifyConnector.create(context, publishableArticle({ featuredImage: svg, images: [svg] })))
    expect(error.kind).toBe('rejected')
    expect(error.message).toBe(
      'Shopify could not process the image “trail-shoes.png”: Accepted image types are JPEG, PNG, GIF and WebP. Use a PNG, JPEG or WebP image under 20 MB, then publish the article again.',
    )
    expect(shopifyMock.files.map((file) => file.status)).toEqual(['FAILED'])
    expect(shopifyMock.articles).toEqual([])
  })

  it('userErrors of fileCreate are a final refusal with Shopify’s message', async () => {
    const { context } = shopify()
    const image = publishableImage({ alt: 'a'.repeat(513) })
    const error = await providerErrorOf(shopifyConnector.create(context, publishableArticle({ featuredImage: image, images: [image] })))
    expect(error).toMatchObject({
      kind: 'rejected',
      message: 'Shopify refused the image “trail-shoes.png”: Alt value exceeds the 512 character limit',
    })
  })

  it('a file still processing after the wait is a timeout (retried later), and the retry waits for the same file', async () => {
    const { context, uploaded } = shopify()
    const article = publishableArticle()
    shopifyMock.processFilesAfter(Infinity)
    const error = await providerErrorOf(shopifyConnector.create(context, article))
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('Shopify was still processing the image “trail-shoes.png”')
    expect(fileWaits).toEqual([100, 200, 400])
    const [file] = shopifyMock.files
    expect(uploaded[article.images[0]!.hash]).toEqual({ id: file!.id, url: '' })

    shopifyMock.processFilesAfter(0)
    await shopifyConnector.create(context, article)
    expect(shopifyMock.files).toHaveLength(1)
    expect(shopifyMock.storageRequests).toHaveLength(1)
    expect(uploaded[article.images[0]!.hash]).toEqual({ id: file!.id, url: shopifyMock.files[0]!.url })
  })

  it('the staged storage refusing the file is a rejection of the image, never a broken connection; its 5xx is retried', async () => {
    const { context } = shopify()
    server.use(
      http.post(`${SHOPIFY_STAGED_UPLOADS}/`, () => new HttpResponse('<Error><Code>AccessDenied</Code></Error>', { status: 403 }), {
        once: true,
      }),
    )
    const refused = await providerErrorOf(shopifyConnector.create(context, publishableArticle()))
    expect(refused).toMatchObject({ kind: 'rejected', status: 403 })
    expect(refused.message).toContain('Shopify’s file storage refused the image “trail-shoes.png” (HTTP 403)')

    server.use(http.post(`${SHOPIFY_STAGED_UPLOADS}/`, () => new HttpResponse(null, { status: 503 })))
    const down = await providerErrorOf(shopifyConnector.create(context, publishableArticle()))
    expect(down).toMatchObject({ kind: 'server', status: 503, attempts: 3 })
  })

  it('sends single-line SEO metafields, and no JSON-LD metafield when the article has none', async () => {
    const { context } = shopify()
    await shopifyConnector.create(context, publishableArticle({ metaTitle: 'Trail shoes\nfor beginners', jsonLd: [] }))
    expect(shopifyMock.articles[0]!.metafields).toEqual([
      { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: 'Trail shoes for beginners' },
      expect.objectContaining({ key: 'description_tag' }),
    ])
  })

  it('signs the article with the shop’s name when no author is set', async () => {
    const { context } = shopify({ authorName: '' })
    await shopifyConnector.create(context, publishableArticle())
    expect(shopifyMock.articles[0]?.author).toBe('Outdoor Shop')
  })

  it('finds the article by handle within the blog after it was created', async () => {
    const { context } = shopify()
    const article = publishableArticle()
    expect(await shopifyConnector.find(context, article)).toBeNull()
    const created = await shopifyConnector.create(context, article)
    expect(await shopifyConnector.find(context, article)).toEqual(created)
    expect(await shopifyConnector.find(context, publishableArticle({ slug: 'another-post' }))).toBeNull()
    const { context: otherBlog } = shopify({ blogId: '1002' })
    expect(await shopifyConnector.find(otherBlog, article)).toBeNull()
  })

  it('updates the article', async () => {
    const { context } = shopify()
    const created = await shopifyConnector.create(context, publishableArticle())
    const edited = publishableArticle({ title: 'Trail Shoes, Revised', html: '<p>Revised</p>', tags: ['Gear'] })
    expect(await shopifyConnector.update(context, created.externalId, edited)).toEqual(created)
    expect(shopifyMock.articles).toEqual([
      expect.objectContaining({ title: 'Trail Shoes, Revised', body: '<p>Revised</p>', tags: ['Gear'], isPublished: true }),
    ])
  })

  it('unpublishes by hiding the article, and accepts an article already deleted', async () => {
    const { context } = shopify()
    const article = publishableArticle()
    const created = await shopifyConnector.create(context, article)
    await shopifyConnector.unpublish(context, created.externalId, article)
    expect(shopifyMock.articles).toEqual([expect.objectContaining({ id: created.externalId, isPublished: false })])
    await shopifyConnector.unpublish(context, 'gid://shopify/Article/1', article)
  })

  it('reports a token Shopify refuses as an auth error', async () => {
    const { context } = shopify({ accessToken: 'shpat_wrong' })
    const error = await providerErrorOf(shopifyConnector.create(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'auth', status: 401 })
    expect(error.message).toContain('Invalid API key or access token')
  })

  it('reports userErrors inside HTTP 200 as a rejection with Shopify’s message', async () => {
    const { context } = shopify()
    const error = await providerErrorOf(shopifyConnector.create(context, publishableArticle({ title: ' ' })))
    expect(error.kind).toBe('rejected')
    expect(error.message).toBe("Shopify refused the article: Title can't be blank")
    expect(shopifyMock.articles).toEqual([])
  })

  it('reads top-level GraphQL errors: throttling, missing scope, anything else', async () => {
    const { context } = shopify()
    const answer = (code: string, message: string) =>
      server.use(http.post(endpoint, () => HttpResponse.json({ errors: [{ message, extensions: { code } }] }), { once: true }))
    answer('THROTTLED', 'Throttled')
    expect((await providerErrorOf(shopifyConnector.test(context))).kind).toBe('rate_limited')
    answer('ACCESS_DENIED', 'Access denied for articles field. Required access: `read_content` access scope.')
    expect((await providerErrorOf(shopifyConnector.find(context, publishableArticle()))).kind).toBe('auth')
    answer('undefinedField', "Field 'nope' doesn't exist on type 'QueryRoot'")
    const other = await providerErrorOf(shopifyConnector.test(context))
    expect(other).toMatchObject({
      kind: 'rejected',
      message: "Shopify rejected the request: Field 'nope' doesn't exist on type 'QueryRoot'",
    })
  })

  it('waits as long as Retry-After says on 429, then publishes', async () => {
    const { context, sleeps } = shopify()
    injectFault('shopify', { kind: 'rate-limit', retryAfterSeconds: 2, times: 1 })
    await shopifyConnector.create(context, publishableArticle())
    expect(sleeps).toEqual([2000])
    expect(shopifyMock.articles).toHaveLength(1)
  })

  it('gives up with a server error when Shopify keeps failing', async () => {
    const { context } = shopify()
    injectFault('shopify', { kind: 'status', status: 500 })
    const error = await providerErrorOf(shopifyConnector.find(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'server', status: 500, attempts: 3 })
    expect(mockRequestCount('shopify')).toBe(3)
  })

  it('reports a timeout when Shopify does not answer in time', async () => {
    const { context } = shopify({ timeoutMs: 50 })
    injectFault('shopify', { kind: 'slow', delayMs: 400 })
    expect((await providerErrorOf(shopifyConnector.test(context))).kind).toBe('timeout')
  })
})
