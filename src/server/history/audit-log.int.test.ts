import type { Subscription } from '@polar-sh/sdk/models/components/subscription'
import { and, eq, gt } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useMockServer } from '~tests/fixtures/mock-server'
import { usePublishingApp } from '~tests/fixtures/publishing-app'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import type { TestApp } from '~tests/fixtures/test-app'
import { createApiKey, revokeApiKey } from '~/server/api-keys/api-keys.service'
import { applySubscriptionEvent } from '~/server/billing/webhooks'
import { createBusiness } from '~/server/business/business.service'
import { deleteBusiness } from '~/server/business/delete-business'
import { article, articleVersion, historyEvent, plan, type HistoryEventRow } from '~/server/db/schema'
import { saveProperty } from '~/server/gsc/properties.service'
import { runGscSync } from '~/server/gsc/sync.service'
import { listHistory } from './history.service'
import { purgeExpired } from '~/server/maintenance/purge-expired'
import { ProviderError } from '~/server/providers/http'
import type { SearchConsoleClient } from '~/server/providers/gsc/client'
import { clearFaults, injectFault } from '~/server/demo-network/mock-faults'
import { wordpressHandlers, wordpressMock } from '~/server/publishing/connectors/wordpress/mock'
import {
  connectIntegration,
  removeIntegration,
  setFeed,
  testIntegration,
  type PublishingDeps,
} from '~/server/publishing/integrations.service'
import { runPublish } from '~/server/publishing/publish.service'
import { getSettings, updateArticleSettings, updateSeeds } from '~/server/settings/settings.service'

// The History audit log (docs/product/history.md): each kind of event writes exactly one row, when
// it happens, with the values of that moment; a later change of its subject leaves the row as it was.

const WP = 'https://93.184.215.24'
const WP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
useMockServer(...wordpressHandlers({ baseUrl: WP, username: 'editor', applicationPassword: WP_PASSWORD }))

const setup = usePublishingApp()
let app: TestApp
let deps: PublishingDeps
beforeAll(() => ({ app, deps } = setup))
beforeEach(() => {
  wordpressMock.reset()
  clearFaults()
})

/** The rows written since `since` for the user (their businesses' and their account's). */
async function rowsSince(userId: string, since: Date): Promise<HistoryEventRow[]> {
  return app.db
    .select()
    .from(historyEvent)
    .where(and(eq(historyEvent.userId, userId), gt(historyEvent.at, since)))
    .orderBy(historyEvent.at)
}

/** Runs `act` and answers the one row it wrote (failing when it wrote none or more). */
async function onlyRowOf(userId: string, act: () => Promise<unknown>) {
  const since = new Date(Date.now() - 1)
  await new Promise((resolve) => setTimeout(resolve, 2))
  await act()
  const rows = await rowsSince(userId, since)
  expect(rows.map((row) => `${row.kind}:${row.action}`)).toHaveLength(1)
  return rows[0]!
}

async function newOwner() {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId, { name: 'Acme Roasters' }))!
  return { ...owner, business, client: rpcClient(app, owner.cookie) }
}

const markdownOf = (title: string) => `# ${title}\n\nFreshly roasted beans pull sweeter shots.\n\n## Grind\n\nFine, for espresso.`

async function draftArticle(businessId: string, title = 'Best Espresso Beans') {
  const planned = (await insertKeyword(app, businessId, {
    keyword: 'best espresso beans',
    status: 'draft',
    scheduledAt: new Date(Date.now() + 5 * 86_400_000),
  }))!
  const row = await insertArticle(app, businessId, {
    keywordId: planned.id,
    title,
    slug: 'best-espresso-beans',
    status: 'draft',
    seoScore: 82,
    markdown: markdownOf(title),
    html: '<p>Freshly roasted beans pull sweeter shots.</p>',
  })
  // Its first version, as writing it would have kept it.
  const { title: kept, slug, metaTitle, metaDescription, outline, markdown, html, images, video, faq, jsonLd, citations } = row
  const content = { title: kept, slug, metaTitle, metaDescription, outline, markdown, html, images, video, faq, jsonLd, citations }
  await app.db.insert(articleVersion).values({
    articleId: row.id,
    version: 1,
    reason: 'generated',
    content: { ...content, internalLinks: [], wordCount: 6, seoChecks: [] },
    seoScore: 82,
  })
  return row
}

