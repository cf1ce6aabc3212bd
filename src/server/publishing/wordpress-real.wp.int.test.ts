import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PNG_PIXEL } from '~tests/fixtures/publishing-connector'
import { realWordpress } from '~tests/fixtures/real-wordpress'
import { insertArticle, insertBusiness, insertKeyword } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { illustratedContent } from '~tests/fixtures/illustrated-article'
import { resetEnvCache } from '~/env'
import { storeMedia } from '~/server/media/media-store'
import { getArticle } from '~/server/articles/articles.service'
import { article, keywordCluster, publication, publishing } from '~/server/db/schema'
import { wordpressSeoSummary } from '~/shared/integrations'
import { liveCheckSummary } from '~/shared/live-check'
import { encryptionKeys } from './crypto'
import { appPublishingDeps, connectIntegration, testIntegration, type PublishingDeps } from './integrations.service'
import { appLiveCheckDeps, runLiveCheck } from './live-check-job'
import { runPublish } from './publish.service'
import type { LiveCheckRequest } from './publishing.jobs'

// Our WordPress connector against a stock WordPress (Debian's package, served by
// scripts/wordpress-test-server.sh), through the app's own code path: the integration saved and
// tested as the Integrations page does, the publishing job's runPublish, the app's connector fetch
// (loopback allowed by FETCH_ALLOW_LOOPBACK, as in every test). What WordPress holds afterwards is
// read back through its REST API with the same application password.

const wp = realWordpress()
const host = new URL(wp.url).host

interface WpPost {
  id: number
  slug: string
  status: string
  link: string
  title: { raw: string }
  excerpt: { raw: string }
  content: { raw: string }
  featured_media: number
  tags: number[]
  categories: number[]
  meta: Record<string, string> | []
}
interface WpMedia {
  id: number
  mime_type: string
  media_type: string
  alt_text: string
}

let app: TestApp
let deps: PublishingDeps
let owner: { userId: string }

beforeAll(async () => {
  process.env.FETCH_ALLOW_LOOPBACK = 'true'
  resetEnvCache()
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
  deps = { ...appPublishingDeps(), keys: encryptionKeys(app.env) }
})
afterAll(async () => {
  await app?.close()
  delete process.env.FETCH_ALLOW_LOOPBACK
  resetEnvCache()
})

const connect = (businessId: string, applicationPassword = wp.applicationPassword, siteUrl = wp.url) =>
  connectIntegration(
    app.db,
    businessId,
    { type: 'wordpress', config: { siteUrl, username: wp.username }, secrets: { applicationPassword } },
    deps,
  )
const run = (
  target: { businessId: string; articleId: string },
  action: 'publish' | 'unpublish' = 'publish',
  queueLiveCheck?: (tx: unknown, check: LiveCheckRequest) => Promise<void>,
) => runPublish(app.db, { ...target, action }, { ...deps, dataDir: app.env.DATA_DIR, queueLiveCheck })
const publicationOf = async (articleId: string) => (await app.db.select().from(publication).where(eq(publication.articleId, articleId)))[0]
/** Every post with this slug, in any state: ours only, whatever else the shared site holds. */
const postsWithSlug = (slug: string) =>
  wp.rest<WpPost[]>(`/posts?${new URLSearchParams({ slug, status: 'publish,future,draft,pending,private', context: 'edit' })}`)

/** A business with an approved article whose featured image is a PNG in our media store (its file named after the slug). */
async function articleWithFeaturedImage(title: string, keyword?: string, options: { slug?: string; topic?: string } = {}) {
  const slug = wp.uniqueSlug(options.slug ?? 'espresso-beans')
  const owned = await insertBusiness(app, owner.userId)
  const [cluster] = options.topic
    ? await app.db.insert(keywordCluster).values({ businessId: owned.id, label: options.topic }).returning()
    : []
  const planned = await insertKeyword(app, owned.id, { keyword: slug.replace(/-/g, ' '), status: 'scheduled', clusterId: cluster?.id })
  const image = await storeMedia({ dataDir: app.env.DATA_DIR, businessId: owned.id, bytes: PNG_PIXEL, contentType: 'image/png', slug })
  const written = await insertArticle(app, owned.id, {
    keywordId: planned!.id,
    title,
    slug,
    status: 'approved',
    ...(keyword ? { keyword } : {}),
    metaDescription: 'How to choose espresso beans: roast date, origin and grind.',
    html: `<h1>${title}</h1><p>Freshly roasted beans pull sweeter shots.</p>`,
    images: [{ url: image.url, alt: 'A bag of freshly roasted beans', prompt: 'beans', kind: 'featured', width: 1, height: 1 }],
  })
  return { businessId: owned.id, articleId: written.id, slug }
}

