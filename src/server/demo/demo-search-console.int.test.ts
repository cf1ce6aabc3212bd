import { and, count, eq, max, min } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertArticle, rpcClient } from '~tests/fixtures/rpc'
import { useMockServer } from '~tests/fixtures/mock-server'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { oauthTokenKey } from '~/server/auth/tokens-at-rest'
import { account, business, gscData, gscSearchAnalytics } from '~/server/db/schema'
import { addDays, addMonths, isoDay, LAG_DAYS } from '~/server/gsc/dates'
import { googleHandlers } from '~/server/demo-network/google/mock'
import { gscHandlers, setDemoSiteDirectory } from '~/server/demo-network/gsc/mock'
import { DEMO_BUSINESS } from '~/server/providers/demo-business'
import { demoPassword, recreateDemoAccount } from './demo-account'
import { DEMO_FIRST_KEYWORD } from './demo-research'
import { articleAddress, demoSiteDirectory, linkDemoGoogle, syncDemoSearchConsole } from './demo-search-console'
import { DEMO_EMAIL } from '~/shared/demo-account'

useMockServer(...googleHandlers(), ...gscHandlers())

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
  setDemoSiteDirectory(demoSiteDirectory(app.db))
})
afterAll(async () => {
  setDemoSiteDirectory(null)
  await app?.close()
})

const today = isoDay(new Date())
/**
 * The demo's articles went live this month and last (its plan starts on the 20th of last month),
 * and its first, from a keyword its owner added by hand, about five and a half months ago.
 */
const FIRST = { slug: 'how-to-store-coffee-beans', keyword: DEMO_FIRST_KEYWORD, daysAgo: 168 }
const ARTICLES = [
  FIRST,
  { slug: 'best-coffee-beans-for-espresso', keyword: 'best coffee beans for espresso', daysAgo: 24 },
  { slug: 'pour-over-coffee-ratio', keyword: 'pour over coffee ratio', daysAgo: 10 },
  { slug: 'cold-brew-coffee-at-home', keyword: 'cold brew coffee at home', daysAgo: 17 },
  { slug: 'single-origin-vs-blend', keyword: 'single origin vs blend', daysAgo: 5 },
]