describe('article events', () => {
  it('approve, edit, reschedule, restore, archive and delete each write one row with the article as it was then', async () => {
    const { userId, business, client } = await newOwner()
    const written = await draftArticle(business.id)
    const businessId = business.id

    const approved = await onlyRowOf(userId, () => client.article.approve({ businessId, articleId: written.id }))
    expect(approved).toMatchObject({
      kind: 'article',
      action: 'approved',
      status: 'succeeded',
      businessId,
      articleId: written.id,
      keyword: 'best espresso beans',
      title: 'Best Espresso Beans',
      score: 82,
      articleStatus: 'approved',
    })

    const [current] = await app.db.select().from(article).where(eq(article.id, written.id))
    const edited = await onlyRowOf(userId, () =>
      client.article.save({
        businessId,
        articleId: written.id,
        markdown: markdownOf('Espresso Beans, Tasted'),
        metaTitle: 'Espresso beans',
        metaDescription: 'What we pull shots with.',
        revision: current!.revision,
      }),
    )
    const [afterEdit] = await app.db.select().from(article).where(eq(article.id, written.id))
    expect(edited).toMatchObject({ action: 'edited', title: 'Espresso Beans, Tasted', score: afterEdit!.seoScore })
    // The approval still says what the article was called and scored when it was approved.
    const [approvedLater] = await app.db.select().from(historyEvent).where(eq(historyEvent.id, approved.id))
    expect(approvedLater).toMatchObject({ title: 'Best Espresso Beans', score: 82, articleStatus: 'approved' })

    // A second save within the editing session amends the session's row, never adds one.
    const session = await rowsSince(userId, new Date(Date.now() - 1))
    await client.article.save({
      businessId,
      articleId: written.id,
      markdown: markdownOf('Espresso Beans, Tasted Twice'),
      metaTitle: 'Espresso beans',
      metaDescription: 'What we pull shots with.',
      revision: afterEdit!.revision,
    })
    expect(await rowsSince(userId, new Date(Date.now() - 1))).toEqual(session)
    const [amended] = await app.db.select().from(historyEvent).where(eq(historyEvent.id, edited.id))
    expect(amended).toMatchObject({ action: 'edited', title: 'Espresso Beans, Tasted Twice' })

    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
    const moved = await onlyRowOf(userId, () => client.keyword.reschedule({ businessId, keywordId: written.keywordId!, date: day }))
    expect(moved).toMatchObject({ action: 'rescheduled', articleId: written.id, title: 'Espresso Beans, Tasted Twice' })
    expect(moved.detail).toMatchObject({ to: `${day}T09:00:00.000Z` })

    const { versions } = await client.article.get({ businessId, articleId: written.id })
    const first = versions.at(-1)!
    const restored = await onlyRowOf(userId, () => client.article.restore({ businessId, articleId: written.id, versionId: first.id }))
    expect(restored).toMatchObject({ action: 'restored', detail: { version: first.version } })

    const archived = await onlyRowOf(userId, () => client.article.archive({ businessId, articleId: written.id }))
    expect(archived).toMatchObject({ action: 'archived', articleStatus: 'archived' })

    const deleted = await onlyRowOf(userId, () => client.article.delete({ businessId, articleId: written.id }))
    expect(deleted).toMatchObject({ action: 'deleted', articleId: written.id, articleStatus: 'archived' })

    // The timeline lists them all, newest first; the deleted article's entries link nowhere.
    const { items } = await client.history.list({ businessId, kinds: ['article'] })
    expect(items.map((entry) => entry.title)).toEqual([
      `Article deleted: ${deleted.title}`,
      `Article archived: ${archived.title}`,
      `Version ${first.version} restored: ${restored.title}`,
      'Planned day moved: Espresso Beans, Tasted Twice',
      'Article edited: Espresso Beans, Tasted Twice',
      'Article approved: Best Espresso Beans',
    ])
    expect(items.every((entry) => entry.link === null || entry.link.href === '/keywords')).toBe(true)
    expect(items.at(-1)!.description).toBe('For “best espresso beans” · SEO score 82 · Approved')
  })
})

