import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { fetchResultPage } from '~tests/fixtures/result-pages'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { jobKindsWith, startTestWorker, withRetries, type TestWorker } from '~tests/fixtures/test-worker'
import { articleProviders } from '~tests/fixtures/article-providers'
import { articleGenerateJob } from '~/server/articles/articles.jobs'
import { business as businessTable, jobRun, keyword } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { appPublishingDeps } from '~/server/publishing/integrations.service'
import { runPublish } from '~/server/publishing/publish.service'
import type { KeywordStatus } from '~/shared/keywords'
import { keywordStatusFor } from '~/shared/keyword-status'

// One status model (src/shared/keyword-status.ts, docs/product/entities.md "Keyword status"): every
// way a keyword or its article changes status, through the procedures the screens call, and after
// each the Keywords screen (keyword.list) and the Content screen (article.list, article.get) agree.

const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...imagesHandlers(), ...youtubeHandlers())
let app: TestApp
let providers: Providers
let cleanup: () => Promise<void>
let worker: TestWorker | undefined

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  ;({ providers, cleanup } = await articleProviders(app, fetchResultPage))
  worker = await startTestWorker(app, { kinds: jobKindsWith(withRetries(articleGenerateJob, 0)), providers })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
  await cleanup?.()
})

const DAY = 24 * 3600 * 1000

async function roaster() {
  const owner = await app.signUp({ plan: 'Growth' })
  const slug = owner.userId.slice(0, 6).toLowerCase()
  const business = (await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    url: `https://acme-${slug}.example`,
    blogUrl: `https://acme-${slug}.example/journal`,
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    valueProposition: 'Coffee roasted to order and on your doorstep within two days.',
    services: ['Coffee subscriptions', 'Single-origin coffee beans'],
    targetAudiences: ['Home baristas'],
    language: 'English',
    tone: 'Friendly',
    internalLinks: 2,
    bestArticles: ['https://acme.example/journal/how-to-dial-in-espresso'],
  }))!
  return { owner, business, client: rpcClient(app, owner.cookie) }
}

type Client = ReturnType<typeof rpcClient>

/**
 * The keyword's status on the Keywords screen and its article's on the Content screen (list and
 * page): they agree by the shared rule, and the keyword shows `expected`.
 */
async function expectAgreement(client: Client, businessId: string, keywordId: string, expected: KeywordStatus) {
  const keywords = await client.keyword.list({ businessId, perPage: 50 })
  const listed = keywords.items.find((row) => row.id === keywordId)
  expect(listed, 'keyword.list shows the keyword').toBeDefined()
  const articles = await client.article.list({ businessId, perPage: 50 })
  const inContent = articles.items.find((row) => row.keywordId === keywordId) ?? null
  const page = inContent ? await client.article.get({ businessId, articleId: inContent.id }) : null
  expect(page?.status ?? null, 'article.get and article.list agree').toBe(inContent?.status ?? null)
  expect(listed!.status, `keyword shows ${expected} (article ${inContent?.status ?? 'none'})`).toBe(expected)
  expect(keywordStatusFor({ articleStatus: inContent?.status ?? null, status: listed!.status, scheduledAt: listed!.scheduledAt })).toBe(
    listed!.status,
  )
  // The Keywords screen's Status filter finds it under the status it shows.
  const filtered = await client.keyword.list({
    businessId,
    perPage: 50,
    filters: [{ id: 'status', value: [expected], variant: 'multiSelect', operator: 'inArray', filterId: 'status01' }],
  })
  expect(filtered.items.map((row) => row.id)).toContain(keywordId)
  return inContent
}

async function generated(jobId: string) {
  const finished = await waitForJob(app, jobId, 90_000)
  expect(finished.error).toBeNull()
  expect(finished.state).toBe('completed')
}

