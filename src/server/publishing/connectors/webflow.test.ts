import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/providers/mock-faults'
import { WEBFLOW_BLOG_FIELDS, webflowHandlers, webflowMock } from '~/server/providers/webflow/mock'
import { connectorContext, publishableArticle } from '../../../../tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '../../../../tests/fixtures/mock-server'
import { webflowConnector, webflowFieldMap } from './webflow'

const server = useMockServer(...webflowHandlers())
const collectionId = '6512c0ffee0000000000abcd'
const postUrlPrefix = 'https://www.example.com/blog'

afterEach(() => {
  webflowMock.reset()
})

const webflow = (options: { apiToken?: string; timeoutMs?: number } = {}) =>
  connectorContext<'webflow'>(
    'Webflow',
    { collectionId, postUrlPrefix },
    { apiToken: options.apiToken ?? 'wf_site_token' },
    { ...options, classifyFailure: webflowConnector.classifyFailure },
  )

describe('Webflow connector', () => {
  it('tests the token by reading the collection', async () => {
    const { context } = webflow()
    expect(await webflowConnector.test(context)).toEqual({ account: 'Webflow collection “Blog Posts”' })
  })

  it('refuses a collection without a rich-text field for the body', async () => {
    server.use(...webflowHandlers({ fields: WEBFLOW_BLOG_FIELDS.filter((field) => field.type !== 'RichText') }))
    const { context } = webflow()
    const error = await providerErrorOf(webflowConnector.test(context))
    expect(error.kind).toBe('rejected')
    expect(error.message).toContain('no rich-text field')
  })

  it('maps the article onto the blog template’s fields and onto custom SEO fields', () => {
    expect(webflowFieldMap(WEBFLOW_BLOG_FIELDS)).toEqual({
      body: 'post-body',
      summary: 'post-summary',
      image: 'main-image',
      metaTitle: undefined,
      metaDescription: undefined,
      tags: undefined,
      canonical: undefined,
      date: undefined,
    })
    const custom = webflowFieldMap([
      { slug: 'content', displayName: 'Content', type: 'RichText' },
      { slug: 'seo-title', displayName: 'SEO title', type: 'PlainText' },
      { slug: 'meta-description', displayName: 'Meta description', type: 'PlainText' },
      { slug: 'tags', displayName: 'Tags', type: 'PlainText' },
      { slug: 'canonical-url', displayName: 'Canonical URL', type: 'Link' },
      { slug: 'published-on', displayName: 'Published on', type: 'DateTime' },
      { slug: 'cover', displayName: 'Cover', type: 'Image' },
    ])
    expect(custom).toEqual({
      body: 'content',
      metaTitle: 'seo-title',
      metaDescription: 'meta-description',
      summary: undefined,
      image: 'cover',
      tags: 'tags',
      canonical: 'canonical-url',
      date: 'published-on',
    })
  })

  it('publishes a live item with the body, summary and image by URL', async () => {
    const { context } = webflow()
    const article = publishableArticle()
    const post = await webflowConnector.create(context, article)
    expect(post).toEqual({ externalId: expect.stringMatching(/^[0-9a-f]{24}$/), url: `${postUrlPrefix}/${article.slug}` })
    expect(webflowMock.items).toEqual([
      expect.objectContaining({
        id: post.externalId,
        isLive: true,
        isDraft: false,
        fieldData: {
          name: article.title,
          slug: article.slug,
          'post-body': article.html,
          'post-summary': article.excerpt,
          'main-image': { url: 'https://media.rankpilot.example/trail-shoes.png', alt: 'Trail shoes on a rock' },
        },
      }),
    ])
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