describe('the demo account’s Search Console', () => {
  it('is connected to the property of its site, with 16 months of its own pages’ data synced by the real sync, quickly', async () => {
    const demo = await recreateDemoAccount(app.db, app.env)
    await linkDemoGoogle(app.db, demo.userId, await oauthTokenKey(app.auth))
    // Stored as better-auth stores them, encrypted (hex); the sync below reads them through getAccessToken.
    const [linked] = await app.db
      .select()
      .from(account)
      .where(and(eq(account.userId, demo.userId), eq(account.providerId, 'google')))
    expect(linked!.accessToken).toMatch(/^([0-9a-f]{2})+$/)
    expect(linked!.refreshToken).toMatch(/^([0-9a-f]{2})+$/)
    for (const item of ARTICLES) {
      await insertArticle(app, demo.businessId, {
        title: item.keyword,
        slug: item.slug,
        keyword: item.keyword,
        status: 'published',
        publishedAt: new Date(Date.parse(addDays(today, -item.daysAgo))),
      })
    }

    const synced = await syncDemoSearchConsole(app.db, demo.businessId, app.providers.searchConsole(demo.userId))
    expect(synced).toMatchObject({ siteUrl: 'sc-domain:acmeroasters.example', outcome: { status: 'synced' } })
    // Part of every start: its time is printed below (a timed assertion fails on a busy machine).
    const [stored] = await app.db
      .select({ rows: count() })
      .from(gscSearchAnalytics)
      .where(eq(gscSearchAnalytics.businessId, demo.businessId))
    console.info(`demo Search Console backfill: ${stored!.rows} rows in ${synced!.ms} ms`)

    const [connection] = await app.db.select().from(gscData).where(eq(gscData.businessId, demo.businessId))
    expect(connection).toMatchObject({ siteUrl: 'sc-domain:acmeroasters.example', syncStatus: 'working' })
    const [owned] = await app.db.select({ gscConnected: business.gscConnected }).from(business).where(eq(business.id, demo.businessId))
    expect(owned!.gscConnected).toBe(true)

    const span = await app.db
      .select({ page: gscSearchAnalytics.page, first: min(gscSearchAnalytics.date), last: max(gscSearchAnalytics.date), rows: count() })
      .from(gscSearchAnalytics)
      .where(eq(gscSearchAnalytics.businessId, demo.businessId))
      .groupBy(gscSearchAnalytics.page)
    const byPage = new Map(span.map((row) => [row.page, row]))
    // The site's older pages: 16 months of data, up to the lag.
    for (const url of DEMO_BUSINESS.bestArticles) {
      expect(byPage.get(url), url).toMatchObject({ last: addDays(today, -LAG_DAYS) })
      expect(byPage.get(url)!.first! <= addMonths(addDays(today, -1), -16)).toBe(true)
    }
    // Each article from its publishing day on, never before.
    for (const item of ARTICLES.filter((entry) => entry.daysAgo > LAG_DAYS + 3)) {
      const page = byPage.get(articleAddress(DEMO_BUSINESS, item.slug))
      expect(page, item.slug).toBeDefined()
      expect(page!.first! >= addDays(today, -item.daysAgo)).toBe(true)
    }

    // Signed in as the demo: the opportunities the demo is made to show.
    const signIn = await app.authRequest('/sign-in/email', { body: { email: DEMO_EMAIL, password: demoPassword(app.env) } })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')
    const api = rpcClient(app, cookie)
    const found = await api.gsc.opportunities({ businessId: demo.businessId })
    // The decaying page is the first article: Rankpilot's to refresh.
    expect(found.decay).toHaveLength(1)
    expect(found.decay[0]).toMatchObject({
      page: articleAddress(DEMO_BUSINESS, FIRST.slug),
      action: 'refresh',
      article: { slug: FIRST.slug, refreshedAt: null },
    })
    expect(found.decay[0]!.change).toBeLessThan(-0.2)
    // It grew after publishing (its first months), then lost ground: its own numbers say so too.
    const first = found.decay[0]!.article!
    const monthly = await Promise.all(
      [0, 1, 2, 3].map((month) =>
        api.gsc.performance({
          businessId: demo.businessId,
          articleId: first.id,
          from: addDays(today, -FIRST.daysAgo + month * 28),
          to: addDays(today, -FIRST.daysAgo + month * 28 + 27),
        }),
      ),
    )
    const impressions = monthly.map((answer) => answer.totals.impressions)
    expect(impressions[0]).toBeGreaterThan(0)
    expect(impressions).toEqual([...impressions].sort((a, b) => a - b))
    const recent = await api.gsc.performance({
      businessId: demo.businessId,
      articleId: first.id,
      from: found.windows.recent.from,
      to: found.windows.recent.to,
    })
    expect(recent.totals.clicks).toBe(found.decay[0]!.recentClicks)
    expect(recent.change.clicks).toBeLessThan(-0.2)
    // An older page's search, also shown for the newer article on the same topic.
    expect(found.cannibalisation).toHaveLength(1)
    expect(found.cannibalisation[0]).toMatchObject({
      query: 'cold brew ratio',
      pages: [
        { page: 'https://acmeroasters.example/journal/cold-brew-ratio', article: null },
        { page: articleAddress(DEMO_BUSINESS, 'cold-brew-coffee-at-home'), article: { slug: 'cold-brew-coffee-at-home' } },
      ],
    })
    expect(found.strikingDistance.length).toBeGreaterThanOrEqual(2)

    const properties = await api.gsc.properties({ businessId: demo.businessId })
    expect(properties.suggested).toBe('sc-domain:acmeroasters.example')
    expect(properties.properties.find((property) => property.selected)?.siteUrl).toBe('sc-domain:acmeroasters.example')
    const performance = await api.gsc.performance({ businessId: demo.businessId, from: addDays(today, -30), to: addDays(today, -1) })
    expect(performance.totals.clicks).toBeGreaterThan(0)
    const articleRows = await app.db
      .select({ rows: count() })
      .from(gscSearchAnalytics)
      .where(
        and(
          eq(gscSearchAnalytics.businessId, demo.businessId),
          eq(gscSearchAnalytics.page, articleAddress(DEMO_BUSINESS, ARTICLES[0]!.slug)),
        ),
      )
    expect(articleRows[0]!.rows).toBeGreaterThan(0)
  })
})