describe('one status model: the Keywords and Content screens agree through every transition', () => {
  it('walks research, generation, held, approval, a new day, a restored version, publishing, hand changes, archive and delete', async () => {
    const { owner, business, client } = await roaster()
    const businessId = business.id
    const refusal = async (ids: string[], status: KeywordStatus) => rejectionOf(client.keyword.setStatus({ ids, status }))

    // Research plans a keyword for a day (beyond the lead time, so the schedule does not write it).
    const planned = await insertKeyword(app, businessId, {
      keyword: 'best espresso beans',
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 20 * DAY),
      assignedMonth: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 7),
    })
    await expectAgreement(client, businessId, planned.id, 'scheduled')
    // Taken off the plan by hand and back: pending, then scheduled. Without an article, "draft" is refused.
    await client.keyword.setStatus({ ids: [planned.id], status: 'pending' })
    await expectAgreement(client, businessId, planned.id, 'pending')
    expect(await refusal([planned.id], 'draft')).toMatchObject({ code: 'BAD_REQUEST', data: { reason: 'KEYWORD_DRAFT_NEEDS_ARTICLE' } })
    await client.keyword.setStatus({ ids: [planned.id], status: 'scheduled' })
    await expectAgreement(client, businessId, planned.id, 'scheduled')

    // Written: the article waits for review, the keyword is a draft.
    await generated((await client.article.generate({ businessId, keywordId: planned.id })).jobId)
    const written = (await expectAgreement(client, businessId, planned.id, 'draft'))!
    expect(['draft', 'held']).toContain(written.status)
    // A keyword with an article follows it: no hand status but archived.
    expect(await refusal([planned.id], 'scheduled')).toMatchObject({
      code: 'CONFLICT',
      data: { reason: 'KEYWORD_STATUS_FOLLOWS_ARTICLE' },
      message:
        'A keyword with an article shows the article’s status. Approve or publish the article on the Content page, or archive the keyword.',
    })
    expect(await refusal([planned.id], 'pending')).toMatchObject({ data: { reason: 'KEYWORD_STATUS_FOLLOWS_ARTICLE' } })

    // Regenerated under a floor it cannot reach: held for review, still a draft keyword.
    await app.db.update(businessTable).set({ seoScoreFloor: 100 }).where(eq(businessTable.id, businessId))
    await generated((await client.article.regenerate({ businessId, articleId: written.id })).jobId)
    expect((await expectAgreement(client, businessId, planned.id, 'draft'))!.status).toBe('held')

    // Approved: waiting for its day, the keyword is scheduled (it said Draft before).
    await client.article.approve({ businessId, articleId: written.id })
    expect((await expectAgreement(client, businessId, planned.id, 'scheduled'))!.status).toBe('approved')

    // A new day keeps the approval.
    const day = new Date(Date.now() + 25 * DAY).toISOString().slice(0, 10)
    await client.keyword.reschedule({ businessId, keywordId: planned.id, date: day })
    expect((await expectAgreement(client, businessId, planned.id, 'scheduled'))!.status).toBe('approved')

    // One section rewritten: changed content waits for review again, then approved once more.
    const current = await client.article.get({ businessId, articleId: written.id })
    const section = current.markdown.match(/^## (.+)$/m)![1]!
    await generated((await client.article.regenerate({ businessId, articleId: written.id, section })).jobId)
    expect((await expectAgreement(client, businessId, planned.id, 'draft'))!.status).toBe('held')
    await client.article.approve({ businessId, articleId: written.id })
    await expectAgreement(client, businessId, planned.id, 'scheduled')

    // The first version restored: changed content waits for review again.
    const versions = (await client.article.get({ businessId, articleId: written.id })).versions
    const first = versions.find((version) => version.version === 1)!
    await client.article.restore({ businessId, articleId: written.id, versionId: first.id })
    expect((await expectAgreement(client, businessId, planned.id, 'draft'))!.status).toBe('held')
    await client.article.approve({ businessId, articleId: written.id })
    await expectAgreement(client, businessId, planned.id, 'scheduled')

    // Published (to the JSON feed): both published.
    await client.integration.feed({ businessId, enabled: true })
    await runPublish(
      app.db,
      { businessId, articleId: written.id, action: 'publish' },
      { ...appPublishingDeps(), dataDir: app.env.DATA_DIR },
    )
    expect((await expectAgreement(client, businessId, planned.id, 'published'))!.status).toBe('published')
    // A published keyword is never set back by hand, nor given another day.
    for (const status of ['scheduled', 'pending', 'draft'] as const) {
      expect(await refusal([planned.id], status), status).toMatchObject({
        code: 'CONFLICT',
        data: { reason: 'KEYWORD_PUBLISHED_STAYS' },
        message: 'A published keyword cannot be set back: its article is live. Archive it to take it off the plan.',
      })
    }
    expect(await rejectionOf(client.keyword.reschedule({ businessId, keywordId: planned.id, date: day }))).toMatchObject({
      data: { reason: 'KEYWORD_PUBLISHED' },
    })
    await expectAgreement(client, businessId, planned.id, 'published')

    // Archived by hand on the Keywords screen: its article is archived with it.
    expect(await client.keyword.setStatus({ ids: [planned.id], status: 'archived' })).toEqual({ updated: 1, articlesArchived: 1 })
    expect((await expectAgreement(client, businessId, planned.id, 'archived'))!.status).toBe('archived')
    expect(await refusal([planned.id], 'scheduled')).toMatchObject({ data: { reason: 'KEYWORD_STATUS_FOLLOWS_ARTICLE' } })

    // Regenerated from the archive: a draft again, on both screens.
    await app.db.update(businessTable).set({ seoScoreFloor: 0 }).where(eq(businessTable.id, businessId))
    await generated((await client.article.regenerate({ businessId, articleId: written.id })).jobId)
    expect((await expectAgreement(client, businessId, planned.id, 'draft'))!.status).toBe('draft')

    // Archived on the Content screen: the keyword too.
    await client.article.archive({ businessId, articleId: written.id })
    await expectAgreement(client, businessId, planned.id, 'archived')

    // The article deleted: the keyword stays archived, without an article, and can be planned again.
    await client.article.delete({ businessId, articleId: written.id })
    expect(await expectAgreement(client, businessId, planned.id, 'archived')).toBeNull()
    await client.keyword.setStatus({ ids: [planned.id], status: 'scheduled' })
    await expectAgreement(client, businessId, planned.id, 'scheduled')

    // Published can never be set by hand; another user's keyword refuses the whole action.
    expect(await refusal([planned.id], 'published')).toMatchObject({ data: { reason: 'KEYWORD_STATUS_PUBLISHED' } })
    const stranger = await roaster()
    const theirs = await insertKeyword(app, stranger.business.id, { keyword: 'their beans', status: 'scheduled' })
    expect(await refusal([planned.id, theirs.id], 'archived')).toMatchObject({ code: 'NOT_FOUND' })
    await expectAgreement(client, businessId, planned.id, 'scheduled')
    expect(await app.db.select().from(jobRun).where(eq(jobRun.userId, stranger.owner.userId))).toEqual([])
    void owner
  }, 240_000)

  it('a bulk archive takes each selected keyword’s article with it; any refused keyword changes nothing', async () => {
    const { business, client } = await roaster()
    const businessId = business.id
    const drafted = await insertKeyword(app, businessId, {
      keyword: 'cold brew ratio',
      status: 'draft',
      scheduledAt: new Date(Date.now() + 9 * DAY),
    })
    const draft = await insertArticle(app, businessId, {
      keywordId: drafted.id,
      title: 'Cold Brew Ratio',
      slug: 'cold-brew-ratio',
      status: 'draft',
    })
    const live = await insertKeyword(app, businessId, {
      keyword: 'moka pot',
      status: 'published',
      scheduledAt: new Date(Date.now() - 9 * DAY),
    })
    await insertArticle(app, businessId, { keywordId: live.id, title: 'Moka Pot', slug: 'moka-pot', status: 'published' })
    const bare = await insertKeyword(app, businessId, {
      keyword: 'aeropress',
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 9 * DAY),
    })

    // One published keyword in the selection refuses moving any of them back to pending.
    expect(await rejectionOf(client.keyword.setStatus({ ids: [bare.id, live.id], status: 'pending' }))).toMatchObject({
      data: { reason: 'KEYWORD_PUBLISHED_STAYS' },
    })
    await expectAgreement(client, businessId, bare.id, 'scheduled')
    await expectAgreement(client, businessId, live.id, 'published')

    expect(await client.keyword.setStatus({ ids: [drafted.id, live.id, bare.id], status: 'archived' })).toEqual({
      updated: 3,
      articlesArchived: 2,
    })
    for (const id of [drafted.id, live.id, bare.id]) await expectAgreement(client, businessId, id, 'archived')
    expect((await client.article.get({ businessId, articleId: draft.id })).approvedAt).toBeNull()
  })

  it('the migration repairs keywords that drifted from their article before the rule', async () => {
    const { business } = await roaster()
    const businessId = business.id
    const at = new Date(Date.now() + 9 * DAY)
    const cases = [
      // [keyword status stored, article status or none, scheduledAt, status after]
      ['draft', 'approved', at, 'scheduled'],
      ['scheduled', 'held', at, 'draft'],
      ['archived', 'published', at, 'published'],
      ['draft', null, at, 'scheduled'],
      ['draft', null, null, 'pending'],
      ['pending', null, null, 'pending'],
    ] as const
    const ids: string[] = []
    for (const [n, [status, articleStatus, scheduledAt]] of cases.entries()) {
      const row = await insertKeyword(app, businessId, { keyword: `drifted ${n}`, status, scheduledAt })
      if (articleStatus)
        await insertArticle(app, businessId, { keywordId: row.id, title: `Drifted ${n}`, slug: `drifted-${n}`, status: articleStatus })
      ids.push(row.id)
    }
    const migration = await readFile(join(process.cwd(), 'drizzle/0024_keyword_status_follows_article.sql'), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) await app.db.execute(sql.raw(statement))
    const rows = await app.db.select({ id: keyword.id, status: keyword.status }).from(keyword).where(inArray(keyword.id, ids))
    const after = new Map(rows.map((row) => [row.id, row.status]))
    expect(ids.map((id) => after.get(id))).toEqual(cases.map((item) => item[3]))
  })
})
