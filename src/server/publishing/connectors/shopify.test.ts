import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/providers/mock-faults'
import { shopifyHandlers, shopifyMock } from '~/server/providers/shopify/mock'
import { connectorContext, publishableArticle } from '../../../../tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '../../../../tests/fixtures/mock-server'
import { shopifyConnector } from './shopify'

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

  it('publishes the article with its handle, summary, tags, image by URL and SEO metafields', async () => {
    const { context } = shopify()
    const article = publishableArticle()
    const post = await shopifyConnector.create(context, article)
    expect(post).toEqual({ externalId: 'gid://shopify/Article/580000000001', url: `${storeUrl}/blogs/journal/${article.slug}` })
    expect(shopifyMock.articles).toEqual([
      expect.objectContaining({
        blogId: 'gid://shopify/Blog/1001',
        handle: article.slug,
        title: article.title,
        body: article.html,
        summary: `<p>${article.excerpt}</p>`,
        author: 'Jane Trail',
        tags: article.tags,
        image: { url: 'https://media.rankpilot.example/trail-shoes.png', altText: 'Trail shoes on a rock' },
        isPublished: true,
        publishedAt: '2025-05-01T08:00:00.000Z',
        metafields: [
          { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: article.metaTitle },
          { namespace: 'global', key: 'description_tag', type: 'multi_line_text_field', value: article.metaDescription },
        ],
      }),
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