describe('the WordPress connector against a real WordPress', () => {
  it('Test connection signs in, names the user and records the SEO plugin it finds, again when one is added', async () => {
    const { businessId } = await insertBusiness(app, owner.userId).then((row) => ({ businessId: row!.id }))
    const connected = await connect(businessId)
    expect(connected.test).toEqual({ ok: true, account: `Signed in as Rankpilot Editor on ${host}` })
    expect(connected.integration).toMatchObject({ status: 'working', lastError: null })
    // A stock WordPress: no SEO plugin in its REST index.
    expect(connected.integration!.config).toMatchObject({ seoPlugin: 'none', seoVia: 'none', seoFields: '' })
    expect(wordpressSeoSummary(connected.integration!.config)).toBe(
      'No SEO plugin found: the meta description goes as the excerpt, and the theme writes the title tag.',
    )
    expect((await testIntegration(app.db, businessId, 'wordpress', deps)).test).toEqual({
      ok: true,
      account: `Signed in as Rankpilot Editor on ${host}`,
    })

    // The site gets an SEO plugin (here: the same site under /rank-math, where the Rank Math stand-in
    // is loaded); the next Test connection records it, keeping the fields the user entered.
    await app.db
      .update(publishing)
      .set({ config: { ...connected.integration!.config, siteUrl: `${wp.url}/rank-math` } })
      .where(eq(publishing.id, connected.integration!.id))
    const retested = await testIntegration(app.db, businessId, 'wordpress', deps)
    expect(retested.integration.config).toEqual({
      siteUrl: `${wp.url}/rank-math`,
      username: wp.username,
      seoPlugin: 'rank-math',
      seoVia: 'meta',
      seoFields: 'title,description,focusKeyword,canonical',
    })
  })

  it('a wrong application password: the clear auth error; nothing saved, and a working connection is kept', async () => {
    const { businessId } = await insertBusiness(app, owner.userId).then((row) => ({ businessId: row!.id }))
    const wrong = 'abcd efgh ijkl mnop qrst uvwx'
    const first = await connect(businessId, wrong)
    // WordPress (6.3.2 and later, and Debian's 6.1 with that fix) collects the application
    // password's own error too late to report it: /users/me answers that nobody is signed in.
    expect(first.test).toMatchObject({
      ok: false,
      error:
        'WordPress refused our credentials (HTTP 401: You are not currently logged in.). Check the WordPress connection on Integrations.',
    })
    expect(first).toMatchObject({ saved: false, integration: null })

    expect((await connect(businessId)).integration).toMatchObject({ status: 'working' })
    const again = await connect(businessId, wrong)
    expect(again).toMatchObject({ saved: false, message: expect.stringContaining('the previous WordPress connection is kept') })
    expect(again.integration).toMatchObject({ status: 'working', lastError: null })
  })

  it('publishes one post with its fields and a featured PNG with our alt text; the post page renders', async () => {
    const target = await articleWithFeaturedImage('Choosing Espresso Beans')
    await connect(target.businessId)
    expect(await run(target)).toMatchObject({ published: 1, failed: 0 })

    const posts = await postsWithSlug(target.slug)
    expect(posts).toHaveLength(1)
    const [post] = posts
    expect(post).toMatchObject({
      slug: target.slug,
      status: 'publish',
      title: { raw: 'Choosing Espresso Beans' },
      excerpt: { raw: 'How to choose espresso beans: roast date, origin and grind.' },
      content: { raw: '<p>Freshly roasted beans pull sweeter shots.</p>' },
    })
    expect(await publicationOf(target.articleId)).toMatchObject({
      status: 'published',
      externalId: String(post!.id),
      url: `${wp.url}/${target.slug}/`,
    })

    expect(post!.featured_media).toBeGreaterThan(0)
    const media = await wp.rest<WpMedia>(`/media/${post!.featured_media}?context=edit`)
    expect(media).toMatchObject({ mime_type: 'image/png', media_type: 'image', alt_text: 'A bag of freshly roasted beans' })

    const page = await fetch(post!.link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Choosing Espresso Beans')
  })

  it('an edit updates the same post; archiving takes it back to draft', async () => {
    const target = await articleWithFeaturedImage('Espresso Beans at Home')
    await connect(target.businessId)
    await run(target)
    const [first] = await postsWithSlug(target.slug)

    await app.db.update(article).set({ title: 'Espresso Beans at Home, Tasted', revision: 2 }).where(eq(article.id, target.articleId))
    expect(await run(target)).toMatchObject({ published: 1, failed: 0 })
    const edited = await postsWithSlug(target.slug)
    expect(edited).toEqual([
      expect.objectContaining({
        id: first!.id,
        status: 'publish',
        title: expect.objectContaining({ raw: 'Espresso Beans at Home, Tasted' }),
      }),
    ])
    expect((await publicationOf(target.articleId))!.publishedRevision).toBe(2)

    await app.db.update(article).set({ status: 'archived' }).where(eq(article.id, target.articleId))
    expect(await run(target, 'unpublish')).toMatchObject({ unpublished: 1, failed: 0 })
    expect(await postsWithSlug(target.slug)).toEqual([expect.objectContaining({ id: first!.id, status: 'draft' })])
    expect((await publicationOf(target.articleId))!.status).toBe('unpublished')
    // Off the site: its address no longer serves it.
    expect((await fetch(first!.link)).status).toBe(404)
  })

  it('a tag the site already has under its own spelling of the slug is reused, not refused', async () => {
    // WordPress spells "ß" and "." in a slug its own way ("strasse", "1-5"), so our lookup by
    // slug misses the tag the first article made; the second must still be published with it.
    const keyword = `Kaffee-Straße 1.5 ${wp.uniqueSlug('kg')}`
    const first = await articleWithFeaturedImage('Coffee Street, First', keyword)
    const second = await articleWithFeaturedImage('Coffee Street, Second', keyword)
    await connect(first.businessId)
    await connect(second.businessId)
    expect(await run(first)).toMatchObject({ published: 1, failed: 0 })
    expect(await run(second)).toMatchObject({ published: 1, failed: 0 })

    const tags = await wp.rest<{ id: number; name: string }[]>(`/tags?${new URLSearchParams({ search: keyword })}`)
    expect(tags).toEqual([expect.objectContaining({ name: keyword })])
    const [one] = await postsWithSlug(first.slug)
    const [other] = await postsWithSlug(second.slug)
    expect(one!.tags).toEqual([tags[0]!.id])
    expect(other!.tags).toEqual([tags[0]!.id])
  })

  it('an article with a featured image, two illustrations and an infographic: every image a raster file attached to the post, every <img> on the live page loads, republishing uploads nothing', async () => {
    const slug = wp.uniqueSlug('illustrated-beans')
    const owned = await insertBusiness(app, owner.userId)
    const planned = await insertKeyword(app, owned!.id, { keyword: slug.replace(/-/g, ' '), status: 'scheduled' })
    // The SVGs as demo mode and the infographic renderer draw them: stock WordPress refuses SVG.
    const content = await illustratedContent({
      dataDir: app.env.DATA_DIR,
      businessId: owned!.id,
      slug,
      title: 'Illustrated Espresso Beans',
    })
    const written = await insertArticle(app, owned!.id, {
      keywordId: planned!.id,
      title: 'Illustrated Espresso Beans',
      slug,
      status: 'approved',
      metaDescription: 'How to choose espresso beans, with pictures.',
      ...content,
    })
    const target = { businessId: owned!.id, articleId: written.id }
    await connect(target.businessId)
    const checks: LiveCheckRequest[] = []
    expect(await run(target, 'publish', async (_tx, check) => void checks.push(check))).toMatchObject({ published: 1, failed: 0 })

    const posts = await postsWithSlug(slug)
    expect(posts).toHaveLength(1)
    const [post] = posts
    expect(post).toMatchObject({ status: 'publish', excerpt: { raw: 'How to choose espresso beans, with pictures.' } })
    const attached = await wp.rest<(WpMedia & { post: number; source_url: string })[]>(
      `/media?parent=${post!.id}&per_page=100&context=edit`,
    )
    expect(attached.map((media) => media.mime_type).sort()).toEqual(['image/png', 'image/png', 'image/png', 'image/png'])
    expect(attached.map((media) => media.alt_text).sort()).toEqual([
      'A shot pulling',
      'Crema by roast',
      'Espresso beans',
      'Grinding the beans',
    ])
    const featuredMedia = attached.find((media) => media.id === post!.featured_media)!
    expect(featuredMedia.alt_text).toBe('Espresso beans')
    // The theme shows the featured image itself: the body does not repeat it, and points nowhere but WordPress.
    expect(post!.content.raw).not.toContain(featuredMedia.source_url)
    expect(post!.content.raw).not.toMatch(/\/media\/|\.svg/)

    // The live page, as a reader's browser loads it: every image answers 200 with an image.
    const page = await fetch(post!.link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Illustrated Espresso Beans')
    const sources = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!.replace(/&#038;|&amp;/g, '&'))
    for (const media of attached.filter((media) => media.id !== featuredMedia.id)) expect(sources).toContain(media.source_url)
    expect(sources.length).toBeGreaterThanOrEqual(3)
    for (const source of sources) {
      const image = await fetch(new URL(source, post!.link))
      expect(image.status, source).toBe(200)
      expect(image.headers.get('content-type'), source).toMatch(/^image\/(png|jpeg|webp|gif)/)
    }

    // The live check the publishing run queued, run as its job runs it: the page is live and every
    // image on it loads, as many as the page has (the theme's featured image and the body's).
    expect(checks).toEqual([{ ...target, publicationId: (await publicationOf(written.id))!.id, revision: 1 }])
    expect(await runLiveCheck(app.db, checks[0]!, appLiveCheckDeps())).toMatchObject({ checked: true, live: true })
    const liveCheck = (await publicationOf(written.id))!.liveCheck!
    expect(liveCheck).toMatchObject({ url: post!.link, revision: 1, live: true, pageStatus: 200, pageError: null, broken: [] })
    expect(liveCheck.imagesTotal).toBe(new Set(sources.map((source) => new URL(source, post!.link).href)).size)
    expect(liveCheck.imagesChecked).toBe(liveCheck.imagesTotal)
    expect(liveCheck.imagesLoaded).toBe(liveCheck.imagesTotal)
    expect(liveCheck.imagesLoaded).toBeGreaterThanOrEqual(attached.length)
    expect(liveCheckSummary(liveCheck)).toMatchObject({ tone: 'ok', text: `Live · ${liveCheck.imagesLoaded} images load` })

    // Republishing an edit: the same post, no new upload.
    await app.db.update(article).set({ title: 'Illustrated Espresso Beans, Again', revision: 2 }).where(eq(article.id, written.id))
    expect(await run(target)).toMatchObject({ published: 1 })
    expect(await postsWithSlug(slug)).toHaveLength(1)
    const after = await wp.rest<{ id: number }[]>(`/media?parent=${post!.id}&per_page=100&context=edit`)
    expect(after.map((media) => media.id).sort()).toEqual(attached.map((media) => media.id).sort())
  })

  it('a PNG the site refuses: the clear, permanent error in WordPress’s own words on the article, not retried, and nothing public', async () => {
    // The test site refuses a PNG whose file name holds "refuse-me" (scripts/wordpress-test-server.sh): our file is named after the slug.
    const target = await articleWithFeaturedImage('Beans WordPress Refuses', undefined, { slug: 'refuse-me-beans' })
    await connect(target.businessId)
    // Returned, not thrown: the publishing job is not failed for pg-boss to retry.
    expect(await run(target)).toMatchObject({ published: 0, failed: 1 })

    const expected =
      'WordPress refused the file: Sorry, you are not allowed to upload this file type. Use a JPEG, PNG, GIF or WebP image for the article (WordPress does not accept SVG), or allow the type on the site, then publish the article again.'
    expect(await publicationOf(target.articleId)).toMatchObject({ status: 'failed', externalId: null, lastError: expected })
    const shown = await getArticle(app.db, target.businessId, target.articleId)
    expect(shown.publications).toEqual([expect.objectContaining({ status: 'failed', lastError: expected })])
    expect(shown.status).not.toBe('published')

    // The draft made first (its media are attached to it) stays a draft; nothing reached the site's readers.
    const posts = await postsWithSlug(target.slug)
    expect(posts.map((post) => post.status)).toEqual(['draft'])
    expect(await wp.rest(`/media?${new URLSearchParams({ parent: String(posts[0]!.id), context: 'edit' })}`)).toEqual([])
    expect((await fetch(`${wp.url}/${target.slug}/`)).status).toBe(404)
  })

  it('with Rank Math (a stand-in that registers its meta keys for the REST API): Test connection finds it, and our SEO fields and the topic category arrive', async () => {
    // The stand-in (scripts/wordpress-test-server.sh) is loaded for requests under /rank-math only.
    const siteUrl = `${wp.url}/rank-math`
    const topic = `Espresso ${wp.uniqueSlug('topic')}`
    const target = await articleWithFeaturedImage('Espresso Beans, Ranked', undefined, { topic })
    const connected = await connect(target.businessId, wp.applicationPassword, siteUrl)
    expect(connected.integration!.config).toMatchObject({
      seoPlugin: 'rank-math',
      seoVia: 'meta',
      seoFields: 'title,description,focusKeyword,canonical',
    })
    expect(wordpressSeoSummary(connected.integration!.config)).toBe(
      'SEO plugin: Rank Math: SEO title, meta description, focus keyword and canonical URL sent.',
    )
    const metaTitle = 'Espresso Beans, Ranked by Roast Date'
    await app.db.update(article).set({ metaTitle }).where(eq(article.id, target.articleId))
    expect(await run(target)).toMatchObject({ published: 1, failed: 0 })

    const [post] = await postsWithSlug(target.slug)
    const [withMeta] = await (
      await fetch(`${siteUrl}/wp-json/wp/v2/posts/${post!.id}?context=edit&_fields=meta,excerpt,categories`, {
        headers: { authorization: `Basic ${Buffer.from(`${wp.username}:${wp.applicationPassword}`).toString('base64')}` },
      })
    )
      .json()
      .then((body: unknown) => [body as Pick<WpPost, 'meta' | 'excerpt' | 'categories'>])
    expect(withMeta!.meta).toEqual({
      rank_math_title: metaTitle,
      rank_math_description: 'How to choose espresso beans: roast date, origin and grind.',
      rank_math_focus_keyword: target.slug.replace(/-/g, ' '),
      rank_math_canonical_url: '',
    })
    expect(withMeta!.excerpt).toMatchObject({ raw: 'How to choose espresso beans: roast date, origin and grind.' })
    const categories = await wp.rest<{ id: number; name: string }[]>(`/categories?${new URLSearchParams({ search: topic })}`)
    expect(categories).toEqual([expect.objectContaining({ name: topic })])
    expect(withMeta!.categories).toEqual([categories[0]!.id])
    // The same post read without the stand-in: WordPress drops meta keys nobody registered, and shows none.
    expect(post!.meta).toEqual([])
  })

  it('with Rank Math alone (a stand-in, its meta keys not registered for the REST API): our SEO fields go through its updateMeta', async () => {
    // Under /rank-math-api the stand-in has Rank Math's namespace but not the snippet; /rank-math reads the same posts with the keys shown.
    const target = await articleWithFeaturedImage('Espresso Beans, Rank Math Alone')
    const connected = await connect(target.businessId, wp.applicationPassword, `${wp.url}/rank-math-api`)
    expect(connected.integration!.config).toMatchObject({ seoPlugin: 'rank-math', seoVia: 'rank-math-api' })
    expect(await run(target)).toMatchObject({ published: 1, failed: 0 })

    const [post] = await postsWithSlug(target.slug)
    expect(post!.status).toBe('publish')
    const read = await fetch(`${wp.url}/rank-math/wp-json/wp/v2/posts/${post!.id}?context=edit&_fields=meta`, {
      headers: { authorization: `Basic ${Buffer.from(`${wp.username}:${wp.applicationPassword}`).toString('base64')}` },
    })
    expect(((await read.json()) as Pick<WpPost, 'meta'>).meta).toEqual({
      rank_math_title: 'Espresso Beans, Rank Math Alone',
      rank_math_description: 'How to choose espresso beans: roast date, origin and grind.',
      rank_math_focus_keyword: target.slug.replace(/-/g, ' '),
      // Empty (this site holds the original): deleted, which reads as the default ''.
      rank_math_canonical_url: '',
    })
  })
})
