import { and, eq } from 'drizzle-orm'
import { http, HttpResponse, type HttpResponseResolver } from 'msw'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { illustratedContent } from '~tests/fixtures/illustrated-article'
import { useMockServer } from '~tests/fixtures/mock-server'
import { PNG_PIXEL } from '~tests/fixtures/publishing-connector'
import { insertArticle, insertBusiness, insertKeyword } from '~tests/fixtures/rpc'
import { usePublishingApp } from '~tests/fixtures/publishing-app'
import type { TestApp } from '~tests/fixtures/test-app'
import { JOB_KINDS } from '~/server/app/job-kinds'
import { article, jobRun, publication } from '~/server/db/schema'
import { startJobs, stopJobs } from '~/server/jobs'
import { webhookHandlers, webhookMock } from '~/server/publishing/connectors/webhook/mock'
import { wordpressHandlers, wordpressMock } from '~/server/publishing/connectors/wordpress/mock'
import { liveCheckSummary, type LiveCheck } from '~/shared/live-check'
import { connectIntegration, type PublishingDeps } from './integrations.service'
import { appLiveCheckDeps, queueLiveCheck, runLiveCheck } from './live-check-job'
import { articlePublications, runPublish } from './publish.service'
import { liveCheckInput, type LiveCheckRequest } from './publishing.jobs'

// The live check after publishing (docs/product/publishing.md, "After publishing: the live
// check"), on the database against the WordPress and webhook mocks: the publishing run queues it
// in the transaction that records the post, the check job requests the post's page and its images
// (the app's outbound fetch, intercepted by the mocks' site below) and records what it found; a
// broken image or a page that is not there is a finding, never a publishing failure.

const WP = 'https://93.184.215.14'
const HOOK = 'https://93.184.215.15/rankpilot'
const WP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
const HOOK_SECRET = `whsec_${Buffer.from('the customer’s own webhook secret!').toString('base64')}`

/** What the site answers for its post pages, as a WordPress theme renders them; 'down': every page 404s. */
const site = { down: false }

