import { and, count, eq, max, min, sql, sum } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { insertArticle, insertBusiness, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { useMockServer } from '~tests/fixtures/mock-server'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { symmetricDecrypt } from 'better-auth/crypto'
import { JOB_KINDS } from '~/server/app/job-kinds'
import { oauthTokenKey, sealOAuthToken, type OAuthTokenKey } from '~/server/auth/tokens-at-rest'
import { account, article, articleVersion, business, gscData, gscSearchAnalytics, jobRun } from '~/server/db/schema'
import { createId } from '~/server/ids'
import { startJobs, stopJobs } from '~/server/jobs'
import { demoIdentity, issueAccessToken, issueRefreshToken, verifyAccessToken } from '~/server/demo-network/google/demo-identity'
import { googleHandlers } from '~/server/demo-network/google/mock'
import { GSC_SCOPE, searchConsoleClientForUser, type SearchAnalyticsInput, type SearchConsoleClient } from '~/server/providers/gsc/client'
import { demoFacts, groupFacts, type DemoPage } from '~/server/demo-network/gsc/demo-data'
import { setDemoSiteDirectory } from '~/server/demo-network/gsc/mock'
import { gscHandlers } from '~/server/demo-network/gsc/mock'
import { ProviderError } from '~/server/providers/http'
import { injectFault, mockRequestCount, resetMockRequestCounts } from '~/server/demo-network/mock-faults'
import { listIntegrations } from '~/server/publishing/integrations.service'
import { encryptionKeys } from '~/server/publishing/crypto'
import { addDays, addMonths, isoDay, LAG_DAYS } from './dates'
import { connectionOf, saveProperty } from './properties.service'
import { runGscSync, syncChunks } from './sync.service'
import { gscSyncJob, syncDueProperties } from './gsc.jobs'
import { TOP_FILTER_MAX_LENGTH, TOP_FILTER_TOO_LONG } from '~/shared/search-console-filter'

useMockServer(...googleHandlers(), ...gscHandlers())

let app: TestApp
/** better-auth's key for the account table's OAuth tokens: they are stored encrypted. */
let tokenKey: OAuthTokenKey
const seal = (token: string) => sealOAuthToken(token, tokenKey)
beforeAll(async () => {
  app = await createTestApp()
  tokenKey = await oauthTokenKey(app.auth)
  // gsc.select starts the sync job: enqueued only, the tests run the sync themselves.
  await startJobs(app.handle, { work: false, kinds: JOB_KINDS, providers: app.providers })
})
afterEach(() => setDemoSiteDirectory(null))
afterAll(async () => {
  await stopJobs()
  await app?.close()
})

const today = isoDay(new Date())

/** A paying user with a business on https://<domain> and, unless `linked` is false, Google linked with the Search Console scope. */
async function owner(domain: string, options: { linked?: boolean; expired?: boolean; refreshToken?: string } = {}) {
  const user = await app.signUp({ email: `owner-${createId().toLowerCase()}@${domain}`, plan: 'Growth' })
  const owned = await insertBusiness(app, user.userId, { url: `https://${domain}`, name: `Owner of ${domain}` })
  if (options.linked !== false) {
    const identity = demoIdentity(user.email)
    const scope = `openid,email,profile,${GSC_SCOPE}`
    await app.db.insert(account).values({
      id: createId(),
      accountId: identity.sub,
      providerId: 'google',
      userId: user.userId,
      scope,
      accessToken: await seal(
        issueAccessToken(identity, scope.replace(/,/g, ' '), options.expired ? Date.now() - 2 * 3600_000 : Date.now()),
      ),
      accessTokenExpiresAt: new Date(options.expired ? Date.now() - 60_000 : Date.now() + 3600_000),
      refreshToken: await seal(options.refreshToken ?? issueRefreshToken(identity, scope.replace(/,/g, ' '))),
    })
  }
  return { ...user, business: owned, siteUrl: `sc-domain:${domain}` }
}

/** The user's Search Console client with back-off sleeps recorded instead of slept, and each searchAnalytics request recorded. */
function clientOf(userId: string, failOnCall?: number) {
  const sleeps: number[] = []
  const requests: Pick<SearchAnalyticsInput, 'startDate' | 'endDate'>[] = []
  const inner = searchConsoleClientForUser({ auth: app.auth, db: app.db, userId }, { sleep: async (ms) => void sleeps.push(ms) })
  const client: SearchConsoleClient = {
    ...inner,
    async searchAnalytics(input) {
      requests.push({ startDate: input.startDate, endDate: input.endDate })
      if (requests.length === failOnCall) {
        throw new ProviderError({ provider: 'Google Search Console', kind: 'server', status: 500, message: 'Search Console failed.' })
      }
      return inner.searchAnalytics(input)
    },
  }
  return { client, sleeps, requests }
}

async function connect(user: Awaited<ReturnType<typeof owner>>) {
  await rpcClient(app, user.cookie).gsc.select({ businessId: user.business.id, siteUrl: user.siteUrl })
}

const stored = async (businessId: string) => {
  const [row] = await app.db
    .select({
      rows: count(),
      clicks: sum(gscSearchAnalytics.clicks),
      first: min(gscSearchAnalytics.date),
      last: max(gscSearchAnalytics.date),
    })
    .from(gscSearchAnalytics)
    .where(eq(gscSearchAnalytics.businessId, businessId))
  return { rows: row!.rows, clicks: Number(row!.clicks ?? 0), first: row!.first, last: row!.last }
}

const connectionRow = async (businessId: string) => (await app.db.select().from(gscData).where(eq(gscData.businessId, businessId)))[0]!

describe('gsc.properties and gsc.select', () => {
  it('without a linked Google account: nothing to list, said as such (no error), while choosing still needs the link', async () => {
    const user = await owner('unlinked.io', { linked: false })
    const client = rpcClient(app, user.cookie)
    expect(await client.gsc.properties({ businessId: user.business.id })).toEqual({
      google: 'not-linked',
      properties: [],
      suggested: null,
      connection: null,
    })
    const error = await rejectionOf(client.gsc.select({ businessId: user.business.id, siteUrl: 'sc-domain:unlinked.io' }))
    expect(error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Connect Search Console first: sign in with the Google account that manages your site in Search Console.',
      data: { reason: 'GSC_NOT_LINKED', action: { label: 'Connect Search Console', path: '/integrations' } },
    })
  })

  it('lists the account’s properties with the one covering the business’s site suggested', async () => {
    const user = await owner('acme-roast.io')
    const answer = await rpcClient(app, user.cookie).gsc.properties({ businessId: user.business.id })
    expect(answer.properties).toEqual([
      { siteUrl: 'sc-domain:acme-roast.io', type: 'domain', permissionLevel: 'siteOwner', suggested: true, selected: false },
      { siteUrl: 'https://blog.acme-roast.io/', type: 'url-prefix', permissionLevel: 'siteFullUser', suggested: false, selected: false },
    ])
    expect(answer).toMatchObject({ google: 'granted', suggested: 'sc-domain:acme-roast.io', connection: null })
  })

  it('refuses a property the account cannot read, and saves one it can: connected, its backfill queued', async () => {
    const user = await owner('chosen.io')
    const api = rpcClient(app, user.cookie)
    const refused = await rejectionOf(api.gsc.select({ businessId: user.business.id, siteUrl: 'sc-domain:someone-else.io' }))
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', data: { reason: 'GSC_PROPERTY_NOT_IN_ACCOUNT' } })
    expect(refused?.message).toContain('not one your connected Google account can read')
    expect(await app.db.select().from(gscData).where(eq(gscData.businessId, user.business.id))).toEqual([])

    const chosen = await api.gsc.select({ businessId: user.business.id, siteUrl: user.siteUrl })
    expect(chosen.connection).toMatchObject({ siteUrl: user.siteUrl, syncStatus: 'syncing', needsReconnect: false, syncedThrough: null })
    const [owned] = await app.db.select({ gscConnected: business.gscConnected }).from(business).where(eq(business.id, user.business.id))
    expect(owned!.gscConnected).toBe(true)
    const [job] = await app.db.select().from(jobRun).where(eq(jobRun.id, chosen.jobId))
    expect(job).toMatchObject({ kind: 'gsc.sync', businessId: user.business.id, input: { businessId: user.business.id } })
    const listed = await api.gsc.properties({ businessId: user.business.id })
    expect(listed.properties.find((property) => property.selected)?.siteUrl).toBe(user.siteUrl)
    // The running import is named where its progress shows (its own business only), until it ends.
    expect(chosen.connection?.syncJobId).toBe(chosen.jobId)
    expect((await listIntegrations(app.db, user.business.id, { keys: encryptionKeys(app.env) })).searchConsole?.syncJobId).toBe(
      chosen.jobId,
    )
    const other = await owner('watching.io')
    await app.db.insert(gscData).values({ businessId: other.business.id, siteUrl: other.siteUrl })
    expect((await connectionOf(app.db, other.business.id))?.syncJobId).toBeNull()
    await app.db.update(jobRun).set({ state: 'completed' }).where(eq(jobRun.id, chosen.jobId))
    expect((await connectionOf(app.db, user.business.id))?.syncJobId).toBeNull()
  })
})

