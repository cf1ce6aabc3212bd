import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/providers/mock-faults'
import { wordpressHandlers, wordpressMock } from '~/server/providers/wordpress/mock'
import { connectorContext, publishableArticle } from '../../../../tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '../../../../tests/fixtures/mock-server'
import { wordpressConnector } from './wordpress'

const siteUrl = 'https://blog.example.com'
const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
useMockServer(...wordpressHandlers({ baseUrl: siteUrl, username: 'editor', applicationPassword: PASSWORD }))

afterEach(() => {
  wordpressMock.reset()
})

const wordpress = (options: { password?: string; timeoutMs?: number } = {}) =>
  connectorContext<'wordpress'>(
    'WordPress',
    { siteUrl, username: 'editor' },
    { applicationPassword: options.password ?? PASSWORD.replace(/\s/g, '') },
    { ...options, classifyFailure: wordpressConnector.classifyFailure },
  )

describe('WordPress connector', () => {
  it('tests the application password with users/me and names the user and site', async () => {
    expect(await wordpressConnector.test(wordpress().context)).toEqual({ account: 'Signed in as editor on blog.example.com' })
  })

  it('wrong credentials are an auth error with WordPress’s own words', async () => {
    const error = await providerErrorOf(wordpressConnector.test(wordpress({ password: 'wrong' }).context))
    expect(error.kind).toBe('auth')
    expect(error.message).toContain('The provided password is an invalid application password.')
  })

  it('creates the post with its featured image (alt text set), its tags and excerpt; finds it by slug afterwards', async () => {
    const { context } = wordpress()
    const article = publishableArticle()
    expect(await wordpressConnector.find(context, article)).toBeNull()
    const post = await wordpressConnector.create(context, article)
    expect(post).toEqual({ externalId: String(wordpressMock.posts[0]!.id), url: `${siteUrl}/${article.slug}/` })
    expect(wordpressMock.media).toEqual([
      expect.objectContaining({ filename: 'trail-shoes.png', mimeType: 'image/png', alt_text: 'Trail shoes on a rock' }),
    ])
    expect(wordpressMock.tags.map((tag) => tag.name)).toEqual(['Trail running', 'trail running shoes'])
    expect(wordpressMock.posts).toEqual([
      expect.objectContaining({
        title: article.title,
        slug: article.slug,
        content: article.html,
        excerpt: article.metaDescription,
        status: 'publish',
        featured_media: wordpressMock.media[0]!.id,
        tags: wordpressMock.tags.map((tag) => tag.id),
      }),
    ])
    expect(await wordpressConnector.find(context, article)).toEqual(post)
  })

  it('updates the same post, reusing existing tags; unpublish sets it back to draft', async () => {
    const { context } = wordpress()
    const created = await wordpressConnector.create(context, publishableArticle())
    const updated = await wordpressConnector.update(
      context,
      created.externalId,
      publishableArticle({ title: 'Trail Shoes, Revised', html: '<p>New</p>' }),
    )
    expect(updated).toEqual(created)
    expect(wordpressMock.posts).toEqual([
      expect.objectContaining({ title: 'Trail Shoes, Revised', content: '<p>New</p>', status: 'publish' }),
    ])
    expect(wordpressMock.tags).toHaveLength(2)
    expect(wordpressMock.media).toHaveLength(1)
    await wordpressConnector.unpublish(context, created.externalId, publishableArticle())
    expect(wordpressMock.posts[0]!.status).toBe('draft')
  })

  it('a validation error is rejected with WordPress’s message', async () => {
    injectFault('wordpress', {
      kind: 'status',
      status: 400,
      body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400 } },
      times: 1,
    })
    const error = await providerErrorOf(wordpressConnector.find(wordpress().context, publishableArticle()))
    expect(error.kind).toBe('rejected')
    expect(error.message).toContain('Invalid parameter(s): status')
  })

  it('an SVG featured image is refused once, for good, in WordPress’s words with the fix; no post is made', async () => {
    const { context, sleeps } = wordpress()
    const svg = publishableArticle({
      featuredImage: {
        bytes: Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        contentType: 'image/svg+xml',
        filename: 'trail-shoes.svg',
        alt: 'Trail shoes',
        url: 'https://media.rankpilot.example/trail-shoes.svg',
      },
    })
    const before = mockRequestCount('wordpress')
    const error = await providerErrorOf(wordpressConnector.create(context, svg))
    expect(error).toMatchObject({ kind: 'rejected', status: 500, attempts: 1 })
    expect(error.message).toMatch(
      /^WordPress refused the file: Sorry, you are not allowed to upload this file type\. Use a JPEG, PNG, GIF or WebP image/,
    )
    expect(mockRequestCount('wordpress') - before).toBe(1)
    expect(sleeps).toEqual([])
    expect(wordpressMock.media).toEqual([])
    expect(wordpressMock.posts).toEqual([])
  })

  it('a permission WordPress refuses (403 rest_cannot_*) is a final refusal, not wrong credentials', async () => {
    injectFault('wordpress', {
      kind: 'status',
      status: 403,
      body: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create terms in this taxonomy.', data: { status: 403 } },
      times: 1,
    })
    const error = await providerErrorOf(wordpressConnector.find(wordpress().context, publishableArticle()))
    expect(error.kind).toBe('rejected')
    expect(error.message).toContain(
      'Sorry, you are not allowed to create terms in this taxonomy. The WordPress user of the connection lacks',
    )
  })

  it('a 429 is retried after its Retry-After; a 5xx that lasts fails as a server error; a hung site times out', async () => {
    const limited = wordpress()
    injectFault('wordpress', { kind: 'rate-limit', retryAfterSeconds: 3, times: 1 })
    expect(await wordpressConnector.test(limited.context)).toMatchObject({ account: expect.any(String) })
    expect(limited.sleeps).toEqual([3000])

    injectFault('wordpress', { kind: 'status', status: 502, times: 3 })
    const before = mockRequestCount('wordpress')
    const failing = await providerErrorOf(wordpressConnector.test(wordpress().context))
    expect(failing.kind).toBe('server')
    expect(mockRequestCount('wordpress') - before).toBe(3)

    injectFault('wordpress', { kind: 'slow', delayMs: 500, times: 3 })
    expect((await providerErrorOf(wordpressConnector.test(wordpress({ timeoutMs: 100 }).context))).kind).toBe('timeout')
  })
})