const notFound = () =>
  new HttpResponse('<!doctype html><h1>Page not found</h1>', { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' } })

/** The WordPress site's public side: each published post's page (title, featured image, body) and the uploaded files. */
const postPage: HttpResponseResolver = ({ params, request }) => {
  const post = wordpressMock.posts.find((item) => item.slug === params.slug && item.status === 'publish')
  if (site.down || !post) return notFound()
  const featured = wordpressMock.media.find((media) => media.id === post.featured_media)
  const body = `<!doctype html><html><head><title>${post.title}</title></head><body><main>
    <h1 class="wp-block-post-title">${post.title}</h1>
    ${featured ? `<figure class="wp-block-post-featured-image"><img src="${featured.source_url}" alt="${featured.alt_text}"></figure>` : ''}
    <div class="entry-content">${post.content}</div></main></body></html>`
  return new HttpResponse(request.method === 'HEAD' ? null : body, { headers: { 'content-type': 'text/html; charset=UTF-8' } })
}
const upload: HttpResponseResolver = ({ request }) => {
  const media = wordpressMock.media.find((item) => item.source_url === request.url)
  if (!media) return notFound()
  return new HttpResponse(request.method === 'HEAD' ? null : PNG_PIXEL, { headers: { 'content-type': media.mimeType } })
}
/** The webhook receiver's blog, which it answered as the article's address. */
const receiverPage: HttpResponseResolver = ({ params }) =>
  new HttpResponse(`<!doctype html><h1>${String(params.slug)}</h1><img src="/images/missing.png">`, {
    headers: { 'content-type': 'text/html' },
  })

useMockServer(
  ...wordpressHandlers({ baseUrl: WP, username: 'editor', applicationPassword: WP_PASSWORD }),
  ...webhookHandlers({ url: HOOK, secret: HOOK_SECRET }),
  http.get(`${WP}/wp-content/uploads/*`, upload),
  http.head(`${WP}/wp-content/uploads/*`, upload),
  http.get(`${WP}/:slug/`, postPage),
  http.get(`${new URL(HOOK).origin}/blog/:slug`, receiverPage),
  http.head(`${new URL(HOOK).origin}/images/missing.png`, notFound),
)

// Jobs only enqueued: the tests run the check job's handler themselves, and see it queued meanwhile.
const setup = usePublishingApp()
let app: TestApp
let deps: PublishingDeps
let owner: { userId: string }
beforeAll(() => ({ app, deps, owner } = setup))
beforeEach(() => {
  wordpressMock.reset()
  webhookMock.reset()
  site.down = false
})

/** A business with an approved article as generation leaves it: a featured image, two illustrations and an infographic. */
async function illustratedArticle(slug: string) {
  const owned = await insertBusiness(app, owner.userId)
  const planned = await insertKeyword(app, owned.id, { keyword: slug.replace(/-/g, ' '), status: 'scheduled' })
  const content = await illustratedContent({ dataDir: app.env.DATA_DIR, businessId: owned.id, slug, title: 'Best Espresso Beans' })
  const written = await insertArticle(app, owned.id, {
    keywordId: planned.id,
    title: 'Best Espresso Beans',
    slug,
    status: 'approved',
    ...content,
  })
  return { businessId: owned.id, articleId: written.id }
}

const connectWordpress = (businessId: string) =>
  connectIntegration(
    app.db,
    businessId,
    { type: 'wordpress', config: { siteUrl: WP, username: 'editor' }, secrets: { applicationPassword: WP_PASSWORD } },
    deps,
  )
/** The publishing job's run, queueing the live check as the job does. */
const publish = (target: { businessId: string; articleId: string }, action: 'publish' | 'unpublish' = 'publish') =>
  runPublish(app.db, { ...target, action }, { ...deps, dataDir: app.env.DATA_DIR, queueLiveCheck })

/** The live checks queued for the article, oldest first: their job ids and inputs. */
async function queuedChecks(articleId: string) {
  const rows = await app.db
    .select({ id: jobRun.id, input: jobRun.input, state: jobRun.state })
    .from(jobRun)
    .where(eq(jobRun.kind, 'publication.live-check'))
    .orderBy(jobRun.createdAt)
  return rows
    .map((row) => ({ id: row.id, state: row.state, input: liveCheckInput.parse(row.input) }))
    .filter((row) => row.input.articleId === articleId)
}
/** The check job's handler, with the app's own fetchers. */
const check = (input: LiveCheckRequest) => runLiveCheck(app.db, input, appLiveCheckDeps())
const liveCheckOf = async (articleId: string) =>
  (await app.db.select({ liveCheck: publication.liveCheck }).from(publication).where(eq(publication.articleId, articleId)))[0]!.liveCheck

describe('the live check after publishing', () => {
  it('publishing queues one check; it finds the post live with its four images loading, and the panel shows it', async () => {
    const target = await illustratedArticle('live-beans')
    await connectWordpress(target.businessId)
    expect(await publish(target)).toMatchObject({ published: 1, failed: 0 })

    const [row] = await app.db.select().from(publication).where(eq(publication.articleId, target.articleId))
    const queued = await queuedChecks(target.articleId)
    expect(queued).toEqual([
      {
        id: expect.any(String),
        state: 'queued',
        input: { businessId: target.businessId, articleId: target.articleId, publicationId: row!.id, revision: 1 },
      },
    ])
    // Queued, not yet run: the panel follows its job and has no finding yet.
    const before = await articlePublications(app.db, target.businessId, target.articleId)
    expect(before.publications).toEqual([expect.objectContaining({ type: 'wordpress', liveCheck: null, liveCheckJobId: queued[0]!.id })])

    expect(await check(queued[0]!.input)).toEqual({ checked: true, live: true, imagesLoaded: 4, broken: 0 })
    const [post] = wordpressMock.posts
    const recorded = (await liveCheckOf(target.articleId))!
    expect(recorded).toEqual({
      checkedAt: expect.any(String),
      url: `${WP}/live-beans/`,
      revision: 1,
      live: true,
      pageStatus: 200,
      pageError: null,
      imagesTotal: 4,
      imagesChecked: 4,
      imagesLoaded: 4,
      broken: [],
    })
    expect(post!.link).toBe(recorded.url)
    expect(Date.now() - Date.parse(recorded.checkedAt)).toBeLessThan(60_000)
    expect(liveCheckSummary(recorded).text).toBe('Live · 4 images load')
    // The publication itself is as publishing left it.
    const [after] = await app.db.select().from(publication).where(eq(publication.id, row!.id))
    expect({ ...after, updatedAt: row!.updatedAt }).toEqual({ ...row!, liveCheck: recorded })
  })

  it('an image gone from the site and a page that is not there are findings: the publication stays published, nothing is retried', async () => {
    const target = await illustratedArticle('broken-beans')
    await connectWordpress(target.businessId)
    await publish(target)
    const [queued] = await queuedChecks(target.articleId)

    // Someone emptied one illustration out of the media library.
    const gone = wordpressMock.media[2]!
    wordpressMock.removeMedia(gone.id)
    expect(await check(queued!.input)).toEqual({ checked: true, live: true, imagesLoaded: 3, broken: 1 })
    const broken = (await liveCheckOf(target.articleId))!
    expect(broken).toMatchObject({ live: true, imagesTotal: 4, imagesChecked: 4, imagesLoaded: 3 })
    expect(broken.broken).toEqual([{ url: gone.source_url, status: 404, reason: 'HTTP 404 (Not Found)' }])
    expect(liveCheckSummary(broken).text).toBe('Live · 1 of 4 images broken')

    site.down = true
    expect(await check(queued!.input)).toMatchObject({ checked: true, live: false })
    const down = (await liveCheckOf(target.articleId))!
    expect(down).toMatchObject({ live: false, pageStatus: 404, pageError: 'The page answered HTTP 404 (Not Found).', imagesTotal: 0 })
    expect(liveCheckSummary(down).text).toBe('Not reachable: HTTP 404')
    expect(
      await app.db
        .select({ status: publication.status, lastError: publication.lastError })
        .from(publication)
        .where(eq(publication.articleId, target.articleId)),
    ).toEqual([{ status: 'published', lastError: null }])
  })

  it('each revision published gets its own check; an older check finding a newer revision records nothing; taking the post down clears it', async () => {
    const target = await illustratedArticle('revised-beans')
    await connectWordpress(target.businessId)
    await publish(target)
    await app.db.update(article).set({ title: 'Best Espresso Beans, Revised', revision: 2 }).where(eq(article.id, target.articleId))
    expect(await publish(target)).toMatchObject({ published: 1 })

    const queued = await queuedChecks(target.articleId)
    expect(queued.map((row) => row.input.revision)).toEqual([1, 2])
    expect(await check(queued[0]!.input)).toEqual({ checked: false })
    expect(await liveCheckOf(target.articleId)).toBeNull()
    expect(await check(queued[1]!.input)).toMatchObject({ checked: true, live: true })
    expect(await liveCheckOf(target.articleId)).toMatchObject({ revision: 2, live: true })

    // Unchanged since: publishing again sends nothing and queues no check.
    expect(await publish(target)).toMatchObject({ skipped: 1 })
    expect(await queuedChecks(target.articleId)).toHaveLength(2)

    await app.db.update(article).set({ status: 'archived' }).where(eq(article.id, target.articleId))
    expect(await publish(target, 'unpublish')).toMatchObject({ unpublished: 1 })
    expect(await liveCheckOf(target.articleId)).toBeNull()
    expect(await check(queued[1]!.input)).toEqual({ checked: false })
  })

  it('a webhook receiver that answers the address is checked too: its broken image is listed', async () => {
    const owned = await insertBusiness(app, owner.userId)
    const written = await insertArticle(app, owned.id, { title: 'Cold Brew', slug: 'cold-brew', status: 'approved' })
    await connectIntegration(app.db, owned.id, { type: 'webhook', config: { url: HOOK }, secrets: { secret: HOOK_SECRET } }, deps)
    expect(await publish({ businessId: owned.id, articleId: written.id })).toMatchObject({ published: 1 })

    const [queued] = await queuedChecks(written.id)
    await check(queued!.input)
    expect(await liveCheckOf(written.id)).toMatchObject({
      url: `${new URL(HOOK).origin}/blog/cold-brew`,
      live: true,
      imagesTotal: 1,
      imagesLoaded: 0,
      broken: [{ url: `${new URL(HOOK).origin}/images/missing.png`, status: 404, reason: 'HTTP 404 (Not Found)' }],
    })
  })

  it('a live address on a private network is refused by the address policy, and the check says so', async () => {
    const target = await illustratedArticle('private-beans')
    await connectWordpress(target.businessId)
    await publish(target)
    const [queued] = await queuedChecks(target.articleId)
    // As a CMS or a webhook receiver could answer it.
    await app.db.update(publication).set({ url: 'http://10.0.0.5/private-beans/' }).where(eq(publication.articleId, target.articleId))

    expect(await check(queued!.input)).toMatchObject({ checked: true, live: false })
    const refused = (await liveCheckOf(target.articleId)) as LiveCheck
    expect(refused).toMatchObject({ live: false, pageStatus: null, imagesTotal: 0 })
    expect(refused.pageError).toBe('http://10.0.0.5/private-beans/ points to a private network address, which we do not fetch.')
    expect(liveCheckSummary(refused)).toMatchObject({ text: 'Not reachable', detail: refused.pageError })
  })

  it('a check that cannot be queued is logged and publishing stands', async () => {
    const target = await illustratedArticle('unqueued-beans')
    await connectWordpress(target.businessId)
    await stopJobs()
    try {
      expect(await publish(target)).toMatchObject({ published: 1, failed: 0 })
    } finally {
      await startJobs(app.handle, { work: false, kinds: JOB_KINDS, providers: app.providers })
    }
    const [row] = await app.db
      .select({ status: publication.status, url: publication.url })
      .from(publication)
      .where(and(eq(publication.articleId, target.articleId)))
    expect(row).toEqual({ status: 'published', url: `${WP}/unqueued-beans/` })
    expect(await queuedChecks(target.articleId)).toEqual([])
  })
})