describe('the sync', () => {
  it('another property chosen while a sync runs: its rows never get the old one’s, and the same run syncs it', async () => {
    const user = await owner('switch.io')
    await connect(user)
    const other = { siteUrl: 'https://blog.switch.io/', permissionLevel: 'siteFullUser' as const }
    const { client: inner, requests } = clientOf(user.userId)
    const client: SearchConsoleClient = {
      ...inner,
      async searchAnalytics(input) {
        const answer = await inner.searchAnalytics(input)
        // The user picks the blog's property while the second month is in flight.
        if (requests.length === 2) await saveProperty(app.db, user.business.id, other)
        return answer
      },
    }
    expect(await runGscSync(app.db, user.business.id, { client })).toMatchObject({ status: 'synced' })
    expect(await connectionRow(user.business.id)).toMatchObject({ siteUrl: other.siteUrl, syncStatus: 'working', lastError: null })
    // The blog's property has no data: nothing of the domain property's was kept or stored after the switch.
    expect((await stored(user.business.id)).rows).toBe(0)
  })

  it('backfills 16 months in month chunks, stops at the lag, and the next day re-fetches the last 3 days', async () => {
    const user = await owner('backfill.io')
    await connect(user)
    const { client, requests } = clientOf(user.userId)
    const outcome = await runGscSync(app.db, user.business.id, { client })
    const chunks = syncChunks(null, today)
    expect(requests).toEqual(chunks)
    expect(outcome).toMatchObject({ status: 'synced', chunks: chunks.length, syncedThrough: addDays(today, -1) })

    // Exactly what Search Console has for the property, up to 3 days ago (the lag), nothing after.
    const expected = groupFacts(demoFacts(user.siteUrl, chunks[0]!.startDate, addDays(today, -1)), ['date', 'query', 'page'])
    const rows = await stored(user.business.id)
    expect(rows).toEqual({
      rows: expected.length,
      clicks: expected.reduce((total, row) => total + row.clicks, 0),
      first: chunks[0]!.startDate,
      last: addDays(today, -LAG_DAYS),
    })
    expect(await connectionRow(user.business.id)).toMatchObject({
      syncStatus: 'working',
      lastError: null,
      syncedThrough: addDays(today, -1),
    })

    // The next day: from 3 days before the last day synced, to the new yesterday; rewriting the same rows.
    const next = clientOf(user.userId)
    await runGscSync(app.db, user.business.id, { client: next.client, now: new Date(Date.now() + 86_400_000) })
    expect(next.requests).toEqual([{ startDate: addDays(today, -1 - LAG_DAYS), endDate: today }].flatMap(splitByMonth))
    expect((await stored(user.business.id)).rows).toBe(expected.length)
  })

  it('pages a range with more than 25,000 rows 25,000 at a time, and stores every row', async () => {
    const user = await owner('bigsite.io')
    // A site with many pages, all live since the start of the month before the last day with data:
    // that whole month has more than 25,000 rows (and no older month has any, to keep it quick).
    const lastDay = addDays(today, -LAG_DAYS)
    const pages: DemoPage[] = Array.from({ length: 340 }, (_, index) => ({
      url: `https://bigsite.io/guides/topic-${index}`,
      publishedAt: addMonths(`${lastDay.slice(0, 7)}-01`, -1),
      queries: [`topic ${index} basics`],
    }))
    setDemoSiteDirectory({ ownedHosts: async () => [], pagesOf: async () => pages })
    await connect(user)
    resetMockRequestCounts()
    const { client } = clientOf(user.userId)
    const counts = syncChunks(null, today).map(
      (chunk) => groupFacts(demoFacts(user.siteUrl, chunk.startDate, chunk.endDate, Date.now(), pages), ['date', 'query', 'page']).length,
    )
    expect(Math.max(...counts)).toBeGreaterThan(25_000)
    const started = Date.now()
    await runGscSync(app.db, user.business.id, { client })
    const took = Date.now() - started
    // One request per chunk, and one more for each full page of 25,000 rows.
    expect(mockRequestCount('gsc')).toBe(counts.reduce((total, rows) => total + Math.floor(rows / 25_000) + 1, 0))
    expect((await stored(user.business.id)).rows).toBe(counts.reduce((total, rows) => total + rows, 0))
    console.info(`stored ${counts.reduce((total, rows) => total + rows, 0)} rows in ${took} ms`)
  }, 60_000)

  it('waits out a 429 as Search Console asks (Retry-After), then goes on', async () => {
    const user = await owner('throttled.io')
    await connect(user)
    injectFault('gsc', { kind: 'rate-limit', retryAfterSeconds: 9, times: 1 })
    const { client, sleeps } = clientOf(user.userId)
    expect(await runGscSync(app.db, user.business.id, { client })).toMatchObject({ status: 'synced' })
    expect(sleeps).toEqual([9000])
    expect((await connectionRow(user.business.id)).syncStatus).toBe('working')
  })

  it('refreshes an expired access token through Google before reading', async () => {
    const user = await owner('expired.io')
    await connect(user)
    // An hour later: the stored access token has expired.
    const stale = issueAccessToken(demoIdentity(user.email), GSC_SCOPE, Date.now() - 2 * 3600_000)
    await app.db
      .update(account)
      .set({ accessToken: await seal(stale), accessTokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(account.userId, user.userId), eq(account.providerId, 'google')))
    resetMockRequestCounts()
    const { client } = clientOf(user.userId)
    expect(await runGscSync(app.db, user.business.id, { client })).toMatchObject({ status: 'synced' })
    const [linked] = await app.db
      .select()
      .from(account)
      .where(and(eq(account.userId, user.userId), eq(account.providerId, 'google')))
    // The refreshed token is stored encrypted too.
    expect(linked!.accessToken).not.toContain('demo')
    const refreshed = await symmetricDecrypt({ key: tokenKey, data: linked!.accessToken! })
    expect(refreshed).not.toBe(stale)
    expect(verifyAccessToken(refreshed)).toMatchObject({ email: user.email })
    expect(linked!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000_000)
    // One refresh, then the new token serves every month of the backfill.
    expect(mockRequestCount('google')).toBe(1)
  })

  it('continues a failed backfill from the last month it finished, and ends with the same rows as one clean run', async () => {
    const user = await owner('resumed.io')
    await connect(user)
    const first = clientOf(user.userId, 4)
    await expect(runGscSync(app.db, user.business.id, { client: first.client })).rejects.toThrow('Search Console failed.')
    const chunks = syncChunks(null, today)
    expect((await connectionRow(user.business.id)).syncedThrough).toBe(chunks[2]!.endDate)

    const retry = clientOf(user.userId)
    await runGscSync(app.db, user.business.id, { client: retry.client })
    // From 3 days before the end of the third month: the months already stored are not asked for again.
    expect(retry.requests[0]).toEqual({ startDate: addDays(chunks[2]!.endDate, -LAG_DAYS), endDate: chunks[2]!.endDate })
    expect(retry.requests.slice(1)).toEqual(chunks.slice(3))
    const expected = groupFacts(demoFacts(user.siteUrl, chunks[0]!.startDate, addDays(today, -1)), ['date', 'query', 'page'])
    expect((await stored(user.business.id)).rows).toBe(expected.length)
  })

  it('runs as a job on the owner’s Google account, and the daily run starts one per working connection', async () => {
    const user = await owner('scheduled.io')
    await connect(user)
    const result = await gscSyncJob.handler({
      input: { businessId: user.business.id },
      jobId: crypto.randomUUID(),
      attempt: 1,
      progress: () => {},
      signal: new AbortController().signal,
      db: app.db,
      providers: app.providers,
    })
    expect(result).toMatchObject({ status: 'synced', syncedThrough: addDays(today, -1) })
    expect((await stored(user.business.id)).rows).toBeGreaterThan(1000)

    await app.db.delete(jobRun).where(eq(jobRun.kind, 'gsc.sync'))
    const due = await syncDueProperties(app.db)
    expect(due.started).toContain(user.business.id)
    const queued = await app.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.kind, 'gsc.sync'), eq(jobRun.businessId, user.business.id)))
    expect(queued).toHaveLength(1)
  })

  it('detects revoked access: the connection asks to reconnect, the daily sync leaves it, gsc.properties says so', async () => {
    const user = await owner('revoked.io', { expired: true, refreshToken: 'revoked-by-the-user' })
    await connect(user).catch(() => {})
    // The property was chosen while access worked.
    await app.db.insert(gscData).values({ businessId: user.business.id, siteUrl: user.siteUrl }).onConflictDoNothing()
    const { client } = clientOf(user.userId)
    const outcome = await runGscSync(app.db, user.business.id, { client })
    expect(outcome).toMatchObject({ status: 'reconnect' })
    const connection = await connectionRow(user.business.id)
    expect(connection.syncStatus).toBe('reconnect')
    expect(connection.lastError).toBe(
      'Google no longer accepts the saved Search Console connection. Reconnect Search Console on Integrations and try again.',
    )
    expect(mockRequestCount('gsc')).toBe(0)

    const due = await syncDueProperties(app.db)
    expect(due.started).not.toContain(user.business.id)
    const listed = await listIntegrations(app.db, user.business.id, { keys: encryptionKeys(app.env) })
    expect(listed.searchConsole).toMatchObject({ siteUrl: user.siteUrl, syncStatus: 'reconnect', needsReconnect: true })
    const error = await rejectionOf(rpcClient(app, user.cookie).gsc.properties({ businessId: user.business.id }))
    expect(error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      data: { reason: 'GSC_RECONNECT', action: { label: 'Reconnect Search Console', path: '/integrations' } },
    })
    expect(error?.message).toContain('Reconnect Search Console')

    // Reconnected (a new grant), the property chosen again: the sync runs again, daily too.
    const identity = demoIdentity(user.email)
    await app.db
      .update(account)
      .set({ refreshToken: await seal(issueRefreshToken(identity, `openid email ${GSC_SCOPE}`)) })
      .where(and(eq(account.userId, user.userId), eq(account.providerId, 'google')))
    await connect(user)
    expect(await connectionRow(user.business.id)).toMatchObject({ syncStatus: 'syncing', lastError: null })
    expect((await syncDueProperties(app.db)).started).toContain(user.business.id)
    expect(await runGscSync(app.db, user.business.id, { client: clientOf(user.userId).client })).toMatchObject({ status: 'synced' })
  })
})

