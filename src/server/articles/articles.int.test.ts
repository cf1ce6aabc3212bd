import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, eq, sql } from 'drizzle-orm'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { fetchResultPage as fetchPage, resultPageHtml as pageHtml } from '~tests/fixtures/result-pages'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { jobKindsWith, withRetries, startTestWorker, type TestWorker } from '~tests/fixtures/test-worker'
import { articleProviders } from '~tests/fixtures/article-providers'
import { env } from '~/env'
import { billingPeriodOf } from '~/server/billing/usage'
import {
  article,
  articleVersion,
  business as businessTable,
  historyEvent,
  jobRun,
  keyword,
  publication,
  publishing,
  usage,
} from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { DEFAULT_LLM_BASE_URL } from '~/server/providers/llm/client'
import { parseArticleMaterial } from '~/server/demo-network/llm/article-writer'
import { chatCompletionResponse, llmHandlers } from '~/server/demo-network/llm/mock'
import { clearFaults, injectFault } from '~/server/demo-network/mock-faults'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { publishableArticle } from '~/server/publishing/publish.service'
import { checkGrounding } from './grounding'
import { ARTICLE_SCHEMAS } from './prompts'
import { articleCalendar, generateDueArticles } from './articles.service'
import { articleGenerateJob } from './articles.jobs'
import { generateArticle } from './generate'
import type { FilterItem } from '~/shared/data-table/filter-schema'

const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...imagesHandlers(), ...youtubeHandlers())
let app: TestApp
let mediaDir: string
let providers: Providers
let cleanup: () => Promise<void>
let worker: TestWorker | undefined

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  ;({ providers, mediaDir, cleanup } = await articleProviders(app, fetchPage))
  worker = await startTestWorker(app, { kinds: jobKindsWith(withRetries(articleGenerateJob, 1)), providers })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
  await cleanup?.()
})

async function roaster() {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    url: `https://acme-${owner.userId.slice(0, 6).toLowerCase()}.example`,
    blogUrl: `https://acme-${owner.userId.slice(0, 6).toLowerCase()}.example/journal`,
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    valueProposition: 'Coffee roasted to order and on your doorstep within two days.',
    services: ['Coffee subscriptions', 'Single-origin coffee beans'],
    targetAudiences: ['Home baristas'],
    language: 'English',
    tone: 'Friendly',
    internalLinks: 2,
    bestArticles: ['https://acme.example/journal/how-to-dial-in-espresso', 'https://acme.example/journal/cold-brew-ratio'],
    brandColor: '#8b5a2b',
  }))!
  const planned = await insertKeyword(app, business.id, {
    keyword: 'best espresso beans',
    status: 'scheduled',
    scheduledAt: new Date(Date.now() + 2 * 24 * 3600 * 1000),
  })
  return { owner, business, planned, client: rpcClient(app, owner.cookie) }
}

/** Waits until no article generation of the business is unfinished. */
async function waitForJobs(businessId: string) {
  const runs = await app.db.select({ id: jobRun.id }).from(jobRun).where(eq(jobRun.businessId, businessId))
  for (const run of runs) await waitForJob(app, run.id, 60_000)
}

const usageOf = (userId: string) => app.db.select().from(usage).where(eq(usage.userId, userId))

