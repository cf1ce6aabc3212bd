import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { WORDPRESS_NAMESPACES, wordpressHandlers, wordpressMock } from './mock'
import { wordpressSeoSummary } from '~/shared/integrations'
import { APP_MEDIA, connectorContext, illustratedArticle, publishableArticle, publishableImage } from '~tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '~tests/fixtures/mock-server'
import { wordpressConnector } from './wordpress'

const siteUrl = 'https://blog.example.com'
const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
const YOAST_KEYS = ['_yoast_wpseo_focuskw', '_yoast_wpseo_title', '_yoast_wpseo_metadesc']
const RANK_MATH_KEYS = ['rank_math_title', 'rank_math_description', 'rank_math_focus_keyword', 'rank_math_canonical_url']
/** Sites with an SEO plugin: Yoast SEO registering its keys for the REST API (as it does since mid-2026) or not, Rank Math without and with a snippet registering its keys. */
const SEO_SITES = {
  yoast: { namespaces: [...WORDPRESS_NAMESPACES, 'yoast/v1'], registeredMeta: YOAST_KEYS },
  oldYoast: { namespaces: [...WORDPRESS_NAMESPACES, 'yoast/v1'], registeredMeta: [] },
  rankMath: { namespaces: [...WORDPRESS_NAMESPACES, 'rankmath/v1'], registeredMeta: [] },
  rankMathSnippet: { namespaces: [...WORDPRESS_NAMESPACES, 'rankmath/v1'], registeredMeta: RANK_MATH_KEYS },
}
const siteOf = (name: keyof typeof SEO_SITES) => `https://${name.toLowerCase()}.example.com`
const wpRefusal = (status: number, code: string, message: string) => HttpResponse.json({ code, message, data: { status } }, { status })
/** Rank Math sites whose answers go wrong: OPTIONS refused by a firewall, updateMeta refused, Rank Math removed since the test. */
const rankMathTrouble = ['firewalled', 'refusing', 'removed'].map((name) => `https://${name}.example.com`)
useMockServer(
  http.options(`${rankMathTrouble[0]}/wp-json/wp/v2/posts`, () => new HttpResponse('Method Not Allowed', { status: 405 })),
  http.post(`${rankMathTrouble[1]}/wp-json/rankmath/v1/updateMeta`, () =>
    wpRefusal(403, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.'),
  ),
  http.post(`${rankMathTrouble[2]}/wp-json/rankmath/v1/updateMeta`, () =>
    wpRefusal(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
  ),
  ...rankMathTrouble.flatMap((baseUrl) =>
    wordpressHandlers({ baseUrl, username: 'editor', applicationPassword: PASSWORD, ...SEO_SITES.rankMath }),
  ),
  ...wordpressHandlers({ baseUrl: siteUrl, username: 'editor', applicationPassword: PASSWORD }),
  ...wordpressHandlers({ baseUrl: 'https://author.example.com', username: 'editor', applicationPassword: PASSWORD, role: 'author' }),
  ...wordpressHandlers({
    baseUrl: 'https://old.example.com',
    username: 'editor',
    applicationPassword: PASSWORD,
    reportsApplicationPasswordErrors: true,
  }),
  ...Object.entries(SEO_SITES).flatMap(([name, site]) =>
    wordpressHandlers({ baseUrl: siteOf(name as keyof typeof SEO_SITES), username: 'editor', applicationPassword: PASSWORD, ...site }),
  ),
)

afterEach(() => {
  wordpressMock.reset()
})

const wordpress = (options: { password?: string; timeoutMs?: number; site?: string; username?: string } = {}) =>
  connectorContext<'wordpress'>(
    'WordPress',
    { siteUrl: options.site ?? siteUrl, username: options.username ?? 'editor' },
    { applicationPassword: options.password ?? PASSWORD.replace(/\s/g, '') },
    { ...options, classifyFailure: wordpressConnector.classifyFailure },
  )

describe('WordPress connector', () => {
  it('tests the application password with users/me and names the user and site; no SEO plugin found', async () => {
    expect(await wordpressConnector.test(wordpress().context)).toEqual({
      account: 'Signed in as editor on blog.example.com',
      settings: { seoPlugin: 'none', seoVia: 'none', seoFields: '' },
    })
  })

  it('wrong credentials are an auth error with WordPress’s own words, as WordPress answers them since 6.3.2 and before', async () => {
    const error = await providerErrorOf(wordpressConnector.test(wordpress({ password: 'wrong' }).context))
    expect(error.kind).toBe('auth')
    expect(error.message).toBe('WordPress refused our credentials (HTTP 401: You are not currently logged in.).')
    const old = await providerErrorOf(wordpressConnector.test(wordpress({ password: 'wrong', site: 'https://old.example.com' }).context))
    expect(old.message).toBe('WordPress refused our credentials (HTTP 401: The provided password is an invalid application password.).')
    const unknown = await providerErrorOf(
      wordpressConnector.test(wordpress({ username: 'nobody', site: 'https://old.example.com' }).context),
    )
    expect(unknown.message).toBe(
      'WordPress refused our credentials (HTTP 401: Error: Unknown username. Check again or try your email address.).',
    )
  })

  it.each([
    [
      'yoast',
      { seoPlugin: 'yoast', seoVia: 'meta', seoFields: 'title,description,focusKeyword' },
      'SEO plugin: Yoast SEO: SEO title, meta description and focus keyword sent.',
    ],
    [
      'oldYoast',
      { seoPlugin: 'yoast', seoVia: 'none', seoFields: '' },
      'SEO plugin: Yoast SEO. It does not take SEO fields over the REST API',
    ],
    [
      'rankMath',
      { seoPlugin: 'rank-math', seoVia: 'rank-math-api', seoFields: 'title,description,focusKeyword,canonical' },
      'SEO plugin: Rank Math: SEO title, meta description, focus keyword and canonical URL sent.',
    ],
    [
      'rankMathSnippet',
      { seoPlugin: 'rank-math', seoVia: 'meta', seoFields: 'title,description,focusKeyword,canonical' },
      'SEO plugin: Rank Math: SEO title, meta description, focus keyword and canonical URL sent.',
    ],
  ] as const)('Test connection finds the SEO plugin on the %s site and how it takes our fields', async (name, found, summary) => {
    const tested = await wordpressConnector.test(wordpress({ site: siteOf(name) }).context)
    expect(tested.settings).toEqual(found)
    expect(wordpressSeoSummary(tested.settings as Record<string, string>)).toContain(summary)
  })

  it('sends the SEO title, meta description and focus keyword where the detected plugin reads them; the excerpt is always the meta description', async () => {
    const article = publishableArticle({ canonicalUrl: 'https://shop.example.com/trail-shoes' })
    const published: Record<string, Record<string, string>> = {}
    for (const name of Object.keys(SEO_SITES) as (keyof typeof SEO_SITES)[]) {
      wordpressMock.reset()
      const { context } = wordpress({ site: siteOf(name) })
      context.config = { ...context.config, ...(await wordpressConnector.test(context)).settings }
      await wordpressConnector.create(context, article)
      expect(wordpressMock.posts[0]!.excerpt).toBe(article.metaDescription)
      published[name] = wordpressMock.posts[0]!.meta
    }
    expect(published).toEqual({
      yoast: {
        _yoast_wpseo_title: article.metaTitle,
        _yoast_wpseo_metadesc: article.metaDescription,
        _yoast_wpseo_focuskw: article.keyword,
      },
      // Yoast without its keys registered: WordPress would drop them, so none are sent.
      oldYoast: {},
      rankMath: {
        rank_math_title: article.metaTitle,
        rank_math_description: article.metaDescription,
        rank_math_focus_keyword: article.keyword,
        rank_math_canonical_url: 'https://shop.example.com/trail-shoes',
      },
      rankMathSnippet: {
        rank_math_title: article.metaTitle,
        rank_math_description: article.metaDescription,
        rank_math_focus_keyword: article.keyword,
        rank_math_canonical_url: 'https://shop.example.com/trail-shoes',
      },
    })
  })

  it('a site that refuses OPTIONS still passes Test connection; Rank Math then gets its own endpoint', async () => {
    const tested = await wordpressConnector.test(wordpress({ site: rankMathTrouble[0] }).context)
    expect(tested.settings).toEqual({
      seoPlugin: 'rank-math',
      seoVia: 'rank-math-api',
      seoFields: 'title,description,focusKeyword,canonical',
    })
  })

  it('Rank Math refusing our SEO fields fails the article for good with its words, before the post goes live; Rank Math removed since the test does not stop publishing', async () => {
    const tested = async (site: string) => {
      const { context } = wordpress({ site })
      context.config = { ...context.config, ...(await wordpressConnector.test(context)).settings }
      return context
    }
    const error = await providerErrorOf(wordpressConnector.create(await tested(rankMathTrouble[1]!), publishableArticle()))
    expect(error).toMatchObject({ kind: 'rejected', status: 403 })
    expect(error.message).toContain('Sorry, you are not allowed to edit this post.')
    expect(wordpressMock.posts.map((post) => post.status)).toEqual(['draft'])

    wordpressMock.reset()
    await wordpressConnector.create(await tested(rankMathTrouble[2]!), publishableArticle())
    expect(wordpressMock.posts).toEqual([expect.objectContaining({ status: 'publish', meta: {} })])
  })

  it('a user who cannot create categories (an Author) still publishes: the post keeps the site’s default category', async () => {
    const { context } = wordpress({ site: 'https://author.example.com' })
    await wordpressConnector.create(context, publishableArticle())
    expect(wordpressMock.categories).toEqual([])
    expect(wordpressMock.posts).toEqual([expect.objectContaining({ status: 'publish', categories: [] })])
    expect(wordpressMock.tags.map((tag) => tag.name)).toEqual(['trail running shoes'])
  })

  it('the topic is the post’s category, looked up or created by slug like tags, and not repeated as a tag', async () => {
    const { context } = wordpress()
    await wordpressConnector.create(context, publishableArticle())
    await wordpressConnector.create(context, publishableArticle({ slug: 'second-article', tags: ['Trail running', 'trail shoes'] }))
    expect(wordpressMock.categories.map((category) => category.name)).toEqual(['Trail running'])
    expect(wordpressMock.tags.map((tag) => tag.name)).toEqual(['trail running shoes', 'trail shoes'])
    const [category] = wordpressMock.categories
    expect(wordpressMock.posts.map((post) => post.categories)).toEqual([[category!.id], [category!.id]])
  })

  it('creates the post with its featured image (alt text set), its tags and excerpt; finds it by slug afterwards', async () => {
    const { context } = wordpress()
    const article = publishableArticle()
    expect(await wordpressConnector.find(context, article)).toBeNull()
    const post = await wordpressConnector.create(context, article)
    expect(post).toEqual({ externalId: String(wordpressMock.posts[0]!.id), url: `${siteUrl}/${article.slug}/` })
    expect(wordpressMock.media).toEqual([
      expect.objectContaining({
        filename: 'trail-shoes.png',
        mimeType: 'image/png',
        alt_text: 'Trail shoes on a rock',
        post: Number(post.externalId),
      }),
    ])
    expect(wordpressMock.tags.map((tag) => tag.name)).toEqual(['trail running shoes'])
    expect(wordpressMock.categories.map((category) => category.name)).toEqual(['Trail running'])
    expect(wordpressMock.posts).toEqual([
      expect.objectContaining({
        title: article.title,
        slug: article.slug,
        content: article.html,
        excerpt: article.metaDescription,
        status: 'publish',
        featured_media: wordpressMock.media[0]!.id,
        tags: wordpressMock.tags.map((tag) => tag.id),
        categories: wordpressMock.categories.map((category) => category.id),
        // No SEO plugin found: no meta sent.
        meta: {},
      }),
    ])
    expect(await wordpressConnector.find(context, article)).toEqual(post)
  })

  it('uploads every image attached to the post, rewrites the body to WordPress’s URLs and sets featured_media', async () => {
    const { context, uploaded } = wordpress()
    const article = illustratedArticle()
    const post = await wordpressConnector.create(context, article)
    const postId = Number(post.externalId)
    expect(wordpressMock.media).toEqual(
      article.images.map((image) =>
        expect.objectContaining({ filename: image.filename, alt_text: image.alt, post: postId, mimeType: 'image/png' }),
      ),
    )
    const [featured, inline, infographic] = wordpressMock.media
    const content = wordpressMock.posts[0]!.content
    expect(content).toContain(`src="${inline!.source_url}"`)
    expect(content).toContain(`src="${infographic!.source_url}"`)
    expect(content).not.toContain(APP_MEDIA)
    expect(content).not.toContain(featured!.source_url)
    expect(inline!.source_url).toMatch(/^https:\/\/blog\.example\.com\/wp-content\/uploads\/\d{4}\/\d{2}\/section-illustration\.png$/)
    expect(wordpressMock.posts[0]).toMatchObject({ status: 'publish', featured_media: featured!.id })
    expect(uploaded).toEqual(
      Object.fromEntries(
        article.images.map((image, index) => [
          image.hash,
          { id: String(wordpressMock.media[index]!.id), url: wordpressMock.media[index]!.source_url },
        ]),
      ),
    )
  })

  it('publishing again uploads nothing new; an alt text changed is set on the same media; media deleted on WordPress is uploaded again', async () => {
    const { context, uploaded } = wordpress()
    const article = illustratedArticle()
    const created = await wordpressConnector.create(context, article)
    const first = wordpressMock.media.map((media) => ({ ...media }))

    const requests = mockRequestCount('wordpress')
    await wordpressConnector.update(context, created.externalId, article)
    expect(wordpressMock.media).toEqual(first)
    // Tags looked up (2), each image checked (3), the post: no upload.
    expect(mockRequestCount('wordpress') - requests).toBe(6)

    const relabelled = {
      ...article,
      images: article.images.map((image) => (image.kind === 'inline' ? { ...image, alt: 'Laces tied twice' } : image)),
    }
    await wordpressConnector.update(context, created.externalId, relabelled)
    expect(wordpressMock.media).toHaveLength(3)
    expect(wordpressMock.media[1]).toMatchObject({ id: first[1]!.id, alt_text: 'Laces tied twice' })

    wordpressMock.removeMedia(first[2]!.id)
    await wordpressConnector.update(context, created.externalId, article)
    expect(wordpressMock.media.map((media) => media.id)).toEqual([first[0]!.id, first[1]!.id, expect.any(Number)])
    const replacement = wordpressMock.media[2]!
    expect(replacement.id).not.toBe(first[2]!.id)
    expect(replacement).toMatchObject({ post: Number(created.externalId), alt_text: article.images[2]!.alt })
    expect(uploaded[article.images[2]!.hash]).toEqual({ id: String(replacement.id), url: replacement.source_url })
    expect(wordpressMock.posts[0]!.content).toContain(`src="${replacement.source_url}"`)
  })

  it('WordPress refuses an SVG as stock WordPress does: HTTP 500 with its own words, and nothing is uploaded', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>') as Uint8Array<ArrayBuffer>
    const image = publishableImage({ bytes: svg, contentType: 'image/png', filename: 'chart.svg' })
    const error = await providerErrorOf(
      wordpressConnector.create(wordpress().context, publishableArticle({ featuredImage: image, images: [image] })),
    )
    expect(error.status).toBe(500)
    expect(error.message).toContain('Sorry, you are not allowed to upload this file type.')
    expect(wordpressMock.media).toEqual([])
  })

  it('updates the same post, reusing existing tags and media; unpublish sets it back to draft', async () => {
    const { context } = wordpress()
    const created = await wordpressConnector.create(context, publishableArticle())
    const updated = await wordpressConnector.update(
      context,
      created.externalId,
      publishableArticle({ title: 'Trail Shoes, Revised', html: '<p>New</p>' }),
    )
    expect(updated).toEqual(created)
    expect(wordpressMock.posts).toEqual([
      expect.objectContaining({
        title: 'Trail Shoes, Revised',
        content: '<p>New</p>',
        status: 'publish',
        featured_media: wordpressMock.media[0]!.id,
      }),
    ])
    expect(wordpressMock.tags).toHaveLength(1)
    expect(wordpressMock.categories).toHaveLength(1)
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

  it('a file WordPress refuses is refused once, for good, in WordPress’s words with the fix; the post stays a draft', async () => {
    const { context, sleeps } = wordpress()
    // Named a PNG, but its bytes are an SVG drawing: stock WordPress sniffs the content and refuses it.
    const svg = publishableImage({ bytes: Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')) })
    const article = publishableArticle({ featuredImage: svg, images: [svg] })
    const error = await providerErrorOf(wordpressConnector.create(context, article))
    expect(error).toMatchObject({ kind: 'rejected', status: 500, attempts: 1 })
    expect(error.message).toMatch(
      /^WordPress refused the file: Sorry, you are not allowed to upload this file type\. Use a JPEG, PNG, GIF or WebP image/,
    )
    expect(sleeps).toEqual([])
    expect(wordpressMock.media).toEqual([])
    expect(wordpressMock.posts.map((post) => post.status)).toEqual(['draft'])
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
