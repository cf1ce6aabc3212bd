import { call, isProcedure, type AnyProcedure, type AnyRouter } from '@orpc/server'
import type { Subscription } from '@polar-sh/sdk/models/components/subscription'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiKeyFor } from '~tests/fixtures/api'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcContext } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { applySubscriptionEvent } from '~/server/billing/webhooks'
import { apikey, article, articleVersion, competitor, gscData, jobRun, plan, publishing } from '~/server/db/schema'
import type { ArticleContent } from '~/shared/articles/article'
import type { AccessClass, ProcedureMeta } from '~/server/rpc/procedures'
import { router } from './router'

/**
 * Every procedure of the app, with its access class. A procedure added to the router without a
 * line here fails the first test: whoever adds one decides who may call it.
 *
 * `attack` is the input another paying user sends to reach the victim's data (their business,
 * competitor, keyword or job ids); null where the procedure takes no id of anyone's (it works on
 * the caller's own account or current business only, which the last test checks by its answer).
 */
interface Victim {
  businessId: string
  competitorId: string
  keywordId: string
  articleId: string
  versionId: string
  jobId: string
  apiKeyId: string
}

const PLACEHOLDER_IDS: Victim = {
  businessId: 'b',
  competitorId: 'c',
  keywordId: 'k',
  articleId: 'a',
  versionId: 'v',
  jobId: 'j',
  apiKeyId: 'x',
}