describe('article generation on the mocks', () => {
  it('writes a grounded, complete article, scores it, counts it once, and keeps versions when regenerated', async () => {
    const { owner, business, planned, client } = await roaster()
    const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
    expect((await rejectionOf(client.article.generate({ businessId: business.id, keywordId: planned.id })))?.message).toMatch(
      /being written|already has an article/,
    )
    const finished = await waitForJob(app, jobId, 60_000)
    expect(finished.error).toBeNull()
    expect(finished.state).toBe('completed')

    const [{ id: articleId }] = await app.db.select({ id: article.id }).from(article).where(eq(article.keywordId, planned.id))
    const written = await client.article.get({ businessId: business.id, articleId })
    // One H1, the keyword in the title; meta within limits; a slug from the keyword.
    expect(written.markdown.match(/^# /gm)).toHaveLength(1)
    expect(written.title.toLowerCase()).toContain('espresso')
    expect(written.metaTitle.length).toBeLessThanOrEqual(60)
    expect(written.metaDescription.length).toBeLessThanOrEqual(160)
    expect(written.slug).toBe('best-espresso-beans')
    // Images in the brand's style, stored and served by the app, with alt text.
    const featured = written.images.find((image) => image.kind === 'featured')!
    expect(featured.url).toMatch(new RegExp(`^/media/${business.id}/`))
    expect(written.images.every((image) => image.alt.trim().length > 0)).toBe(true)
    for (const image of written.images)
      expect((await stat(join(mediaDir, image.url.replace(/^\/media\//, 'media/')))).size).toBeGreaterThan(0)
    // FAQ, structured data that parses, a video and a call to action.
    // The FAQ asks only what the article or its sources answer (these thin fixture pages answer one or two).
    expect(written.faq.length).toBeGreaterThanOrEqual(1)
    expect(written.jsonLd.map((item) => item['@type'])).toEqual(['Article', 'FAQPage', 'BreadcrumbList'])
    expect(written.video).not.toBeNull()
    expect(written.html).toContain('youtube-nocookie.com/embed/')
    // Every number left in the article is on a page it cites; citations are fetched pages only.
    const sources = written.citations.map((citation) => ({ url: citation.url, title: citation.title, text: pageHtml(citation.url) }))
    expect(written.citations.length).toBeGreaterThan(0)
    for (const citation of written.citations) expect(citation.url).not.toContain('reddit.com')
    const recheck = checkGrounding({
      markdown: written.markdown.split('\n## Frequently asked questions')[0]!,
      sources,
      trusted: [planned.keyword, written.title],
    })
    expect(recheck.ungrounded).toEqual([])
    // The demo writer quotes its sources word for word: every quotation is found on its page.
    expect(written.factCheck!.quotes.removed).toEqual([])
    expect(written.factCheck!.quotes.found.length).toBeGreaterThan(0)
    for (const quote of written.factCheck!.quotes.found) expect(written.markdown).toContain(`“${quote.quote}”`)
    // Internal links only to the business's best articles (nothing of ours is published yet).
    expect(written.internalLinks.every((link) => link.kind === 'best')).toBe(true)
    // A score with its breakdown; a failing check carries a hint.
    expect(written.seoScore).toBeGreaterThan(0)
    expect(written.seoChecks.length).toBeGreaterThan(10)
    for (const check of written.failingChecks) expect(check.hint).toBeTruthy()
    expect(['draft', 'held']).toContain(written.status)
    expect(written.versions.map((version) => [version.version, version.reason])).toEqual([[1, 'generated']])

    const [row] = await app.db.select({ status: keyword.status }).from(keyword).where(eq(keyword.id, planned.id))
    expect(row!.status).toBe('draft')
    expect(await usageOf(owner.userId)).toHaveLength(1)
    const listed = await client.article.list({ businessId: business.id })
    expect(listed).toMatchObject({ total: 1, items: [{ id: articleId, keyword: 'best espresso beans' }] })

    const approved = await client.article.approve({ businessId: business.id, articleId })
    expect(approved.status).toBe('approved')

    // Regenerated with an instruction: a new version, the old one kept, the same address, counted again.
    const again = await client.article.regenerate({ businessId: business.id, articleId, instruction: 'Shorter introduction.' })
    expect((await waitForJob(app, again.jobId, 60_000)).state).toBe('completed')
    const second = await client.article.get({ businessId: business.id, articleId })
    expect(second.versions.map((version) => [version.version, version.reason])).toEqual([
      [2, 'regenerated'],
      [1, 'generated'],
    ])
    expect(second.slug).toBe(written.slug)
    expect(second.status).not.toBe('approved')
    expect(await usageOf(owner.userId)).toHaveLength(2)
  })

  it('a published article rewritten (a refresh) stays published at the same address, and its new version goes to its site at once', async () => {
    const { business, planned, client } = await roaster()
    const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
    expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    const [written] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    const publishedAt = new Date(Date.now() - 150 * 24 * 3600 * 1000)
    const approvedAt = new Date(publishedAt.getTime() - 3600_000)
    await app.db.update(article).set({ status: 'published', publishedAt, approvedAt }).where(eq(article.id, written!.id))
    await app.db.update(keyword).set({ status: 'published' }).where(eq(keyword.id, planned.id))
    // Live on a site, holding the version written first.
    const [site] = await app.db
      .insert(publishing)
      .values({ businessId: business.id, type: 'webhook', config: { url: 'https://93.184.215.15/hook' } })
      .returning()
    await app.db.insert(publication).values({
      businessId: business.id,
      articleId: written!.id,
      integrationId: site!.id,
      status: 'published',
      url: `${business.blogUrl}/${written!.slug}`,
      publishedRevision: written!.revision,
    })

    const input = { businessId: business.id, articleId: written!.id }
    const again = await client.article.regenerate({ ...input, instruction: 'Refresh against today’s search results.' })
    expect((await waitForJob(app, again.jobId, 60_000)).state).toBe('completed')
    const refreshed = await client.article.get(input)
    expect(refreshed).toMatchObject({ status: 'published', slug: written!.slug, version: 2, revision: written!.revision + 1 })
    expect(refreshed.publishedAt).toEqual(publishedAt)
    expect(refreshed.approvedAt).toEqual(approvedAt)
    expect(refreshed.versions.map((version) => version.reason)).toEqual(['regenerated', 'generated'])
    const [plannedNow] = await app.db.select({ status: keyword.status }).from(keyword).where(eq(keyword.id, planned.id))
    expect(plannedNow!.status).toBe('published')
    // Its publishing job was started by the rewrite, not left to the next publishing run.
    const publishJobs = await app.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.kind, 'article.publish'), eq(jobRun.businessId, business.id)))
    expect(publishJobs.map((run) => run.input)).toEqual([{ businessId: business.id, articleId: written!.id, action: 'publish' }])
    expect(publishJobs[0]!.createdAt.getTime()).toBeGreaterThan(refreshed.versions[0]!.createdAt.getTime() - 1000)
  })

  it('shows a kept version whole and restores it as a new version, losing nothing and counting nothing', async () => {
    const { owner, business, planned, client } = await roaster()
    const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
    expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    const [generated] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    const [first] = await app.db.select().from(articleVersion).where(eq(articleVersion.articleId, generated!.id))
    // An edit made since (as the editor saves one): version 2, approved afterwards.
    const edited = { ...first!.content, title: 'Espresso beans, edited', markdown: '# Espresso beans, edited\n\nShorter.' }
    await app.db.insert(articleVersion).values({ articleId: generated!.id, version: 2, reason: 'edited', content: edited, seoScore: 91 })
    await app.db
      .update(article)
      .set({ ...edited, seoScore: 91, version: 2, status: 'approved', approvedAt: new Date() })
      .where(eq(article.id, generated!.id))
    const usageBefore = (await usageOf(owner.userId)).length
    const input = { businessId: business.id, articleId: generated!.id }

    const shown = await client.article.version({ ...input, versionId: first!.id })
    expect(shown).toMatchObject({ version: 1, reason: 'generated', title: generated!.title, markdown: generated!.markdown })

    const restored = await client.article.restore({ ...input, versionId: first!.id })
    expect(restored).toMatchObject({ title: generated!.title, markdown: generated!.markdown, seoScore: generated!.seoScore, version: 3 })
    // Changed content is approved again before it is published.
    expect(restored.status).toBe(generated!.seoScore < business.seoScoreFloor ? 'held' : 'draft')
    expect(restored.approvedAt).toBeNull()
    expect(restored.versions.map((version) => [version.version, version.reason])).toEqual([
      [3, 'restored'],
      [2, 'edited'],
      [1, 'generated'],
    ])
    // The edit is still there to bring back.
    const back = await client.article.restore({ ...input, versionId: restored.versions[1]!.id })
    expect(back).toMatchObject({ title: 'Espresso beans, edited', version: 4 })
    // Restoring what is already current changes nothing.
    const same = await client.article.restore({ ...input, versionId: back.versions[0]!.id })
    expect(same.version).toBe(4)
    expect((await usageOf(owner.userId)).length).toBe(usageBefore)

    // Another article's version, even of the same business, is not this article's.
    const other = await insertArticle(app, business.id, { title: 'Other', slug: 'other' })
    const error = await rejectionOf(client.article.restore({ businessId: business.id, articleId: other.id, versionId: first!.id }))
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This version of the article was not found. Refresh the article and try again.',
    })
    expect((await rejectionOf(client.article.version({ ...input, versionId: 'nosuchversion1' })))?.code).toBe('NOT_FOUND')
  })

  it('edits: the preview rescores without saving; saves keep one version per session, refuse a stale revision, and move a draft with its score', async () => {
    const { business, planned, client } = await roaster()
    const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
    expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    const [generated] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    const input = { businessId: business.id, articleId: generated!.id }
    const meta = { metaTitle: generated!.metaTitle, metaDescription: generated!.metaDescription }

    // Without its FAQ the preview's points drop and the FAQ check fails (the score itself may stay
    // at the substance cap); nothing is saved.
    const withoutFaq = generated!.markdown.split('\n## Frequently asked questions')[0]!
    const preview = await client.article.preview({ ...input, ...meta, markdown: withoutFaq })
    const points = (checks: Array<{ points: number }>) => checks.reduce((sum, check) => sum + check.points, 0)
    expect(points(preview.seoChecks)).toBeLessThan(points(generated!.seoChecks))
    expect(preview.seoScore).toBeLessThanOrEqual(generated!.seoScore)
    expect(preview.seoChecks.find((check) => check.id === 'faq')).toMatchObject({ passed: false })
    expect(preview.html).not.toContain('Frequently asked questions')
    expect((await client.article.get(input)).markdown).toBe(generated!.markdown)

    // A new title in the H1, a heading renamed: saved as version 2 ("edited"), title and outline follow.
    const edited = generated!.markdown.replace(/^# .*$/m, '# The espresso bean guide for home baristas')
    const first = await client.article.save({ ...input, ...meta, markdown: edited, revision: generated!.revision })
    expect(first).toMatchObject({ version: 2, revision: generated!.revision + 1, title: 'The espresso bean guide for home baristas' })
    // The next autosave of the session amends version 2.
    const second = await client.article.save({ ...input, ...meta, markdown: `${edited}\nOne more line.\n`, revision: first.revision })
    expect(second.version).toBe(2)
    const saved = await client.article.get(input)
    expect(saved.title).toBe('The espresso bean guide for home baristas')
    expect(saved.markdown).toContain('One more line.')
    expect(saved.faq.length).toBe(generated!.faq.length)
    expect(saved.versions.map((version) => [version.version, version.reason])).toEqual([
      [2, 'edited'],
      [1, 'generated'],
    ])
    const [kept] = await app.db
      .select()
      .from(articleVersion)
      .where(and(eq(articleVersion.articleId, generated!.id), eq(articleVersion.version, 2)))
    expect(kept!.content.markdown).toContain('One more line.')

    // A save from a stale revision (another tab, or a regeneration meanwhile) is refused and changes nothing.
    const stale = await rejectionOf(client.article.save({ ...input, ...meta, markdown: '# Lost update', revision: first.revision }))
    expect(stale).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^This article changed since you started editing/) })
    expect((await client.article.get(input)).markdown).toContain('One more line.')

    // Bad input: a clear message, nothing saved.
    const noTitle = await rejectionOf(client.article.save({ ...input, ...meta, markdown: 'No heading at all.', revision: second.revision }))
    expect(noTitle).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Start the article with its title as a heading: a line that begins with "# ".',
    })
    const longMeta = await rejectionOf(
      client.article.save({ ...input, ...meta, metaTitle: 'x'.repeat(61), markdown: edited, revision: second.revision }),
    )
    expect(longMeta?.message).toContain('Keep the meta title to 60 characters.')

    // A draft whose edit falls under the floor is held; fixing it makes it a draft again.
    await app.db
      .update(businessTable)
      .set({ seoScoreFloor: generated!.seoScore - 5 })
      .where(eq(businessTable.id, business.id))
    const cut = '# Notes\n\nA few words about nothing in particular.\n'

    const held = await client.article.save({ ...input, ...meta, markdown: cut, revision: second.revision })
    expect(held.status).toBe('held')
    expect(held.seoScore).toBeLessThan(generated!.seoScore - 5)
    const fixed = await client.article.save({ ...input, ...meta, markdown: generated!.markdown, revision: held.revision })
    expect(fixed.status).toBe('draft')
  })

  it('lists articles with the Content list’s filters and sorts, and refuses a column it does not have', async () => {
    const { business, client } = await roaster()
    const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`)
    const plannedOn = async (word: string, iso: string) =>
      (await insertKeyword(app, business.id, { keyword: word, status: 'draft', scheduledAt: day(iso) })).id
    await insertArticle(app, business.id, {
      title: 'Grinders',
      slug: 'grinders',
      keywordId: await plannedOn('grinders', '2031-01-05'),
      seoScore: 55,
      status: 'held',
    })
    await insertArticle(app, business.id, {
      title: 'Kettles',
      slug: 'kettles',
      keywordId: await plannedOn('kettles', '2031-01-09'),
      seoScore: 90,
    })
    await insertArticle(app, business.id, {
      title: 'Scales',
      slug: 'scales',
      keywordId: await plannedOn('scales', '2031-01-07'),
      seoScore: 80,
      status: 'published',
    })
    const titles = async (input: Omit<Parameters<typeof client.article.list>[0], 'businessId'>) =>
      (await client.article.list({ businessId: business.id, ...input })).items.map((item) => item.title)
    // Default: the latest planned day first.
    expect(await titles({})).toEqual(['Kettles', 'Scales', 'Grinders'])
    expect(await titles({ sort: [{ id: 'seoScore', desc: false }] })).toEqual(['Grinders', 'Scales', 'Kettles'])
    const status: FilterItem = {
      id: 'status',
      value: ['held', 'published'],
      variant: 'multiSelect',
      operator: 'inArray',
      filterId: 'status01',
    }
    expect(await titles({ filters: [status], sort: [{ id: 'title', desc: false }] })).toEqual(['Grinders', 'Scales'])
    const scheduled: FilterItem = {
      id: 'scheduledAt',
      value: String(day('2031-01-07').getTime()),
      variant: 'date',
      operator: 'lt',
      filterId: 'sched001',
    }
    expect(await titles({ filters: [scheduled] })).toEqual(['Grinders'])
    const page = await client.article.list({ businessId: business.id, perPage: 10, page: 1 })
    expect(page).toMatchObject({ total: 3, pageCount: 1 })
    const unknown = await rejectionOf(
      client.article.list({ businessId: business.id, filters: [{ ...status, id: 'providerCost' }] } as never),
    )
    expect(unknown).toMatchObject({ code: 'BAD_REQUEST' })
    expect(unknown?.message).toContain('Unknown filter column "providerCost"')
  })

  it('lays a month out as a calendar: planned keywords on their days, with their articles when written', async () => {
    const { business, planned, client } = await roaster()
    const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`)
    const later = await insertKeyword(app, business.id, {
      keyword: 'espresso grinder',
      status: 'scheduled',
      scheduledAt: day('2031-03-31'),
    })
    await insertKeyword(app, business.id, { keyword: 'next month', status: 'scheduled', scheduledAt: day('2031-04-01') })
    await insertKeyword(app, business.id, { keyword: 'archived idea', status: 'archived', scheduledAt: day('2031-03-10') })
    await app.db
      .update(keyword)
      .set({ scheduledAt: day('2031-03-01') })
      .where(eq(keyword.id, planned.id))
    const written = await insertArticle(app, business.id, {
      title: 'Best espresso beans',
      slug: 'best-espresso-beans',
      keywordId: planned.id,
    })
    const march = await client.article.calendar({ businessId: business.id, month: '2031-03' })
    expect(march.entries.map((entry) => [entry.keyword, entry.scheduledAt.toISOString().slice(0, 10), entry.articleId])).toEqual([
      ['best espresso beans', '2031-03-01', written.id],
      ['espresso grinder', '2031-03-31', null],
    ])
    expect(march.entries[1]).toMatchObject({ keywordId: later.id, keywordStatus: 'scheduled', status: null })
    expect((await rejectionOf(client.article.calendar({ businessId: business.id, month: '2031-13' })))?.message).toContain(
      'Give the month as YYYY-MM.',
    )
  })

  it('names the next planned day from today on: past days and archived keywords without an article do not count', async () => {
    const { business, planned } = await roaster()
    const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`)
    await app.db
      .update(keyword)
      .set({ scheduledAt: day('2031-03-05') })
      .where(eq(keyword.id, planned.id))
    await insertKeyword(app, business.id, { keyword: 'dropped idea', status: 'archived', scheduledAt: day('2031-03-20') })
    await insertKeyword(app, business.id, { keyword: 'next month', status: 'scheduled', scheduledAt: day('2031-04-02') })
    const nextOn = async (now: string) =>
      (await articleCalendar(app.db, business.id, now.slice(0, 7), new Date(`${now}T12:00:00.000Z`))).nextPlanned
        ?.toISOString()
        .slice(0, 10)
    expect(await nextOn('2031-03-05')).toBe('2031-03-05')
    expect(await nextOn('2031-03-06')).toBe('2031-04-02')
    expect(await nextOn('2031-04-03')).toBeUndefined()
  })

  it('archives an article with its keyword, and deletes one with its versions (its keyword archived, so it is not written again)', async () => {
    const { business, planned, client } = await roaster()
    const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
    expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    const [generated] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    const input = { businessId: business.id, articleId: generated!.id }
    expect((await client.article.archive(input)).status).toBe('archived')
    const keywordStatus = async () => (await app.db.select().from(keyword).where(eq(keyword.id, planned.id)))[0]!.status
    expect(await keywordStatus()).toBe('archived')

    expect(await client.article.delete(input)).toEqual({ id: generated!.id })
    expect(await app.db.select().from(article).where(eq(article.id, generated!.id))).toEqual([])
    expect(await app.db.select().from(articleVersion).where(eq(articleVersion.articleId, generated!.id))).toEqual([])
    expect(await keywordStatus()).toBe('archived')
    expect((await rejectionOf(client.article.get(input)))?.code).toBe('NOT_FOUND')
    // The schedule leaves an archived keyword alone: no second generation of it is started.
    await generateDueArticles(app.db)
    const runs = await app.db
      .select()
      .from(jobRun)
      .where(eq(jobRun.singletonKey, `article:${planned.id}`))
    expect(runs).toHaveLength(1)
  })

  it('rewrites one section with an instruction: the rest of the article stays as it was, nothing is counted', async () => {
    const { owner, business, planned, client } = await roaster()
    const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
    expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    const [generated] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    const input = { businessId: business.id, articleId: generated!.id }
    const heading = generated!.outline.find((entry) => entry.level === 'h2')!.heading
    const usageBefore = (await usageOf(owner.userId)).length

    const missing = await rejectionOf(client.article.regenerate({ ...input, section: 'A heading the article never had' }))
    expect(missing).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('This section is not in the article any more') })

    const { jobId: rewrite } = await client.article.regenerate({ ...input, section: heading, instruction: 'Mention the grind size.' })
    const finished = await waitForJob(app, rewrite, 60_000)
    expect(finished.error).toBeNull()
    const after = await client.article.get(input)
    expect(after.versions.map((version) => [version.version, version.reason])).toEqual([
      [2, 'regenerated'],
      [1, 'generated'],
    ])
    // Everything before the section is untouched, and so is everything after it.
    const before = generated!.markdown
    const start = before.indexOf(`## ${heading}`)
    const nextHeading = before.indexOf('\n## ', start + 3)
    expect(after.markdown.slice(0, start)).toBe(before.slice(0, start))
    expect(after.markdown.endsWith(before.slice(nextHeading))).toBe(true)
    expect(after.markdown).toContain(`## ${heading}`)
    expect(after.title).toBe(generated!.title)
    expect(after.slug).toBe(generated!.slug)
    expect((await usageOf(owner.userId)).length).toBe(usageBefore)
    // History: the article written, then its section rewritten, each once, with its job.
    const recorded = await app.db.select().from(historyEvent).where(eq(historyEvent.businessId, business.id)).orderBy(asc(historyEvent.at))
    expect(recorded.map((row) => [row.action, row.jobId, row.detail, row.title])).toEqual([
      ['written', jobId, {}, generated!.title],
      ['rewritten', rewrite, { section: heading }, after.title],
    ])
  })

  it('links to the business’s published articles at their live address, never to an unpublished one', async () => {
    const { business, planned, client } = await roaster()
    await app.db.update(businessTable).set({ bestArticles: [], internalLinks: 3 }).where(eq(businessTable.id, business.id))
    const other = (title: string, slug: string, status: 'published' | 'draft') => insertArticle(app, business.id, { title, slug, status })
    const live = await other('Espresso water temperature explained', 'espresso-water-temperature', 'published')
    await other('Dose and yield for espresso roast dates', 'espresso-dose-and-yield', 'draft')
    const liveUrl = `${business.blogUrl}/2026/03/espresso-water-temperature/`
    const [site] = await app.db.insert(publishing).values({ businessId: business.id, type: 'wordpress', config: {} }).returning()
    await app.db
      .insert(publication)
      .values({ businessId: business.id, articleId: live.id, integrationId: site!.id, status: 'published', externalId: '7', url: liveUrl })
    const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
    expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    const [written] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    expect(written!.internalLinks).toEqual([{ url: liveUrl, anchor: 'Espresso water temperature explained', kind: 'article' }])
    expect(written!.markdown).toContain(`](${liveUrl})`)
    expect(written!.markdown).not.toContain('espresso-dose-and-yield')
  })

  it('a generation run again after it was saved (its worker died before the job completed) writes nothing twice', async () => {
    const { owner, business, planned } = await roaster()
    const job = {
      input: { businessId: business.id, keywordId: planned.id },
      jobId: crypto.randomUUID(),
      db: app.db,
      providers,
      signal: new AbortController().signal,
      progress: () => {},
    }
    const first = await generateArticle(job)
    const again = await generateArticle(job)
    expect(again).toEqual({ articleId: first.articleId, resumed: true })
    expect(await app.db.select({ id: article.id }).from(article).where(eq(article.keywordId, planned.id))).toHaveLength(1)
    expect(await app.db.select().from(articleVersion).where(eq(articleVersion.articleId, first.articleId))).toHaveLength(1)
    expect(await usageOf(owner.userId)).toHaveLength(1)
  })

  it('starts the articles of scheduled keywords within the lead time, once, and none past the plan’s allowance', async () => {
    const { business } = await roaster()
    const day = 24 * 3600 * 1000
    const now = new Date()
    const soon = await insertKeyword(app, business.id, {
      keyword: 'cold brew ratio',
      status: 'scheduled',
      scheduledAt: new Date(now.getTime() + 2 * day),
    })
    const later = await insertKeyword(app, business.id, {
      keyword: 'pour over grind',
      status: 'scheduled',
      scheduledAt: new Date(now.getTime() + 9 * day),
    })
    const written = await insertKeyword(app, business.id, {
      keyword: 'aeropress recipe',
      status: 'scheduled',
      scheduledAt: new Date(now.getTime() + day),
    })
    await insertArticle(app, business.id, { keywordId: written.id, title: 'AeroPress recipe', slug: 'aeropress-recipe' })
    const started = () =>
      app.db
        .select({ keywordId: sql<string>`${jobRun.input}->>'keywordId'` })
        .from(jobRun)
        .where(and(eq(jobRun.kind, articleGenerateJob.name), eq(jobRun.businessId, business.id)))
    await generateDueArticles(app.db, now)
    // The roaster's own planned keyword from roaster() is due in 2 days too.
    const first = (await started()).map((row) => row.keywordId)
    expect(first).toContain(soon.id)
    expect(first).not.toContain(later.id)
    expect(first).not.toContain(written.id)
    // Run again while they are being written: nothing starts twice.
    await generateDueArticles(app.db, now)
    expect((await started()).length).toBe(first.length)
    // A longer lead time reaches the later keyword.
    await app.db.update(businessTable).set({ articleLeadDays: 10 }).where(eq(businessTable.id, business.id))
    await generateDueArticles(app.db, now)
    expect((await started()).map((row) => row.keywordId)).toContain(later.id)
    await waitForJobs(business.id)

    // With the month's articles used up, nothing more starts.
    const other = await roaster()
    await app.setPlan(other.owner.userId, 'Starter')
    const limit = 15
    await app.db.insert(usage).values(
      Array.from({ length: limit }, (_, index) => ({
        userId: other.owner.userId,
        source: 'article.generate',
        unit: 'article',
        billingPeriod: billingPeriodOf(now),
        idempotencyKey: `used-${index}`,
      })),
    )
    await generateDueArticles(app.db, now)
    const otherStarted = await app.db.select({ id: jobRun.id }).from(jobRun).where(eq(jobRun.businessId, other.business.id))
    expect(otherStarted).toEqual([])
  })

  it('writes each keyword as its article type: a listicle numbers its items, a comparison has a table and a verdict, a chosen type is kept', async () => {
    const { business, planned, client } = await roaster()
    const versus = await insertKeyword(app, business.id, {
      keyword: 'light roast vs dark roast',
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 2 * 24 * 3600 * 1000),
    })
    const chosen = await insertKeyword(app, business.id, {
      keyword: 'espresso grind size',
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 2 * 24 * 3600 * 1000),
    })
    await client.keyword.setArticleType({ businessId: business.id, keywordId: chosen!.id, type: 'how-to' })
    const written = async (keywordId: string) => {
      const { jobId } = await client.article.generate({ businessId: business.id, keywordId })
      expect((await waitForJob(app, jobId, 60_000)).error).toBeNull()
      const [{ id }] = await app.db.select({ id: article.id }).from(article).where(eq(article.keywordId, keywordId))
      return client.article.get({ businessId: business.id, articleId: id })
    }
    const typeCheck = (item: Awaited<ReturnType<typeof written>>) => item.seoChecks.find((check) => check.id === 'articleType')!

    const listicle = await written(planned.id)
    expect(listicle).toMatchObject({ type: 'listicle', typeReason: expect.stringMatching(/“best …”/) })
    const body = listicle.markdown.split('\n## Frequently asked questions')[0]!
    expect(body.match(/^## \d+\. \S/gm)?.length).toBeGreaterThanOrEqual(3)
    expect(typeCheck(listicle).passed).toBe(true)

    const comparison = await written(versus!.id)
    expect(comparison).toMatchObject({ type: 'comparison', typeReason: 'The keyword compares two things (“vs”).' })
    expect(comparison.markdown).toMatch(/^\| --- \| --- \|/m)
    expect(comparison.html).toContain('<table')
    expect(comparison.markdown).toMatch(/^## Verdict: /m)
    expect(typeCheck(comparison).passed).toBe(true)
    const [stored] = await app.db.select().from(keyword).where(eq(keyword.id, versus!.id))
    expect(stored).toMatchObject({ articleType: 'comparison', articleTypeReason: comparison.typeReason })

    // The user's choice stands over the keyword's wording and its results.
    const howTo = await written(chosen!.id)
    expect(howTo).toMatchObject({ type: 'how-to', typeReason: 'You chose this type.' })
    expect(howTo.markdown.match(/^## Step \d+: \S/gm)?.length).toBeGreaterThanOrEqual(3)
    expect(typeCheck(howTo).passed).toBe(true)
  })

  it('drops a sentence whose number its cited page does not hold', async () => {
    const { business, planned, client } = await roaster()
    const invented = 'Nine in ten baristas now use a 1:7 ratio for every shot'
    // The LLM writes one section with a number no fetched page contains, citing a page it fetched.
    network.use(
      http.post(`${DEFAULT_LLM_BASE_URL}/chat/completions`, async ({ request }) => {
        const body = (await request.clone().json()) as {
          response_format?: { json_schema?: { name?: string } }
          messages: Array<{ content: string }>
        }
        if (body.response_format?.json_schema?.name !== ARTICLE_SCHEMAS.section) return undefined
        const source =
          /Page: (\S+) \(source 1\)/.exec(body.messages.map((message) => message.content).join('\n'))?.[1] ??
          'https://www.seriouseats.com/espresso'
        const content = JSON.stringify({
          blocks: [
            `Good espresso starts with fresh beans. ${invented} ([Guide](${source})).`,
            'Taste as you go and adjust one thing at a time.',
          ],
        })
        return chatCompletionResponse(content, { id: 'chatcmpl-invented' })
      }),
    )
    try {
      const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
      expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    } finally {
      network.resetHandlers()
    }
    const [written] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    expect(written!.markdown).toContain('Good espresso starts with fresh beans.')
    expect(written!.markdown).not.toContain('1:7')
  })

  it('removes a sentence whose quotation its cited page does not hold, keeps one it does, and records both', async () => {
    const { business, planned, client } = await roaster()
    const invented = 'the crema tells you everything about the shot'
    network.use(
      http.post(`${DEFAULT_LLM_BASE_URL}/chat/completions`, async ({ request }) => {
        const body = (await request.clone().json()) as {
          response_format?: { json_schema?: { name?: string } }
          messages: Array<{ content: string }>
        }
        if (body.response_format?.json_schema?.name !== ARTICLE_SCHEMAS.section) return undefined
        const material = parseArticleMaterial(body.messages.map((message) => message.content).join('\n'))
        const source = material.pages.find((page) => page.role === 'source 1')!
        // A sentence of the page as the prompt carried it: quoted word for word, it is on the page.
        const real = source.text
          .split(/\n|(?<=\.)\s+/)
          .find((line) => line.endsWith('.') && line.split(' ').length >= 8)!
          .replace(/\.$/, '')
        const content = JSON.stringify({
          blocks: [
            `Good espresso starts with fresh beans. One barista says “${invented}” ([Guide](${source.url})).`,
            `The guide is blunt: “${real}” ([Guide](${source.url})).`,
          ],
        })
        return chatCompletionResponse(content, { id: 'chatcmpl-quote' })
      }),
    )
    try {
      const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
      expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    } finally {
      network.resetHandlers()
    }
    const [written] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    expect(written!.markdown).toContain('Good espresso starts with fresh beans.')
    expect(written!.markdown).not.toContain(invented)
    expect(written!.markdown).toContain('The guide is blunt: “')
    const check = written!.factCheck!
    // Every section (and the introduction) quoted twice: one quote found, one removed, each time.
    const sections = written!.outline.length + 1
    expect(check.quotes.checked).toBe(2 * sections)
    expect(check.quotes.removed).toHaveLength(sections)
    expect(check.quotes.found).toHaveLength(sections)
    expect(check.quotes.removed[0]).toEqual({ quote: invented, reason: expect.stringMatching(/^not found in \S/) })
    const api = await client.article.get({ businessId: business.id, articleId: written!.id })
    expect(api.factCheck).toEqual(check)
    const [version] = await app.db.select().from(articleVersion).where(eq(articleVersion.articleId, written!.id))
    expect(version!.content.factCheck).toEqual(check)
  })

  it('corrects a misspelling with one possible correction in the saved article, leaves an unknown word, and records both', async () => {
    const { business, planned, client } = await roaster()
    network.use(
      http.post(`${DEFAULT_LLM_BASE_URL}/chat/completions`, async ({ request }) => {
        const body = (await request.clone().json()) as { response_format?: { json_schema?: { name?: string } } }
        if (body.response_format?.json_schema?.name !== ARTICLE_SCHEMAS.section) return undefined
        const content = JSON.stringify({
          blocks: [
            'Good espresso starts with fresh beans, and most roasters recieve green coffee weekly.',
            'Watch the grinde settle in the basket.',
          ],
        })
        return chatCompletionResponse(content, { id: 'chatcmpl-spelling' })
      }),
    )
    try {
      const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
      expect((await waitForJob(app, jobId, 60_000)).state).toBe('completed')
    } finally {
      network.resetHandlers()
    }
    const [written] = await app.db.select().from(article).where(eq(article.keywordId, planned.id))
    expect(written!.markdown).toContain('most roasters receive green coffee weekly.')
    expect(written!.markdown).not.toContain('recieve')
    expect(written!.markdown).toContain('Watch the grinde settle in the basket.')
    const check = written!.factCheck!
    const spelling = check.proofreading.filter((fix) => fix.rule === 'spelling')
    // The introduction and every section were written with the slip.
    expect(spelling).toHaveLength(written!.outline.length + 1)
    expect(spelling[0]).toEqual({ rule: 'spelling', before: 'recieve', after: 'receive' })
    expect(check.unknownWords).toEqual(['grinde'])
    const api = await client.article.get({ businessId: business.id, articleId: written!.id })
    expect(api.factCheck).toEqual(check)
  })

  it('records no usage and no article when generation fails', async () => {
    const { owner, business, planned, client } = await roaster()
    injectFault('llm', { kind: 'status', status: 500, times: 100 })
    try {
      const { jobId } = await client.article.generate({ businessId: business.id, keywordId: planned.id })
      const failed = await waitForJob(app, jobId, 60_000)
      expect(failed.state).toBe('failed')
      expect(failed.error).toMatch(/AI writing/)
    } finally {
      clearFaults()
    }
    expect(await app.db.select().from(article).where(eq(article.keywordId, planned.id))).toEqual([])
    expect(await usageOf(owner.userId)).toEqual([])
    const [row] = await app.db
      .select({ status: keyword.status })
      .from(keyword)
      .where(and(eq(keyword.id, planned.id)))
    expect(row!.status).toBe('scheduled')
  })
})

describe('addresses in an edited article', () => {
  it('its images and JSON-LD keep only what the HTML sanitiser keeps; publishing and the article page re-check JSON-LD stored before', async () => {
    const { business, client } = await roaster()
    const written = await insertArticle(app, business.id, { title: 'Cold brew', slug: 'cold-brew-addresses', status: 'draft' })
    const input = { businessId: business.id, articleId: written.id }
    const markdown = [
      '# Cold brew',
      '![kept media](/media/b1/f.png)',
      '![a](javascript:alert(1))',
      '![b](JaVaScRiPt:alert(1))',
      '![c](data:image/png;base64,AAAA)',
      '![d](//evil.example/p.png)',
      '![e](photo.png)',
      '![kept cdn](https://cdn.example/p.webp)',
      'Cold brew keeps a week.',
    ].join('\n\n')
    await client.article.save({
      ...input,
      metaTitle: 'Cold brew',
      metaDescription: 'Cold brew at home.',
      markdown,
      revision: written.revision,
    })

    const [saved] = await app.db.select().from(article).where(eq(article.id, written.id))
    expect(saved!.images.map((image) => image.url)).toEqual(['/media/b1/f.png', 'https://cdn.example/p.webp'])
    expect(saved!.html.match(/<img /g)).toHaveLength(2)
    expect(saved!.jsonLd[0]).toMatchObject({ image: [new URL('/media/b1/f.png', env().APP_URL).href, 'https://cdn.example/p.webp'] })
    for (const stored of [JSON.stringify(saved!.jsonLd), JSON.stringify(saved!.images), saved!.html]) {
      expect(stored).not.toMatch(/javascript|data:|evil\.example|photo\.png/i)
    }

    // JSON-LD saved before its addresses were checked never reaches a CMS or webhook as it was.
    await app.db
      .update(article)
      .set({ jsonLd: [{ '@type': 'Article', image: ['javascript:alert(1)', 'https://cdn.example/p.webp'], url: ' data:text/html,x' }] })
      .where(eq(article.id, written.id))
    const [old] = await app.db.select().from(article).where(eq(article.id, written.id))
    const publishable = await publishableArticle(app.db, old!, app.env.DATA_DIR)
    expect(publishable.jsonLd).toEqual([{ '@type': 'Article', image: ['https://cdn.example/p.webp'] }])
    // Nor the article page, which embeds it, nor the API.
    expect((await client.article.get(input)).jsonLd).toEqual([{ '@type': 'Article', image: ['https://cdn.example/p.webp'] }])
  })
})
