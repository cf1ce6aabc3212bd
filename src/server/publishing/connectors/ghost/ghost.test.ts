import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_GHOST_ADMIN_KEY, ghostHandlers, ghostMock } from './mock'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { APP_MEDIA, connectorContext, publishableArticle, illustratedArticle } from '~tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '~tests/fixtures/mock-server'
import { ghostConnector } from './ghost'

const apiUrl = 'https://news.example.com'
const server = useMockServer(...ghostHandlers({ baseUrl: apiUrl }))

afterEach(() => {
  ghostMock.reset()
})

const ghost = (options: { adminApiKey?: string; timeoutMs?: number } = {}) =>
  connectorContext<'ghost'>(
    'Ghost',
    { apiUrl },
    { adminApiKey: options.adminApiKey ?? DEMO_GHOST_ADMIN_KEY },
    { ...options, classifyFailure: ghostConnector.classifyFailure },
  )

describe('Ghost connector', () => {
  it('tests the key with an authenticated read and names the site', async () => {
    const { context } = ghost()
    expect(await ghostConnector.test(context)).toEqual({ account: `Ghost site “Demo Ghost” (${apiUrl})` })
    expect(mockRequestCount('ghost')).toBe(2)
  })

  it('publishes the article as HTML with its image uploaded, tags, excerpt and canonical URL', async () => {
    const { context } = ghost()
    const article = publishableArticle({ canonicalUrl: 'https://www.example.com/guides/trail-shoes' })
    const post = await ghostConnector.create(context, article)

    expect(post).toEqual({ externalId: expect.stringMatching(/^[0-9a-f]{24}$/), url: `${apiUrl}/${article.slug}/` })
    expect(ghostMock.images).toEqual([expect.objectContaining({ ref: 'trail-shoes.png', contentType: 'image/png', size: 70 })])
    expect(ghostMock.posts).toEqual([
      expect.objectContaining({
        id: post.externalId,
        title: article.title,
        slug: article.slug,
        html: article.html,
        status: 'published',
        tags: ['Trail running', 'trail running shoes'],
        custom_excerpt: article.excerpt,
        meta_title: article.metaTitle,
        meta_description: article.metaDescription,
        canonical_url: 'https://www.example.com/guides/trail-shoes',
        feature_image: ghostMock.images[0]?.url,
        feature_image_alt: 'Trail shoes on a rock',
        published_at: '2025-05-01T08:00:00.000Z',
      }),
    ])
  })

  it('finds the post by slug after it was created, and nothing for another slug', async () => {
    const { context } = ghost()
    const article = publishableArticle()
    expect(await ghostConnector.find(context, article)).toBeNull()
    const created = await ghostConnector.create(context, article)
    expect(await ghostConnector.find(context, article)).toEqual(created)
    expect(await ghostConnector.find(context, publishableArticle({ slug: 'another-post' }))).toBeNull()
  })

  it('updates the post with the updated_at it read, keeping the uploaded image', async () => {
    const { context } = ghost()
    const created = await ghostConnector.create(context, publishableArticle())
    const before = ghostMock.posts[0]!.updated_at
    const edited = publishableArticle({ title: 'Trail Running Shoes: A Beginner’s Guide', html: '<p>New body</p>', tags: ['Gear'] })
    expect(await ghostConnector.update(context, created.externalId, edited)).toEqual(created)
    expect(ghostMock.posts).toEqual([
      expect.objectContaining({ title: edited.title, html: '<p>New body</p>', tags: ['Gear'], status: 'published' }),
    ])
    expect(ghostMock.posts[0]!.updated_at).not.toBe(before)
    expect(ghostMock.images).toHaveLength(1)
  })

  it('uploads the body’s images too and points the body at them; publishing again uploads nothing new', async () => {
    const { context, uploaded } = ghost()
    const article = illustratedArticle()
    const created = await ghostConnector.create(context, article)
    expect(ghostMock.images.map((image) => image.ref)).toEqual(article.images.map((image) => image.filename))
    const [featured, inline, infographic] = ghostMock.images
    const html = ghostMock.posts[0]!.html
    expect(html).toContain(`src="${inline!.url}"`)
    expect(html).toContain(`src="${infographic!.url}"`)
    expect(html).not.toContain(APP_MEDIA)
    expect(ghostMock.posts[0]!.feature_image).toBe(featured!.url)
    expect(Object.keys(uploaded)).toEqual(article.images.map((image) => image.hash))

    await ghostConnector.update(context, created.externalId, article)
    expect(ghostMock.images).toHaveLength(3)
    expect(ghostMock.posts[0]!.html).toBe(html)
  })

  it('reads again and retries once when someone else saved the post in between', async () => {
    const { context } = ghost()
    const created = await ghostConnector.create(context, publishableArticle())
    server.use(
      http.put(
        `${apiUrl}/ghost/api/admin/posts/:id/`,
        () =>
          HttpResponse.json(
            { errors: [{ message: 'Saving failed! Someone else is editing this post.', type: 'UpdateCollisionError' }] },
            { status: 409 },
          ),
        { once: true },
      ),
    )
    await ghostConnector.update(context, created.externalId, publishableArticle({ title: 'Edited after a collision' }))
    expect(ghostMock.posts[0]?.title).toBe('Edited after a collision')
  })

  it('unpublishes by turning the post back into a draft', async () => {
    const { context } = ghost()
    const article = publishableArticle()
    const created = await ghostConnector.create(context, article)
    await ghostConnector.unpublish(context, created.externalId, article)
    expect(ghostMock.posts).toEqual([expect.objectContaining({ id: created.externalId, status: 'draft' })])
    expect(ghostMock.posts[0]!.url).toMatch(new RegExp(`^${apiUrl}/p/`))
  })

  it('reports a key Ghost refuses as an auth error', async () => {
    const { context } = ghost({ adminApiKey: `${'6'.repeat(24)}:${'ff'.repeat(32)}` })
    const error = await providerErrorOf(ghostConnector.create(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'auth', status: 401 })
    expect(ghostMock.posts).toEqual([])
  })

  it('reports Ghost’s validation message as a rejection', async () => {
    const { context } = ghost()
    const error = await providerErrorOf(ghostConnector.create(context, publishableArticle({ title: '  ', featuredImage: null })))
    expect(error.kind).toBe('rejected')
    expect(error.message).toBe(
      'Ghost refused the post: Validation error, cannot save post. Value in [posts.title] cannot be blank. Correct the article, then publish the article again.',
    )
  })

  it('waits as long as Retry-After says on 429, then publishes', async () => {
    const { context, sleeps } = ghost()
    injectFault('ghost', { kind: 'rate-limit', retryAfterSeconds: 3, times: 1 })
    const post = await ghostConnector.create(context, publishableArticle({ featuredImage: null }))
    expect(sleeps).toEqual([3000])
    expect(ghostMock.posts).toEqual([expect.objectContaining({ id: post.externalId })])
  })

  it('gives up with a server error when Ghost keeps failing', async () => {
    const { context } = ghost()
    injectFault('ghost', { kind: 'status', status: 503 })
    const error = await providerErrorOf(ghostConnector.find(context, publishableArticle()))
    expect(error).toMatchObject({ kind: 'server', status: 503, attempts: 3 })
    expect(mockRequestCount('ghost')).toBe(3)
  })

  it('reports a timeout when Ghost does not answer in time', async () => {
    const { context } = ghost({ timeoutMs: 50 })
    injectFault('ghost', { kind: 'slow', delayMs: 400 })
    const error = await providerErrorOf(ghostConnector.test(context))
    expect(error.kind).toBe('timeout')
  })
})