const PROCEDURES: Record<string, { access: AccessClass; attack: ((victim: Victim) => unknown) | null }> = {
  'plan.getAll': { access: 'public', attack: null },
  'newsletter.add': { access: 'public', attack: null },
  'billing.checkout': { access: 'signed-in', attack: null },
  'billing.overview': { access: 'paid', attack: null },
  'billing.portal': { access: 'paid', attack: null },
  'business.list': { access: 'paid', attack: null },
  'business.get': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'business.select': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'business.allowance': { access: 'paid', attack: null },
  'business.delete': { access: 'business', attack: (v) => ({ businessId: v.businessId, confirmation: 'Victim Roasters' }) },
  'job.get': { access: 'paid', attack: (v) => ({ id: v.jobId }) },
  'job.watch': { access: 'paid', attack: (v) => ({ id: v.jobId }) },
  'job.cancel': { access: 'paid', attack: (v) => ({ id: v.jobId }) },
  'keyword.list': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'keyword.setStatus': { access: 'business', attack: (v) => ({ ids: [v.keywordId], status: 'archived' }) },
  'keyword.delete': { access: 'business', attack: (v) => ({ ids: [v.keywordId] }) },
  'keyword.restore': { access: 'business', attack: (v) => ({ ids: [v.keywordId] }) },
  'keyword.explain': { access: 'business', attack: (v) => ({ businessId: v.businessId, keywordId: v.keywordId }) },
  'keyword.add': { access: 'business', attack: (v) => ({ businessId: v.businessId, keywords: ['hijacked keyword'] }) },
  'keyword.exclude': { access: 'business', attack: (v) => ({ businessId: v.businessId, ids: [v.keywordId] }) },
  'keyword.reschedule': { access: 'business', attack: (v) => ({ businessId: v.businessId, keywordId: v.keywordId, date: '2099-01-01' }) },
  'keyword.setArticleType': { access: 'business', attack: (v) => ({ businessId: v.businessId, keywordId: v.keywordId, type: 'guide' }) },
  'research.exclusions': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'research.setNegativeKeywords': { access: 'business', attack: (v) => ({ businessId: v.businessId, negativeKeywords: ['x'] }) },
  'research.allowKeyword': { access: 'business', attack: (v) => ({ businessId: v.businessId, id: 'excluded1' }) },
  'research.start': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'research.status': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'research.cancel': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'article.generate': { access: 'business', attack: (v) => ({ businessId: v.businessId, keywordId: v.keywordId }) },
  'article.get': { access: 'business', attack: (v) => ({ businessId: v.businessId, articleId: v.articleId }) },
  'article.list': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'article.approve': { access: 'business', attack: (v) => ({ businessId: v.businessId, articleId: v.articleId }) },
  'article.regenerate': { access: 'business', attack: (v) => ({ businessId: v.businessId, articleId: v.articleId }) },
  'article.calendar': { access: 'business', attack: (v) => ({ businessId: v.businessId, month: '2026-11' }) },
  'article.preview': {
    access: 'business',
    attack: (v) => ({ businessId: v.businessId, articleId: v.articleId, markdown: '# Hijacked', metaTitle: 'x', metaDescription: 'x' }),
  },
  'article.save': {
    access: 'business',
    attack: (v) => ({
      businessId: v.businessId,
      articleId: v.articleId,
      markdown: '# Hijacked',
      metaTitle: 'x',
      metaDescription: 'x',
      revision: 1,
    }),
  },
  'article.archive': { access: 'business', attack: (v) => ({ businessId: v.businessId, articleId: v.articleId }) },
  'article.delete': { access: 'business', attack: (v) => ({ businessId: v.businessId, articleId: v.articleId }) },
  'article.version': {
    access: 'business',
    attack: (v) => ({ businessId: v.businessId, articleId: v.articleId, versionId: v.versionId }),
  },
  'article.restore': {
    access: 'business',
    attack: (v) => ({ businessId: v.businessId, articleId: v.articleId, versionId: v.versionId }),
  },
  'cluster.list': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'cluster.setPillar': { access: 'business', attack: (v) => ({ businessId: v.businessId, clusterId: 'cluster1', keywordId: v.keywordId }) },
  'cluster.moveKeyword': {
    access: 'business',
    attack: (v) => ({ businessId: v.businessId, clusterId: 'cluster1', keywordId: v.keywordId }),
  },
  'settings.get': { access: 'business', attack: null },
  'settings.updateProfile': { access: 'business', attack: null },
  'settings.updateArticleSettings': { access: 'business', attack: null },
  'settings.updateSeeds': { access: 'business', attack: null },
  'settings.updateSiteStructure': { access: 'business', attack: null },
  'settings.deriveVoice': { access: 'business', attack: null },
  'settings.updateVoice': { access: 'business', attack: null },
  'settings.notifications': { access: 'signed-in', attack: null },
  'settings.updateNotifications': { access: 'signed-in', attack: null },
  'setup.state': { access: 'paid', attack: null },
  'setup.businessState': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'setup.analyze': { access: 'paid', attack: null },
  'setup.analysisResult': { access: 'paid', attack: (v) => ({ jobId: v.jobId }) },
  // The caller's own last analysis failure: no input names anyone else's.
  'setup.analysisFailure': { access: 'paid', attack: null },
  'setup.saveBusiness': {
    access: 'paid',
    attack: (v) => ({ businessId: v.businessId, profile: { name: 'Taken over', url: 'https://taken.example', description: 'Mine now' } }),
  },
  'setup.competitors': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'setup.suggestCompetitors': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'setup.addCompetitor': { access: 'business', attack: (v) => ({ businessId: v.businessId, url: 'https://rival.example' }) },
  'setup.analyzeCompetitor': { access: 'business', attack: (v) => ({ businessId: v.businessId, competitorId: v.competitorId }) },
  'setup.removeCompetitor': { access: 'business', attack: (v) => ({ businessId: v.businessId, competitorId: v.competitorId }) },
  'setup.saveSiteStructure': {
    access: 'business',
    attack: (v) => ({
      businessId: v.businessId,
      structure: { sitemapUrl: 'https://x.example/sitemap.xml', blogUrl: 'https://x.example/blog', bestArticles: [] },
    }),
  },
  'setup.saveLanguageTone': {
    access: 'business',
    attack: (v) => ({ businessId: v.businessId, settings: { language: 'English', tone: 'Informative', keywordRegion: 'US' } }),
  },
  'setup.finish': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'history.list': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'history.retry': { access: 'business', attack: (v) => ({ businessId: v.businessId, jobId: v.jobId }) },
  'competitor.list': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'competitor.gap': { access: 'business', attack: (v) => ({ businessId: v.businessId, filters: [] }) },
  'article.publish': { access: 'business', attack: (v) => ({ businessId: v.businessId, articleId: v.articleId }) },
  'article.publications': { access: 'business', attack: (v) => ({ businessId: v.businessId, articleId: v.articleId }) },
  'integration.list': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'integration.connect': {
    access: 'business',
    attack: (v) => ({ businessId: v.businessId, type: 'webhook', config: { url: 'https://attacker.example/hook' }, secrets: {} }),
  },
  'integration.test': { access: 'business', attack: (v) => ({ businessId: v.businessId, type: 'webhook' }) },
  'integration.setEnabled': { access: 'business', attack: (v) => ({ businessId: v.businessId, type: 'webhook', enabled: false }) },
  'integration.remove': { access: 'business', attack: (v) => ({ businessId: v.businessId, type: 'webhook' }) },
  'integration.feed': { access: 'business', attack: (v) => ({ businessId: v.businessId, enabled: true }) },
  'gsc.properties': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'gsc.select': { access: 'business', attack: (v) => ({ businessId: v.businessId, siteUrl: 'sc-domain:victim.example' }) },
  'gsc.performance': { access: 'business', attack: (v) => ({ businessId: v.businessId, from: '2026-01-01', to: '2026-01-31' }) },
  'gsc.top': {
    access: 'business',
    attack: (v) => ({ businessId: v.businessId, from: '2026-01-01', to: '2026-01-31', dimension: 'query' }),
  },
  'gsc.opportunities': { access: 'business', attack: (v) => ({ businessId: v.businessId }) },
  'apiKey.list': { access: 'signed-in', attack: null },
  'apiKey.create': { access: 'paid', attack: null },
  'apiKey.revoke': { access: 'signed-in', attack: (v) => ({ id: v.apiKeyId }) },
}