describe('gsc.performance and gsc.opportunities', () => {
  let user: Awaited<ReturnType<typeof owner>>
  let pages: DemoPage[]

  beforeAll(async () => {
    user = await owner('roastery.io')
    const slugs = ['cold-brew-ratio', 'espresso-grind-size', 'pour-over-guide', 'french-press-ratio', 'decaf-coffee', 'moka-pot-tips']
    pages = slugs.map((slug, index) => ({
      url: `https://roastery.io/journal/${slug}`,
      publishedAt: addDays(today, -400 + index * 40),
      queries: [slug.replace(/-/g, ' ')],
    }))
    for (const [index, slug] of slugs.entries()) {
      await insertArticle(app, user.business.id, {
        title: slug.replace(/-/g, ' '),
        slug,
        status: 'published',
        publishedAt: new Date(pages[index]!.publishedAt),
      })
    }
    setDemoSiteDirectory({ ownedHosts: async () => [], pagesOf: async () => pages })
    await connect(user)
    await runGscSync(app.db, user.business.id, { client: clientOf(user.userId).client })
    setDemoSiteDirectory(null)
  })

  /** The user's article of that slug (inserted above). */
  async function articleBySlug(slug: string) {
    const [row] = await app.db
      .select()
      .from(article)
      .where(and(eq(article.businessId, user.business.id), eq(article.slug, slug)))
    if (!row) throw new Error(`no article ${slug} in the business`)
    return row
  }

  it('answers daily series and totals (CTR = clicks ÷ impressions, position weighted by impressions) with the previous period', async () => {
    const to = addDays(today, -LAG_DAYS)
    const from = addDays(to, -27)
    const answer = await rpcClient(app, user.cookie).gsc.performance({ businessId: user.business.id, from, to })
    const facts = groupFacts(demoFacts(user.siteUrl, from, to, Date.now(), pages), [])
    const [all] = facts
    expect(answer.series).toHaveLength(28)
    expect(answer.totals).toMatchObject({ clicks: all!.clicks, impressions: all!.impressions })
    expect(answer.totals.ctr).toBeCloseTo(all!.clicks / all!.impressions, 10)
    expect(answer.totals.position).toBeCloseTo(all!.position, 6)
    expect(answer.series.reduce((total, day) => total + day.clicks, 0)).toBe(all!.clicks)
    expect(answer.previousRange).toEqual({ from: addDays(from, -28), to: addDays(from, -1) })
    const [before] = groupFacts(demoFacts(user.siteUrl, addDays(from, -28), addDays(from, -1), Date.now(), pages), [])
    expect(answer.previousTotals).toMatchObject({ clicks: before!.clicks, impressions: before!.impressions })
    expect(answer.change.clicks).toBeCloseTo((all!.clicks - before!.clicks) / before!.clicks, 10)
    // Weekly seasonality: weekends have fewer impressions than weekdays.
    const weekday = (day: { date: string }) => new Date(day.date).getUTCDay()
    const mean = (days: { impressions: number }[]) => days.reduce((total, day) => total + day.impressions, 0) / days.length
    const weekend = answer.series.filter((day) => [0, 6].includes(weekday(day)))
    const week = answer.series.filter((day) => ![0, 6].includes(weekday(day)))
    expect(mean(weekend)).toBeLessThan(mean(week) * 0.85)
  })

  it('lists the range’s queries and pages sorted and paged in the database, over all of them, with how many there are', async () => {
    const to = addDays(today, -LAG_DAYS)
    const from = addDays(to, -89)
    const api = rpcClient(app, user.cookie)
    const facts = demoFacts(user.siteUrl, from, to, Date.now(), pages)
    const queries = groupFacts(facts, ['query'])
    expect(queries.length).toBeGreaterThan(12)

    // Most clicks first by default, ten to a page, the count of every query in the range.
    const first = await api.gsc.top({ businessId: user.business.id, from, to, dimension: 'query' })
    expect(first.total).toBe(queries.length)
    expect(first.pageCount).toBe(Math.ceil(queries.length / 10))
    expect(first.items).toHaveLength(10)
    expect(first.items.map((row) => row.clicks)).toEqual(queries.map((row) => row.clicks).slice(0, 10))
    const [top] = first.items
    const expected = queries.find((row) => row.keys[0] === top!.key)!
    expect(top).toMatchObject({ clicks: expected.clicks, impressions: expected.impressions })
    expect(top!.ctr).toBeCloseTo(expected.ctr, 10)
    expect(top!.position).toBeCloseTo(expected.position, 6)

    // Best position first across every query (not only the most clicked), page after page without overlap.
    const byPosition = async (page: number) =>
      api.gsc.top({
        businessId: user.business.id,
        from,
        to,
        dimension: 'query',
        sort: [{ id: 'position', desc: false }],
        page,
        perPage: 10,
      })
    const pagesOfRows = [await byPosition(1), await byPosition(2)]
    const positions = pagesOfRows.flatMap((answer) => answer.items.map((row) => row.position!))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(positions[0]).toBeCloseTo(Math.min(...queries.map((row) => row.position)), 6)
    expect(new Set(pagesOfRows.flatMap((answer) => answer.items.map((row) => row.key))).size).toBe(20)
    // By the text, and the pages of the site by impressions.
    const byText = await api.gsc.top({ businessId: user.business.id, from, to, dimension: 'query', sort: [{ id: 'key', desc: false }] })
    expect(byText.items.map((row) => row.key)).toEqual(
      queries
        .map((row) => row.keys[0]!)
        .sort()
        .slice(0, 10),
    )
    const sitePages = await api.gsc.top({
      businessId: user.business.id,
      from,
      to,
      dimension: 'page',
      sort: [{ id: 'impressions', desc: true }],
      perPage: 25,
    })
    expect(sitePages.total).toBe(groupFacts(facts, ['page']).length)
    expect(sitePages.items.map((row) => row.impressions)).toEqual(
      groupFacts(facts, ['page'])
        .map((row) => row.impressions)
        .sort((a, b) => b - a),
    )
    // Past the last page: no rows, the count still right.
    const past = await api.gsc.top({ businessId: user.business.id, from, to, dimension: 'query', page: 999 })
    expect(past).toMatchObject({ items: [], total: queries.length })
  })

  it('lists one article’s queries, and refuses what a table does not have, another business’s article or business', async () => {
    const written = await articleBySlug('pour-over-guide')
    const to = addDays(today, -LAG_DAYS)
    const from = addDays(to, -27)
    const api = rpcClient(app, user.cookie)
    const own = await api.gsc.top({ businessId: user.business.id, from, to, dimension: 'page', articleId: written.id })
    expect(own.items.map((row) => row.key)).toEqual(['https://roastery.io/journal/pour-over-guide'])
    const itsQueries = await api.gsc.top({ businessId: user.business.id, from, to, dimension: 'query', articleId: written.id })
    const expected = groupFacts(
      demoFacts(user.siteUrl, from, to, Date.now(), pages).filter((fact) => fact.page === 'https://roastery.io/journal/pour-over-guide'),
      ['query'],
    )
    expect(itsQueries.total).toBe(expected.length)

    const refused = async (input: Record<string, unknown>) =>
      rejectionOf(api.gsc.top({ businessId: user.business.id, from, to, dimension: 'query', ...input } as never))
    expect(await refused({ sort: [{ id: 'country', desc: true }] })).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Cannot sort by "country"'),
    })
    expect((await refused({ perPage: 30 }))?.message).toContain('Rows per page must be one of 10, 25, 50, 100.')
    expect((await refused({ dimension: 'device' }))?.code).toBe('BAD_REQUEST')
    expect((await refused({ from: '2026-03-01', to: '2026-02-01' }))?.message).toBe('The start date must be on or before the end date.')

    const other = await owner('third-roastery.io')
    const foreignArticle = await rejectionOf(
      rpcClient(app, other.cookie).gsc.top({ businessId: other.business.id, from, to, dimension: 'query', articleId: written.id }),
    )
    expect(foreignArticle).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'ARTICLE_NOT_FOUND' } })
    const foreignBusiness = await rejectionOf(
      rpcClient(app, other.cookie).gsc.top({ businessId: user.business.id, from, to, dimension: 'query' }),
    )
    expect(foreignBusiness?.code).toBe('NOT_FOUND')
  })

  it('answers one page’s numbers with `page`, days before it went live being zero', async () => {
    const page = pages.at(-1)!
    const from = addDays(page.publishedAt, -10)
    const to = addDays(page.publishedAt, 30)
    const answer = await rpcClient(app, user.cookie).gsc.performance({ businessId: user.business.id, from, to, page: page.url })
    expect(answer.series.filter((day) => day.date < page.publishedAt).every((day) => day.impressions === 0 && day.position === null)).toBe(
      true,
    )
    expect(answer.totals.impressions).toBeGreaterThan(0)
    expect(answer.pages).toEqual([page.url])
    const [perPage] = await app.db
      .select({ clicks: sql<number>`sum(${gscSearchAnalytics.clicks})::int` })
      .from(gscSearchAnalytics)
      .where(and(eq(gscSearchAnalytics.page, page.url), sql`${gscSearchAnalytics.date} between ${from} and ${to}`))
    expect(answer.totals.clicks).toBe(perPage!.clicks)
  })

  it('answers one article’s numbers with `articleId` (its page found by slug), and refuses another business’s article', async () => {
    const written = await articleBySlug('pour-over-guide')
    const to = addDays(today, -LAG_DAYS)
    const from = addDays(to, -27)
    const api = rpcClient(app, user.cookie)
    const byArticle = await api.gsc.performance({ businessId: user.business.id, from, to, articleId: written.id })
    const byPage = await api.gsc.performance({
      businessId: user.business.id,
      from,
      to,
      page: 'https://roastery.io/journal/pour-over-guide',
    })
    expect(byArticle.pages).toEqual(['https://roastery.io/journal/pour-over-guide'])
    expect(byArticle.totals).toEqual(byPage.totals)
    expect(byArticle.totals.clicks).toBeGreaterThan(0)

    const other = await owner('other-roastery.io')
    const error = await rejectionOf(
      rpcClient(app, other.cookie).gsc.performance({ businessId: other.business.id, from, to, articleId: written.id }),
    )
    expect(error).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'ARTICLE_NOT_FOUND' } })
  })

  it('refuses a reversed or too long range with a readable message', async () => {
    const api = rpcClient(app, user.cookie)
    const reversed = await rejectionOf(api.gsc.performance({ businessId: user.business.id, from: '2026-02-01', to: '2026-01-01' }))
    expect(reversed).toMatchObject({ code: 'BAD_REQUEST', message: 'The start date must be on or before the end date.' })
    const long = await rejectionOf(api.gsc.performance({ businessId: user.business.id, from: '2023-01-01', to: '2026-01-01' }))
    expect(long?.message).toBe('Choose a range of at most 16 months.')
    const bad = await rejectionOf(api.gsc.performance({ businessId: user.business.id, from: '2026-02-30', to: '2026-03-01' }))
    expect(bad?.message).toBe('The start date is not a real date.')
  })

  it('finds the decaying article, striking-distance queries and the cannibalised query in the demo data', async () => {
    const api = rpcClient(app, user.cookie)
    const answer = await api.gsc.opportunities({ businessId: user.business.id })
    expect(answer.decay).toHaveLength(1)
    expect(answer.decay[0]!.change).toBeLessThan(-0.2)
    expect(answer.decay[0]!).toMatchObject({
      action: 'refresh',
      article: { slug: answer.decay[0]!.page.split('/').at(-1), refreshedAt: null },
    })
    // Once rewritten (a refresh), it says when.
    const rewrittenAt = new Date(Date.now() - 3600_000)
    await app.db.insert(articleVersion).values({
      articleId: answer.decay[0]!.article!.id,
      version: 2,
      reason: 'regenerated',
      content: {} as never,
      seoScore: 90,
      createdAt: rewrittenAt,
    })
    const after = await api.gsc.opportunities({ businessId: user.business.id })
    expect(after.decay[0]!.article!.refreshedAt).toEqual(rewrittenAt)
    expect(answer.strikingDistance.length).toBeGreaterThan(0)
    for (const item of answer.strikingDistance) {
      expect(item.position).toBeGreaterThanOrEqual(8)
      expect(item.position).toBeLessThanOrEqual(20)
      expect(item.action).toBe(item.article ? 'refresh' : 'add-keyword')
    }
    expect(answer.cannibalisation).toHaveLength(1)
    const [shared] = answer.cannibalisation
    expect(shared!.pages).toHaveLength(2)
    expect(shared!.pages.every((page) => page.article !== null)).toBe(true)
    expect(shared!.pages[0]!.share + shared!.pages[1]!.share).toBeCloseTo(1)
  })
})

