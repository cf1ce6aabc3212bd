import { asc, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { article, articleVersion, business, historyEvent, jobRun, keyword, publication, publishing } from '~/server/db/schema'
import { billingOverview } from '~/server/billing/billing.service'
import { billingPeriodOf } from '~/server/billing/usage'
import { listHistory } from '~/server/history/history.service'
import { WORDPRESS_NAMESPACES, wordpressHandlers, wordpressMock } from '~/server/publishing/connectors/wordpress/mock'
import { appConnectorFetch } from '~/server/publishing/connector-fetch'
import { connectorClient } from '~/server/publishing/connectors'
import { encryptionKeys } from '~/server/publishing/crypto'
import { DEMO_CMS_PASSWORD, DEMO_CMS_SEO_PLUGIN, DEMO_CMS_USER, demoCmsUrl } from '~/server/providers/demo-cms'
import { wordpressSeoSummary } from '~/shared/integrations'
import { connectDemoCms, demoPublishedArticle, publishDemoArticles } from './demo-publishing'
import type { Providers } from '~/server/providers'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { imagesHandlers } from '~/server/demo-network/images/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { demoWebResponse, demoWebUrl, withDemoWeb } from '~/server/demo-network/web/demo-web'
import { youtubeHandlers } from '~/server/demo-network/youtube/mock'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { articleProviders } from '~tests/fixtures/article-providers'
import { DEMO_FAILED_REWRITE_INSTRUCTION, writeDemoArticles } from './demo-articles'
import { recreateDemoAccount } from './demo-account'
import { DEMO_VOICE } from './demo-voice'
import { findBanned } from '~/server/articles/banned-phrases'
import { DEMO_FIRST_KEYWORD, replayDemoResearch } from './demo-research'
import { containsKeyword } from '~/shared/articles/keyword-rule'
import { splitSentences } from '~/shared/articles/readability'
import { KEYWORD_STATUS_OF_ARTICLE } from '~/shared/keyword-status'

// Demo mode's providers: the mocks, with search results linking to the demo web. The test replays
// two research runs and writes some thirty articles, as a start does: it gets two minutes.
const network = setupServer(
  ...wordpressHandlers({
    baseUrl: demoCmsUrl(TEST_APP_URL),
    username: DEMO_CMS_USER,
    applicationPassword: DEMO_CMS_PASSWORD,
    namespaces: [...WORDPRESS_NAMESPACES, ...DEMO_CMS_SEO_PLUGIN.namespaces],
    registeredMeta: DEMO_CMS_SEO_PLUGIN.registeredMeta,
  }),
  ...llmHandlers(),
  ...dataforseoHandlers({ resultUrl: (host, path) => demoWebUrl(TEST_APP_URL, host, path) }),
  ...embeddingsHandlers(),
  ...imagesHandlers(),
  ...youtubeHandlers(),
)
let app: TestApp
let providers: Providers
let cleanup: () => Promise<void>
beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  // Only the demo web answers: any other address would be a page the demo cannot have.
  const fetch = withDemoWeb(async (url) => {
    throw new Error(`fetched outside the demo web: ${url}`)
  }, TEST_APP_URL)
  ;({ providers, cleanup } = await articleProviders(app, fetch))
})
afterAll(async () => {
  await app?.close()
  network.close()
  await cleanup?.()
})

const NOW = new Date('2026-11-25T10:00:00Z')
const collapse = (text: string) => text.replace(/\s+/g, ' ')