/**
 * The attacks that name a business and, beside it, something under a business (an article, its
 * version, a keyword, a competitor, a job, a topic); plus the optional article of the Search
 * Console reports. Each must check that the second id is the named business's.
 */
const UNDER_BUSINESS: Record<string, (victim: Victim) => Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.entries(PROCEDURES).flatMap(([path, { attack }]) => {
      const input = attack?.({ ...PLACEHOLDER_IDS }) as Record<string, unknown> | undefined
      const nested = input && 'businessId' in input && Object.keys(input).some((key) => key !== 'businessId' && /Id$/.test(key))
      return nested ? [[path, (victim: Victim) => attack!(victim) as Record<string, unknown>]] : []
    }),
  ),
  'gsc.performance': (v) => ({ businessId: v.businessId, from: '2026-01-01', to: '2026-01-31', articleId: v.articleId }),
  'gsc.top': (v) => ({ businessId: v.businessId, from: '2026-01-01', to: '2026-01-31', dimension: 'query', articleId: v.articleId }),
}

/** Every procedure in the router, by dotted path. */
function proceduresOf(node: AnyRouter, prefix: string[] = []): [string, AnyProcedure][] {
  if (isProcedure(node)) return [[prefix.join('.'), node]]
  return Object.entries(node as Record<string, AnyRouter>).flatMap(([key, child]) => proceduresOf(child, [...prefix, key]))
}

const all = proceduresOf(router)
const accessOf = (procedure: AnyProcedure) => (procedure['~orpc'].meta as ProcedureMeta).access
const nonPublic = all.filter(([, procedure]) => accessOf(procedure) !== 'public')
const paid = all.filter(([, procedure]) => ['paid', 'business'].includes(accessOf(procedure) ?? ''))

let app: TestApp
let victim: Victim & { userId: string; cookie: string; businessName: string; keyword: string }