describe('gsc.top’s text filter', () => {
  const from = '2026-01-01'
  const to = '2026-01-31'
  let user: Awaited<ReturnType<typeof owner>>
  const site = 'https://filtered.example'
  const tips = Array.from({ length: 23 }, (_, index) => `cold brew tip ${String(index + 1).padStart(2, '0')}`)
  /** Each query with its page; every one on two days of the range, its clicks from its place in the list. */
  const rows: { query: string; page: string }[] = [
    ...tips.map((query, index) => ({ query, page: `${site}/blog/tips/${index + 1}` })),
    { query: 'Cold Brew Ratio', page: `${site}/Blog/Cold-Brew-Ratio` },
    { query: 'cold brew at home', page: `${site}/blog/at-home` },
    { query: 'iced COLD brew', page: `${site}/blog/iced` },
    { query: 'cold_brew', page: `${site}/glossary/cold_brew` },
    { query: 'coldxbrew', page: `${site}/glossary/coldxbrew` },
    { query: '100% arabica', page: `${site}/beans/100%25` },
    { query: '1000 arabica', page: `${site}/beans/1000` },
    { query: 'back\\slash', page: `${site}/misc/a` },
    { query: 'backslash', page: `${site}/misc/b` },
    { query: 'Café crème', page: `${site}/blog/cafe-creme` },
  ]
  const coldBrew = [...tips, 'Cold Brew Ratio', 'cold brew at home', 'iced COLD brew']

  beforeAll(async () => {
    user = await owner('filtered.example')
    const values = rows.flatMap((row, index) =>
      ['2026-01-10', '2026-01-11'].map((date) => ({
        businessId: user.business.id,
        date,
        query: row.query,
        page: row.page,
        clicks: 100 - index,
        impressions: 1000,
        ctr: (100 - index) / 1000,
        position: 5,
      })),
    )
    // Outside the range: never counted, whatever the filter.
    values.push({ ...values[0]!, date: '2025-12-01', query: 'cold brew last year', page: `${site}/blog/last-year` })
    await app.db.insert(gscSearchAnalytics).values(values)
  })

  const top = (input: { contains?: string; dimension?: 'query' | 'page'; page?: number; sort?: { id: string; desc: boolean }[] }) =>
    rpcClient(app, user.cookie).gsc.top({ businessId: user.business.id, from, to, dimension: 'query', ...input })
  const keys = (answer: { items: { key: string }[] }) => answer.items.map((row) => row.key)

  it('keeps the queries holding the text, any case, trimmed; counts and pages over them only', async () => {
    const all = await top({})
    expect(all.total).toBe(rows.length)

    const first = await top({ contains: '  COLD BREW ' })
    expect(first.total).toBe(coldBrew.length)
    expect(first.pageCount).toBe(3)
    const pages = [first, await top({ contains: 'cold brew', page: 2 }), await top({ contains: 'Cold Brew', page: 3 })]
    expect(pages.map((answer) => answer.items.length)).toEqual([10, 10, 6])
    const listed = pages.flatMap(keys)
    expect(new Set(listed)).toEqual(new Set(coldBrew))
    // Most clicks first across the pages: the filtered rows sorted, then cut into pages.
    const clicks = pages.flatMap((answer) => answer.items.map((row) => row.clicks))
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a))
    expect(first.items[0]).toMatchObject({ key: 'cold brew tip 01', clicks: 200, impressions: 2000 })

    const byText = await top({ contains: 'cold brew', sort: [{ id: 'key', desc: true }] })
    expect(keys(byText)).toEqual([...coldBrew].sort((a, b) => (a < b ? 1 : -1)).slice(0, 10))
    const past = await top({ contains: 'cold brew', page: 4 })
    expect(past).toMatchObject({ items: [], total: coldBrew.length, pageCount: 3 })

    expect(keys(await top({ contains: 'CAFÉ CRÈME' }))).toEqual(['Café crème'])

    // Blank is no filter; nothing matching is an empty page with a count of 0.
    expect((await top({ contains: '   ' })).total).toBe(rows.length)
    expect(await top({ contains: 'espresso' })).toMatchObject({ items: [], total: 0, pageCount: 1 })
  })

  it('takes %, _ and \\ literally, not as wildcards', async () => {
    expect(keys(await top({ contains: '100%' }))).toEqual(['100% arabica'])
    expect(keys(await top({ contains: 'cold_brew' }))).toEqual(['cold_brew'])
    expect(keys(await top({ contains: 'back\\slash' }))).toEqual(['back\\slash'])
    expect(keys(await top({ contains: '\\' }))).toEqual(['back\\slash'])
    expect((await top({ contains: '%' })).total).toBe(1)
    expect((await top({ contains: '_' })).total).toBe(1)
  })

  it('filters pages by their address, not their queries', async () => {
    const pages = await top({ dimension: 'page', contains: 'blog/COLD' })
    expect(keys(pages)).toEqual([`${site}/Blog/Cold-Brew-Ratio`])
    expect((await top({ dimension: 'page', contains: '/glossary/' })).total).toBe(2)
    expect(keys(await top({ dimension: 'page', contains: '100%25' }))).toEqual([`${site}/beans/100%25`])
    expect((await top({ dimension: 'query', contains: 'glossary' })).total).toBe(0)
    expect((await top({ dimension: 'page', contains: 'ratio' })).total).toBe(1)
  })

  it('filters one article’s queries too', async () => {
    const written = await insertArticle(app, user.business.id, { title: 'Cold brew ratio', slug: 'cold-brew-ratio', status: 'published' })
    const api = rpcClient(app, user.cookie)
    const input = { businessId: user.business.id, from, to, dimension: 'query' as const, articleId: written.id }
    expect(keys(await api.gsc.top({ ...input, contains: 'RATIO' }))).toEqual(['Cold Brew Ratio'])
    expect((await api.gsc.top({ ...input, contains: 'tip' })).total).toBe(0)
  })

  it('refuses a text over the limit with a readable message, and another user’s business', async () => {
    expect((await top({ contains: 'x'.repeat(TOP_FILTER_MAX_LENGTH) })).total).toBe(0)
    expect((await top({ contains: ` ${'x'.repeat(TOP_FILTER_MAX_LENGTH)} ` })).total).toBe(0)
    const long = await rejectionOf(top({ contains: 'x'.repeat(TOP_FILTER_MAX_LENGTH + 1) }))
    expect(long).toMatchObject({ code: 'BAD_REQUEST', message: TOP_FILTER_TOO_LONG, data: { reason: 'INVALID_INPUT' } })
    expect(TOP_FILTER_TOO_LONG).toBe('The text to find can be at most 200 characters.')
    const notText = await rejectionOf(top({ contains: 5 as never }))
    expect(notText?.code).toBe('BAD_REQUEST')

    const other = await owner('another-filtered.example')
    const foreign = await rejectionOf(
      rpcClient(app, other.cookie).gsc.top({ businessId: user.business.id, from, to, dimension: 'query', contains: 'cold' }),
    )
    expect(foreign).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'BUSINESS_NOT_FOUND' } })
    // Its own business has none of these rows.
    const own = await rpcClient(app, other.cookie).gsc.top({
      businessId: other.business.id,
      from,
      to,
      dimension: 'query',
      contains: 'cold',
    })
    expect(own).toMatchObject({ items: [], total: 0 })
  })
})

/** A range cut at month ends, as the sync requests it. */
function splitByMonth(range: { startDate: string; endDate: string }) {
  const parts: { startDate: string; endDate: string }[] = []
  let from = range.startDate
  while (from <= range.endDate) {
    const date = new Date(from)
    const monthEnd = isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0))
    const to = monthEnd < range.endDate ? monthEnd : range.endDate
    parts.push({ startDate: from, endDate: to })
    from = addDays(to, 1)
  }
  return parts
}