/** The sentences of an article's prose (paragraphs and list items), normalised; headings, images, embeds and buttons left out. */
function proseSentences(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => line.trim().replace(/^[-*]\s+/, ''))
    .filter((line) => line && !/^(?:#|!\[|<|\[[^\]]*\]\([^)]*\)$)/.test(line))
    .flatMap((line) => splitSentences(line.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')))
    .map((sentence) =>
      sentence
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    )
    .filter((sentence) => sentence.split(' ').length >= 4)
}

describe('the demo account’s articles', () => {
  it('are written by the article pipeline for every day passed or within the lead time, aged like the plan, citing pages that open', async () => {
    const demo = await recreateDemoAccount(app.db, app.env, NOW)
    await replayDemoResearch(app.db, providers, demo.businessId, NOW)
    const written = await writeDemoArticles(app.db, providers, demo.businessId, NOW)

    const keywords = await app.db.select().from(keyword).where(eq(keyword.businessId, demo.businessId)).orderBy(asc(keyword.scheduledAt))
    const articles = await app.db.select().from(article).where(eq(article.businessId, demo.businessId))
    const due = keywords.filter((row) => row.scheduledAt!.getTime() - NOW.getTime() <= 3 * 24 * 3600 * 1000)
    expect(written).toBe(due.length)
    expect(articles).toHaveLength(due.length)
    // Nothing beyond the lead time was written ahead.
    for (const row of keywords.filter((item) => !due.includes(item))) expect(row.status, row.keyword).toBe('scheduled')

    // The demo business's brand voice: none of its banned phrases in any article (docs/product/pipeline.md §4).
    for (const item of articles) {
      const text = JSON.stringify([item.title, item.metaTitle, item.metaDescription, item.markdown, item.faq, item.jsonLd])
      expect(findBanned(text, DEMO_VOICE.bannedPhrases), item.keyword).toEqual([])
    }
    const byKeyword = new Map(articles.map((item) => [item.keywordId, item]))
    for (const row of due) {
      const written = byKeyword.get(row.id)!
      expect(written, row.keyword).toBeDefined()
      expect(written.createdAt.getTime(), row.keyword).toBeLessThan(row.scheduledAt!.getTime())
      // Its keyword shows the article's state (src/shared/keyword-status.ts): held or draft is a
      // draft, approved is scheduled.
      expect(row.status, row.keyword).toBe(KEYWORD_STATUS_OF_ARTICLE[written.status])
      if (written.status === 'held') continue
      if (row.scheduledAt! <= NOW) {
        expect(['published', 'archived'], row.keyword).toContain(written.status)
        if (written.status === 'published') expect(written.publishedAt, row.keyword).toEqual(row.scheduledAt)
      } else {
        expect(['draft', 'approved'], row.keyword).toContain(written.status)
      }
    }
    // The first, from its owner's own keyword, has been live for over five months.
    const first = articles.find((item) => item.keyword === DEMO_FIRST_KEYWORD)!
    expect(first).toMatchObject({ status: 'published', version: 1 })
    expect(NOW.getTime() - first.publishedAt!.getTime()).toBeGreaterThan(160 * 24 * 3600 * 1000)
    // The billing card counts the articles written this month, each once: not the first, written
    // months ago, nor those written last month ahead of this month's first days.
    const thisMonth = articles.filter((item) => billingPeriodOf(item.createdAt) === billingPeriodOf(NOW)).length
    expect(thisMonth).toBeLessThan(articles.length)
    expect(thisMonth).toBeGreaterThan(0)
    const card = await billingOverview(app.db, demo.userId, NOW)
    expect(card).toMatchObject({ plan: { name: 'Growth' }, articlesIncluded: 30, articlesUsed: thisMonth })
    expect(card.overArticles).toBe(Math.max(0, thisMonth - 30))
    // Articles of the length competitors sell: the median demo article has 1,200 words or more.
    const lengths = articles.map((item) => item.markdown.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length).sort((a, b) => a - b)
    expect(lengths[Math.floor(lengths.length / 2)]).toBeGreaterThanOrEqual(1200)
    // At least four article types over the demo's articles, each written in its type's structure
    // (docs/product/pipeline.md, "Article types"), and its keyword showing the type it was written as.
    const types = new Map<string, number>()
    for (const item of articles) types.set(item.type, (types.get(item.type) ?? 0) + 1)
    expect(types.size, JSON.stringify(Object.fromEntries(types))).toBeGreaterThanOrEqual(4)
    for (const item of articles) {
      const structure = item.seoChecks.find((check) => check.id === 'articleType')
      expect(structure?.passed, `${item.type}: ${item.keyword}: ${structure?.detail}`).toBe(true)
      expect(keywords.find((row) => row.id === item.keywordId)?.articleType, item.keyword).toBe(item.type)
    }
    const statuses = new Set(articles.map((item) => item.status))
    for (const status of ['published', 'archived', 'draft', 'approved']) expect(statuses, status).toContain(status)
    // Every article is written to pass the score's substance checks: no sentence told twice, the
    // keyword (or the variant the shared rule accepts) in its title and H1, and a score at or above
    // the business's floor, so none is held.
    const [floor] = await app.db.select({ value: business.seoScoreFloor }).from(business).where(eq(business.id, demo.businessId))
    for (const item of articles) {
      const sentences = proseSentences(item.markdown)
      expect(
        sentences.filter((sentence, index) => sentences.indexOf(sentence) !== index),
        item.keyword,
      ).toEqual([])
      expect(containsKeyword(item.title, item.keyword), item.title).toBe(true)
      expect(containsKeyword(/^# (.+)$/m.exec(item.markdown)?.[1] ?? '', item.keyword), item.keyword).toBe(true)
      expect(
        item.seoScore,
        `${item.keyword}: ${item.seoChecks
          .filter((check) => !check.passed)
          .map((check) => check.hint)
          .join(' ')}`,
      ).toBeGreaterThanOrEqual(floor.value)
      expect(item.status, item.keyword).not.toBe('held')
    }
    expect(articles.filter((item) => item.status === 'approved')).toHaveLength(1)
    // Its owner edited the approved one before approving it: a version to compare, saved by the editor's path.
    const approved = articles.find((item) => item.status === 'approved')!
    expect(approved.version).toBe(2)
    expect(approved.markdown).toContain(
      '*A note from Acme Roasters: Roast date on every bag; free brew-guide support by email; direct trade with four farms.*',
    )
    const versions = await app.db
      .select()
      .from(articleVersion)
      .where(eq(articleVersion.articleId, approved.id))
      .orderBy(asc(articleVersion.version))
    expect(versions.map((version) => version.reason)).toEqual(['generated', 'edited'])
    expect(versions[0]!.content.markdown).not.toContain('A note from')

    // Grounded in the demo web: every citation is a demo web page that holds the quoted passage.
    const cited = articles.flatMap((item) => item.citations)
    for (const item of articles) expect(item.citations.length, item.keyword).toBeGreaterThan(0)
    for (const citation of cited) {
      expect(citation.url.startsWith(`${TEST_APP_URL}/demo/web/`), citation.url).toBe(true)
      const response = demoWebResponse(new Request(citation.url), { simulated: true })
      expect(response.status, citation.url).toBe(200)
      expect(collapse(await response.text()), citation.url).toContain(collapse(citation.passage))
    }
    // The demo writer's quotations are its sources' own words: found on their page, none removed, and
    // shown ("1 quote checked") in at most one section in three.
    for (const item of articles) expect(item.factCheck?.quotes.removed, item.keyword).toEqual([])
    const quoting = articles.filter((item) => (item.factCheck?.quotes.found.length ?? 0) > 0)
    expect(quoting.length).toBeGreaterThan(0)
    for (const item of articles)
      expect(item.factCheck?.quotes.found.length ?? 0, item.keyword).toBeLessThanOrEqual(
        Math.ceil((item.markdown.match(/^#{2,3} /gm)?.length ?? 0) / 3),
      )
    // Later articles link to the ones published before them, never to an unpublished one.
    const publishedSlugs = new Set(articles.filter((item) => item.status === 'published').map((item) => item.slug))
    const linked = articles.flatMap((item) => item.internalLinks).filter((link) => link.kind === 'article')
    expect(linked.length).toBeGreaterThan(0)
    for (const link of linked) expect(publishedSlugs, link.url).toContain(link.url.split('/').at(-1))

    // The approved one's rewrite failed today, as the jobs module leaves a generation after its
    // last attempt: History lists it with the AI service's reason and a Retry; the article is as edited.
    const jobs = await app.db.select().from(jobRun).where(eq(jobRun.businessId, demo.businessId))
    expect(jobs).toHaveLength(1)
    const [failed] = jobs
    const rewritten = articles.find((item) => item.keywordId === (failed!.input as { keywordId: string }).keywordId)!
    expect(rewritten.id).toBe(approved.id)
    expect(failed).toMatchObject({
      kind: 'article.generate',
      state: 'failed',
      attempts: 3,
      singletonKey: `article:${rewritten.keywordId}`,
      input: { businessId: demo.businessId, keywordId: rewritten.keywordId, instruction: DEMO_FAILED_REWRITE_INSTRUCTION },
    })
    expect(failed!.createdAt.getTime()).toBeGreaterThan(versions[1]!.createdAt.getTime())
    expect(failed!.finishedAt!.getTime()).toBeLessThan(rewritten.approvedAt!.getTime())
    const history = await listHistory(
      app.db,
      { businessId: demo.businessId, userId: demo.userId },
      { page: 1, perPage: 100, statuses: ['failed'] },
    )
    expect(history.items).toEqual([
      expect.objectContaining({
        kind: 'article',
        status: 'failed',
        title: `Writing the article for “${rewritten.keyword}” failed`,
        description: `With the instruction: ${DEMO_FAILED_REWRITE_INSTRUCTION}`,
        error: 'AI writing is limiting how fast we can call it (HTTP 429). Try again in a few minutes.',
        retryJobId: failed!.id,
        retriedStatus: null,
        link: expect.objectContaining({ href: `/content/${rewritten.id}` }),
      }),
    ])
    // Published to the stand-in WordPress by the publishing job's code: each live there, at an
    // address the app serves; nothing else is.
    const deps = { keys: encryptionKeys(app.env), fetchFor: appConnectorFetch, connector: connectorClient, dataDir: app.env.DATA_DIR }
    await connectDemoCms(app.db, demo.businessId, { APP_URL: TEST_APP_URL }, deps)
    const posted = await publishDemoArticles(app.db, demo.businessId, deps)
    expect(posted).toBe(publishedSlugs.size)
    expect(wordpressMock.posts.map((post) => post.slug).sort()).toEqual([...publishedSlugs].sort())
    // Tested first, as a user would: the stand-in site's Yoast SEO is found and fed.
    const [connection] = await app.db.select().from(publishing).where(eq(publishing.businessId, demo.businessId))
    expect(wordpressSeoSummary(connection!.config as Record<string, string>)).toBe(
      'SEO plugin: Yoast SEO: SEO title, meta description and focus keyword sent.',
    )
    for (const post of wordpressMock.posts) {
      const item = articles.find((candidate) => candidate.slug === post.slug)!
      expect(post.meta, post.slug).toEqual({
        _yoast_wpseo_title: item.metaTitle,
        _yoast_wpseo_metadesc: item.metaDescription,
        _yoast_wpseo_focuskw: item.keyword,
      })
    }
    const publications = await app.db.select().from(publication).where(eq(publication.businessId, demo.businessId))
    const byArticle = new Map(articles.map((item) => [item.id, item]))
    for (const where of publications) {
      const item = byArticle.get(where.articleId)!
      expect(where, item.slug).toMatchObject({
        status: 'published',
        url: `${TEST_APP_URL}/demo/cms/${item.slug}/`,
        lastSyncedAt: item.publishedAt,
      })
      expect((await demoPublishedArticle(app.db, item.slug))?.title).toBe(item.title)
    }
    const unpublished = articles.find((item) => item.status === 'approved')!
    expect(await demoPublishedArticle(app.db, unpublished.slug)).toBeNull()

    // Its History tells all of that as it happened (docs/product/history.md): many kinds, each
    // article written on the day it was, each published one on the day it went live.
    const events = await app.db.select().from(historyEvent).where(eq(historyEvent.userId, demo.userId))
    expect(new Set(events.map((event) => event.kind))).toEqual(
      new Set(['research', 'article', 'publish', 'integration', 'settings', 'business', 'billing']),
    )
    for (const item of articles) {
      const writtenEvents = events.filter((event) => event.articleId === item.id && event.action === 'written')
      expect(
        writtenEvents.map((event) => event.at),
        item.slug,
      ).toEqual([item.createdAt])
      if (item.status === 'published') {
        const live = events.filter((event) => event.articleId === item.id && event.kind === 'publish')
        expect(
          live.map((event) => [event.action, event.at]),
          item.slug,
        ).toEqual([['published', item.publishedAt]])
      }
    }
    // The oldest entries: the owner chose the plan, then added the business, before anything was written.
    const account = await listHistory(
      app.db,
      { businessId: demo.businessId, userId: demo.userId },
      { page: 1, perPage: 100, kinds: ['business', 'billing'] },
    )
    const oldest = { items: account.items.slice(-2) }
    expect(oldest.items.map((entry) => entry.title)).toEqual(['Business added: Acme Roasters', 'Plan started: Growth'])
  }, 120_000)
})