beforeAll(async () => {
  app = await createTestApp()
  const account = await app.signUp({ plan: 'Growth' })
  const owned = await insertBusiness(app, account.userId, { name: 'Victim Roasters' })
  const [rival] = await app.db.insert(competitor).values({ businessId: owned.id, url: 'https://victim-rival.example' }).returning()
  const row = await insertKeyword(app, owned.id, { keyword: 'victim secret keyword' })
  const [run] = await app.db
    .insert(jobRun)
    .values({
      id: crypto.randomUUID(),
      kind: 'business.analyze',
      userId: account.userId,
      businessId: owned.id,
      state: 'completed',
      result: { name: 'Victim Roasters' },
    })
    .returning()
  const written = await insertArticle(app, owned.id, {
    keywordId: row.id,
    keyword: row.keyword,
    title: 'Victim secret article',
    slug: 'victim-secret-article',
    status: 'draft',
    seoScore: 10,
  })
  await app.db.insert(publishing).values({ businessId: owned.id, type: 'webhook', config: { url: 'https://victim.example/hook' } })
  await app.db.insert(gscData).values({ businessId: owned.id, siteUrl: 'sc-domain:victim.example', syncedThrough: '2026-01-15' })
  const victimKey = await createApiKeyFor(app, account.cookie, { name: 'Victim key' })
  const [kept] = await app.db
    .insert(articleVersion)
    .values({ articleId: written.id, version: 1, reason: 'generated', content: articleContentOf(written), seoScore: written.seoScore })
    .returning()
  victim = {
    ...account,
    articleId: written.id,
    versionId: kept!.id,
    businessId: owned.id,
    businessName: 'Victim Roasters',
    competitorId: rival.id,
    keywordId: row.id,
    keyword: row.keyword,
    jobId: run.id,
    apiKeyId: victimKey.id,
  }
})
afterAll(() => app?.close())

/** The content columns of an article row, as a kept version stores them. */
function articleContentOf(row: typeof article.$inferSelect): ArticleContent {
  const { title, slug, metaTitle, metaDescription, outline, markdown, html, images, video, faq, jsonLd, citations } = row
  const { internalLinks, wordCount, seoChecks } = row
  return {
    title,
    slug,
    metaTitle,
    metaDescription,
    outline,
    markdown,
    html,
    images,
    video,
    faq,
    jsonLd,
    citations,
    internalLinks,
    wordCount,
    seoChecks,
  }
}

const run = (path: string, input: unknown, cookie?: string) => {
  const procedure = all.find(([name]) => name === path)![1]
  return call(procedure, input, { context: rpcContext(app, cookie) })
}

describe('access classes', () => {
  it('every procedure has exactly the class listed for it, and every listed one exists', () => {
    const actual = Object.fromEntries(all.map(([path, procedure]) => [path, accessOf(procedure) ?? 'unclassified']))
    const expected = Object.fromEntries(Object.entries(PROCEDURES).map(([path, entry]) => [path, entry.access]))
    expect(actual).toEqual(expected)
  })

  it.each(nonPublic.map(([path]) => path))('%s refuses a caller who is not signed in', async (path) => {
    const error = await rejectionOf(run(path, {}))
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401, data: { reason: 'AUTH_REQUIRED' } })
  })

  it.each(paid.map(([path]) => path))('%s refuses a signed-in user without a plan, sending them to /paywall', async (path) => {
    const unpaid = await app.signUp()
    const error = await rejectionOf(run(path, {}, unpaid.cookie))
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, data: { reason: 'PLAN_REQUIRED', redirectTo: '/paywall' } })
  })

  it('a revoked plan closes every paid procedure on the next call, even right after one that worked', async () => {
    const revoked = await app.signUp({ plan: 'Agency' })
    await insertBusiness(app, revoked.userId)
    expect(await run('business.list', undefined, revoked.cookie)).toHaveLength(1)
    const [agency] = await app.db.select().from(plan).where(eq(plan.name, 'Agency'))
    const subscription = { id: 'sub_revoked', status: 'canceled', productId: agency.productId, customer: { externalId: revoked.userId } }
    await applySubscriptionEvent(app.db, 'revoked', subscription as unknown as Subscription)
    for (const [path] of paid) {
      const error = await rejectionOf(run(path, {}, revoked.cookie))
      expect([path, error?.data?.reason]).toEqual([path, 'PLAN_REQUIRED'])
    }
  })
})