describe('publishing and connector events', () => {
  it('published, updated, unpublished and refused per target, and the connection connected, broken, working again and removed', async () => {
    const { userId, business } = await newOwner()
    const businessId = business.id
    const written = await draftArticle(businessId, 'Cold Brew Ratio')
    await app.db.update(article).set({ status: 'approved' }).where(eq(article.id, written.id))

    const connected = await onlyRowOf(userId, () =>
      connectIntegration(
        app.db,
        businessId,
        { type: 'wordpress', config: { siteUrl: WP, username: 'editor' }, secrets: { applicationPassword: WP_PASSWORD } },
        deps,
      ),
    )
    expect(connected).toMatchObject({ kind: 'integration', action: 'connected', detail: { target: 'wordpress' } })

    const publish = () =>
      runPublish(app.db, { businessId, articleId: written.id, action: 'publish' }, { ...deps, dataDir: app.env.DATA_DIR })
    const published = await onlyRowOf(userId, publish)
    expect(published).toMatchObject({
      kind: 'publish',
      action: 'published',
      status: 'succeeded',
      articleId: written.id,
      title: 'Cold Brew Ratio',
      detail: { target: 'wordpress' },
    })

    await app.db
      .update(article)
      .set({ title: 'Cold Brew Ratio, Revised', revision: written.revision + 1 })
      .where(eq(article.id, written.id))
    const updated = await onlyRowOf(userId, publish)
    expect(updated).toMatchObject({ action: 'updated', title: 'Cold Brew Ratio, Revised' })
    const [publishedLater] = await app.db.select().from(historyEvent).where(eq(historyEvent.id, published.id))
    expect(publishedLater!.title).toBe('Cold Brew Ratio')

    const unpublished = await onlyRowOf(userId, () =>
      runPublish(app.db, { businessId, articleId: written.id, action: 'unpublish' }, { ...deps, dataDir: app.env.DATA_DIR }),
    )
    expect(unpublished).toMatchObject({ action: 'unpublished', detail: { target: 'wordpress' } })

    // The password stops working: the target refuses the article and the connection breaks, once each.
    injectFault('wordpress', {
      kind: 'status',
      status: 401,
      times: 10,
      body: { code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } },
    })
    const since = new Date()
    await publish()
    const failures = (await rowsSince(userId, since)).sort((a, b) => a.kind.localeCompare(b.kind))
    expect(failures.map((row) => [row.kind, row.action, row.status])).toEqual([
      ['integration', 'broken', 'failed'],
      ['publish', 'failed', 'failed'],
    ])
    expect(failures[1]).toMatchObject({ title: 'Cold Brew Ratio, Revised', error: expect.stringContaining('password') })
    clearFaults()

    const working = await onlyRowOf(userId, () => testIntegration(app.db, businessId, 'wordpress', deps))
    expect(working).toMatchObject({ kind: 'integration', action: 'reconnected', status: 'succeeded' })

    const removed = await onlyRowOf(userId, () => removeIntegration(app.db, businessId, 'wordpress'))
    expect(removed).toMatchObject({ kind: 'integration', action: 'removed', detail: { target: 'wordpress' } })
    const feed = await onlyRowOf(userId, () => setFeed(app.db, businessId, true, deps))
    expect(feed).toMatchObject({ kind: 'integration', action: 'connected', detail: { target: 'feed' } })

    // Another customer asking for this business's History is answered NOT_FOUND.
    expect(await rejectionOf(rpcClient(app, setup.owner.cookie).history.list({ businessId }))).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('Search Console events', () => {
  it('connected, synced and access refused, each with the property', async () => {
    const { userId, business } = await newOwner()
    const site = { siteUrl: 'sc-domain:acme-roasters.example', permissionLevel: 'siteOwner' as const }
    const connected = await onlyRowOf(userId, () => saveProperty(app.db, business.id, site))
    expect(connected).toMatchObject({ kind: 'search-console', action: 'connected', title: site.siteUrl, businessId: business.id })

    const rows = [
      {
        keys: ['2026-03-01', 'espresso beans', 'https://acme-roasters.example/beans'],
        clicks: 3,
        impressions: 40,
        ctr: 0.075,
        position: 6,
      },
    ]
    const working = { searchAnalytics: () => Promise.resolve(rows) } as unknown as SearchConsoleClient
    const synced = await onlyRowOf(userId, () =>
      runGscSync(app.db, business.id, { client: working, now: new Date('2026-03-05T12:00:00Z') }),
    )
    expect(synced).toMatchObject({ action: 'synced', status: 'succeeded', title: site.siteUrl })
    expect(Number((synced.detail as { rows: number }).rows)).toBeGreaterThan(0)

    const refusing = {
      searchAnalytics: () => Promise.reject(new ProviderError({ provider: 'Search Console', kind: 'auth', message: 'invalid_grant' })),
    } as unknown as SearchConsoleClient
    const revoked = await onlyRowOf(userId, () =>
      runGscSync(app.db, business.id, { client: refusing, now: new Date('2026-04-20T12:00:00Z') }),
    )
    expect(revoked).toMatchObject({ action: 'revoked', status: 'failed', error: expect.any(String) })
  })
})

describe('account and settings events', () => {
  it('settings per section, a business added and deleted, API keys and plan changes', async () => {
    const { userId, email, business } = await newOwner()

    const seeds = await onlyRowOf(userId, () => updateSeeds(app.db, userId, business.id, ['espresso beans']))
    expect(seeds).toMatchObject({ kind: 'settings', action: 'changed', title: 'Acme Roasters', detail: { section: 'seeds' } })
    const settings = await getSettings(app.db, userId, business.id)
    const articles = await onlyRowOf(userId, () => updateArticleSettings(app.db, userId, business.id, settings.articleSettings))
    expect(articles.detail).toEqual({ section: 'articles' })

    const values = {
      name: 'Second Roastery',
      url: 'https://second-roastery.example',
      description: 'Coffee',
      industry: 'Coffee',
      businessModel: 'B2C',
      valueProposition: 'Fresh',
      targetAudiences: [],
      services: [],
      primaryServices: [],
      coreProducts: [],
      customerProblems: [],
      competitiveAdvantages: [],
      targetOutcomes: [],
      seeds: [],
    }
    let second: Awaited<ReturnType<typeof createBusiness>> | undefined
    const added = await onlyRowOf(userId, async () => (second = await createBusiness(app.db, userId, values)))
    expect(added).toMatchObject({ kind: 'business', action: 'added', businessId: second!.id, title: 'Second Roastery' })
    const deleted = await onlyRowOf(userId, () =>
      deleteBusiness(app.db, { id: userId, email }, second!, 'Second Roastery', app.env.DATA_DIR),
    )
    // An account's event: kept after its business is gone, shown in the owner's other businesses.
    expect(deleted).toMatchObject({ kind: 'business', action: 'deleted', businessId: null, title: 'Second Roastery' })
    const [addedLater] = await app.db.select().from(historyEvent).where(eq(historyEvent.id, added.id))
    expect(addedLater).toBeUndefined()

    let keyId = ''
    const created = await onlyRowOf(userId, async () => {
      keyId = (await createApiKey(app.db, { id: userId, email }, { name: 'Zapier', scopes: ['read'], expiresInDays: null })).apiKey.id
    })
    expect(created).toMatchObject({ kind: 'api-key', action: 'created', businessId: null, title: 'Zapier' })
    const revoked = await onlyRowOf(userId, () => revokeApiKey(app.db, userId, keyId))
    expect(revoked).toMatchObject({ kind: 'api-key', action: 'revoked', title: 'Zapier' })

    const [agency] = await app.db.select().from(plan).where(eq(plan.name, 'Agency'))
    const subscription = (status: string) =>
      ({ id: `sub_${userId}`, status, productId: agency!.productId, customer: { externalId: userId } }) as unknown as Subscription
    const changed = await onlyRowOf(userId, () => applySubscriptionEvent(app.db, 'updated', subscription('active')))
    expect(changed).toMatchObject({ kind: 'billing', action: 'plan-changed', detail: { from: 'Growth', to: 'Agency' } })
    const ended = await onlyRowOf(userId, () => applySubscriptionEvent(app.db, 'revoked', subscription('canceled')))
    expect(ended.detail).toEqual({ from: 'Agency', to: null })
    // The same event again changes nothing and writes nothing.
    const since = new Date()
    await applySubscriptionEvent(app.db, 'revoked', subscription('canceled'))
    expect(await rowsSince(userId, since)).toEqual([])

    // Without a plan the screen is behind the paywall; the list itself still has both.
    const { items } = await listHistory(app.db, { businessId: business.id, userId }, { page: 1, perPage: 20, kinds: ['billing'] })
    expect(items.map((entry) => entry.title)).toEqual(['Plan ended: Agency', 'Plan changed: Growth → Agency'])
  })
})

describe('who sees what, and for how long', () => {
  it('another user’s History never shows these rows; rows older than the retention are purged', async () => {
    const first = await newOwner()
    const other = await newOwner()
    await updateSeeds(app.db, first.userId, first.business.id, ['espresso'])
    await createApiKey(app.db, { id: first.userId, email: first.email }, { name: 'Mine', scopes: ['read'], expiresInDays: null })
    expect((await first.client.history.list({ businessId: first.business.id })).total).toBe(2)
    expect((await other.client.history.list({ businessId: other.business.id })).items).toEqual([])

    const old = new Date(Date.now() - 14 * 31 * 86_400_000)
    const recent = new Date(Date.now() - 12 * 30 * 86_400_000)
    await app.db
      .update(historyEvent)
      .set({ at: old })
      .where(and(eq(historyEvent.userId, first.userId), eq(historyEvent.kind, 'settings')))
    await app.db
      .update(historyEvent)
      .set({ at: recent })
      .where(and(eq(historyEvent.userId, first.userId), eq(historyEvent.kind, 'api-key')))
    const purged = await purgeExpired(app.db)
    expect(purged.historyEvents).toBeGreaterThanOrEqual(1)
    const left = await app.db.select().from(historyEvent).where(eq(historyEvent.userId, first.userId))
    expect(left.map((row) => row.kind)).toEqual(['api-key'])
  })
})