describe('another paying user', () => {
  let attacker: { userId: string; cookie: string }

  beforeAll(async () => {
    attacker = await app.signUp({ plan: 'Agency' })
    await insertBusiness(app, attacker.userId, { name: 'Attacker Ltd' })
  })

  const withIds = Object.entries(PROCEDURES).filter(([, entry]) => entry.attack)
  it.each(withIds.map(([path]) => path))('%s with the victim’s ids is NOT_FOUND and changes nothing', async (path) => {
    const error = await rejectionOf(run(path, PROCEDURES[path].attack!(victim), attacker.cookie))
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 })
    expect(JSON.stringify(error)).not.toContain(victim.businessName)
  })

  // Called without ids: they work on the caller's own account or current business.
  const readOnly = ['billing.overview', 'business.list', 'keyword.list', 'settings.get', 'setup.state']
  it.each(readOnly)('%s answers only the caller’s own data', async (path) => {
    expect(Object.keys(PROCEDURES)).toContain(path)
    const answer = JSON.stringify(await run(path, path === 'keyword.list' ? {} : undefined, attacker.cookie))
    expect(answer).toContain(path === 'billing.overview' ? 'Agency' : path === 'keyword.list' ? '"total":0' : 'Attacker Ltd')
    for (const secret of [victim.businessId, victim.businessName, victim.keyword, victim.userId]) expect(answer).not.toContain(secret)
  })

  // An id of something under a business (article, version, keyword, competitor, job) with a
  // business the caller does own: the row is not that business's, so NOT_FOUND, never an empty answer.
  const underBusiness = Object.entries(UNDER_BUSINESS)
  it.each(underBusiness.map(([path]) => path))(
    '%s with the caller’s own business and the victim’s other ids is NOT_FOUND',
    async (path) => {
      const own = (await run('business.list', undefined, attacker.cookie)) as { id: string }[]
      const error = await rejectionOf(run(path, { ...UNDER_BUSINESS[path]!(victim), businessId: own[0]!.id }, attacker.cookie))
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 })
      expect(JSON.stringify(error)).not.toContain(victim.businessName)
    },
  )

  it.each(underBusiness.map(([path]) => path))(
    '%s with the victim’s own ids under another business of theirs is NOT_FOUND',
    async (path) => {
      const other = await insertBusiness(app, victim.userId, { name: 'Victim Second Shop' })
      const error = await rejectionOf(run(path, { ...UNDER_BUSINESS[path]!(victim), businessId: other.id }, victim.cookie))
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 })
    },
  )

  it('the victim’s rows are untouched after every attempt', async () => {
    const own = await run('business.get', { businessId: victim.businessId }, victim.cookie)
    expect(own).toMatchObject({ id: victim.businessId, name: 'Victim Roasters', url: expect.stringContaining('example.com') })
    const keywords = (await run('keyword.list', {}, victim.cookie)) as { items: { id: string; status: string }[] }
    expect(keywords.items).toEqual([expect.objectContaining({ id: victim.keywordId, status: 'pending' })])
    const competitors = (await run('setup.competitors', { businessId: victim.businessId }, victim.cookie)) as { id: string }[]
    expect(competitors.map((row) => row.id)).toEqual([victim.competitorId])
    const [written] = await app.db.select().from(article).where(eq(article.id, victim.articleId))
    expect(written).toMatchObject({ status: 'draft', version: 1, title: 'Victim secret article' })
    const versions = await app.db.select().from(articleVersion).where(eq(articleVersion.articleId, victim.articleId))
    expect(versions.map((version) => [version.version, version.reason])).toEqual([[1, 'generated']])
    const targets = await app.db.select().from(publishing).where(eq(publishing.businessId, victim.businessId))
    expect(targets.map((target) => [target.type, target.enabled, target.config])).toEqual([
      ['webhook', true, { url: 'https://victim.example/hook' }],
    ])
    expect(await app.db.select().from(jobRun).where(eq(jobRun.kind, 'article.publish'))).toEqual([])
    const [searchConsole] = await app.db.select().from(gscData).where(eq(gscData.businessId, victim.businessId))
    expect(searchConsole).toMatchObject({ siteUrl: 'sc-domain:victim.example', syncedThrough: '2026-01-15', syncStatus: 'syncing' })
    expect(await app.db.select().from(jobRun).where(eq(jobRun.kind, 'gsc.sync'))).toEqual([])
    const keys = await app.db.select({ id: apikey.id, referenceId: apikey.referenceId }).from(apikey).where(eq(apikey.id, victim.apiKeyId))
    expect(keys).toEqual([{ id: victim.apiKeyId, referenceId: victim.userId }])
  })
})
