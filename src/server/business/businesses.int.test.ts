import { existsSync } from 'node:fs'
import { count, eq, getTableColumns, getTableName, inArray, is } from 'drizzle-orm'
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, type PlanName, type TestApp } from '~tests/fixtures/test-app'
import { resetEnvCache } from '~/env'
import { storeMedia } from '~/server/media/media-store'
import * as schema from '~/server/db/schema'
import { articleVersion, business, competitor, crawl, gscData, jobRun, publishing, usage, user } from '~/server/db/schema'
import { DEMO_EMAIL } from '~/shared/demo-account'

/**
 * More than one business (docs/product/routes.md): the plan's businessLimit on creation, race
 * included; deleting one business with everything of it and nothing of another.
 */
let app: TestApp
const previousDataDir = process.env.DATA_DIR

beforeAll(async () => {
  app = await createTestApp()
  // business.delete removes the media folder under the process's DATA_DIR: point it at this app's.
  process.env.DATA_DIR = app.env.DATA_DIR
  resetEnvCache()
})
afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR
  else process.env.DATA_DIR = previousDataDir
  resetEnvCache()
  await app?.close()
})

const PROFILE = { description: 'A small business with a website.' }
const profile = (url: string, name = 'Added business') => ({ profile: { name, url, ...PROFILE } })

async function userWith(plan: PlanName, businesses: number) {
  const account = await app.signUp({ plan })
  for (let index = 0; index < businesses; index += 1) await insertBusiness(app, account.userId)
  return account
}

const businessCount = async (userId: string) => (await app.db.select({ n: count() }).from(business).where(eq(business.userId, userId)))[0].n

describe('business.allowance and the limit on creation', () => {
  it.each([
    ['Starter', 1],
    ['Growth', 3],
    ['Agency', 10],
  ] as const)('%s allows %i businesses, then refuses with the plan’s wording and a See plans link', async (plan, limit) => {
    const account = await userWith(plan, limit - 1)
    const client = rpcClient(app, account.cookie)
    expect(await client.business.allowance()).toMatchObject({ planName: plan, limit, used: limit - 1, canAdd: true, message: null })
    await client.setup.saveBusiness(profile(`https://last-${plan.toLowerCase()}.example.com`))
    const message = `Your ${plan} plan includes ${limit} business${limit === 1 ? '' : 'es'}, and you have ${limit}. Upgrade your plan to add another business.`
    expect(await client.business.allowance()).toMatchObject({
      used: limit,
      canAdd: false,
      message,
      action: { label: 'See plans', path: '/settings#plan-and-billing' },
    })
    const refused = await rejectionOf(client.setup.saveBusiness(profile(`https://one-too-many-${plan}.example.com`)))
    expect(refused).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message,
      data: { reason: 'BUSINESS_LIMIT_REACHED', action: { label: 'See plans', path: '/settings#plan-and-billing' } },
    })
    expect(await businessCount(account.userId)).toBe(limit)
  })

  it('concurrent creations never go past the limit: Growth with one business, ten saves at once → two created, eight refused with the plan’s message', async () => {
    // Each save runs at once (on PostgreSQL, each on its own pooled connection); the limit's
    // check and the insert are one reservation under the user's lock (lockPlanLimits).
    const account = await userWith('Growth', 1)
    const client = rpcClient(app, account.cookie)
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => client.setup.saveBusiness(profile(`https://race-${index}.example.com`))),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2)
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
    expect(refused).toHaveLength(8)
    // BUSINESS_LIMIT_REACHED as docs/product/messages.md says it, never a 500 or a unique-key error.
    for (const error of refused)
      expect(error).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        message: 'Your Growth plan includes 3 businesses, and you have 3. Upgrade your plan to add another business.',
        data: { reason: 'BUSINESS_LIMIT_REACHED', action: { label: 'See plans', path: '/settings#plan-and-billing' } },
      })
    expect(await businessCount(account.userId)).toBe(3)
    expect(await client.business.allowance()).toMatchObject({ used: 3, limit: 3, canAdd: false })
  })

  it('a deletion makes room again', async () => {
    const account = await userWith('Starter', 0)
    const client = rpcClient(app, account.cookie)
    const first = await client.setup.saveBusiness(profile('https://first.example.com', 'First'))
    expect((await client.business.allowance()).canAdd).toBe(false)
    await client.business.delete({ businessId: first.id, confirmation: 'First' })
    expect(await client.business.allowance()).toMatchObject({ used: 0, canAdd: true })
    await client.setup.saveBusiness(profile('https://second.example.com', 'Second'))
    expect(await businessCount(account.userId)).toBe(1)
  })
})

/** Every table with a business_id column (a new one is covered without editing this test). */
const businessTables = Object.values(schema).flatMap((table) => {
  if (!is(table, PgTable)) return []
  const column = (getTableColumns(table) as Record<string, PgColumn>).businessId
  return column ? [{ name: getTableName(table), table, column }] : []
})

async function rowsPerTable(businessId: string) {
  const counts: Record<string, number> = {}
  for (const { name, table, column } of businessTables) {
    const [row] = await app.db.select({ n: count() }).from(table).where(eq(column, businessId))
    counts[name] = row.n
  }
  return counts
}

/** A business with a row in every table that hangs off it, a crawl, a kept version and a media file. */
async function populatedBusiness(userId: string, name: string, selected = false) {
  const slug = name.toLowerCase().replace(/\W+/g, '-')
  const [site] = await app.db
    .insert(crawl)
    .values({ url: `https://${slug}.example.com`, status: 'done' })
    .returning()
  const [rivalSite] = await app.db
    .insert(crawl)
    .values({ url: `https://rival-of-${slug}.example.com`, status: 'done' })
    .returning()
  const owned = await insertBusiness(app, userId, {
    name,
    url: `https://${slug}.example.com`,
    description: 'Set up',
    sitemapUrl: `https://${slug}.example.com/sitemap.xml`,
    blogUrl: `https://${slug}.example.com/blog`,
    crawlId: site.id,
  })
  await app.db.insert(competitor).values([
    { businessId: owned.id, url: `https://rival-of-${slug}.example.com`, crawlId: rivalSite.id },
    { businessId: owned.id, url: `https://other-rival-of-${slug}.example.com` },
  ])
  const planned = await insertKeyword(app, owned.id, { keyword: `${slug} keyword` })
  const written = await insertArticle(app, owned.id, { keywordId: planned.id, title: `${name} article`, slug: `${slug}-article` })
  await app.db.insert(articleVersion).values({ articleId: written.id, version: 1, reason: 'generated', content: {} as never, seoScore: 80 })
  await app.db.insert(jobRun).values({ id: crypto.randomUUID(), kind: 'article.generate', userId, businessId: owned.id, state: 'queued' })
  await app.db.insert(gscData).values({ businessId: owned.id, siteUrl: `sc-domain:${slug}.example.com` })
  await app.db.insert(publishing).values({ businessId: owned.id, type: 'webhook', config: {} })
  await app.db.insert(usage).values({
    userId,
    businessId: owned.id,
    source: 'article',
    unit: 'article',
    billingPeriod: '2026-11',
    idempotencyKey: `usage-${owned.id}`,
  })
  const media = await storeMedia({
    dataDir: app.env.DATA_DIR,
    businessId: owned.id,
    slug: 'cover',
    bytes: new Uint8Array(PNG),
    contentType: 'image/png',
  })
  if (selected) await app.db.update(user).set({ selectedBusiness: owned.id }).where(eq(user.id, userId))
  return { ...owned, crawls: [site.id, rivalSite.id], media: media.path, articleIds: [written.id] }
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

const selectionOf = async (userId: string) =>
  (await app.db.select({ selected: user.selectedBusiness }).from(user).where(eq(user.id, userId)))[0].selected

describe('business.delete', () => {
  it('removes everything of that business and nothing of another, then works on the other one', async () => {
    const account = await app.signUp({ plan: 'Growth' })
    const kept = await populatedBusiness(account.userId, 'Kept Bakery')
    const doomed = await populatedBusiness(account.userId, 'Doomed Florist', true)
    const keptBefore = await rowsPerTable(kept.id)
    const doomedBefore = await rowsPerTable(doomed.id)
    // Sanity: the fixture filled these, so their zeros below mean deleted (research tables cascade the same way).
    for (const name of ['competitor', 'gsc_data', 'publishing', 'keyword', 'article', 'job_run', 'usage']) {
      expect([name, doomedBefore[name]]).toEqual([name, expect.any(Number)])
      expect(doomedBefore[name]).toBeGreaterThan(0)
    }

    const result = await rpcClient(app, account.cookie).business.delete({ businessId: doomed.id, confirmation: '  Doomed Florist ' })
    expect(result).toEqual({ deletedId: doomed.id, selectedBusiness: kept.id })

    expect(await rowsPerTable(doomed.id)).toEqual(Object.fromEntries(Object.keys(doomedBefore).map((name) => [name, 0])))
    const [versionsLeft] = await app.db
      .select({ n: count() })
      .from(articleVersion)
      .where(inArray(articleVersion.articleId, doomed.articleIds))
    expect(versionsLeft.n).toBe(0)
    expect(await rowsPerTable(kept.id)).toEqual(keptBefore)
    const [versionsKept] = await app.db
      .select({ n: count() })
      .from(articleVersion)
      .where(inArray(articleVersion.articleId, kept.articleIds))
    expect(versionsKept.n).toBe(1)
    // Billed usage stays, without the business.
    const billed = await app.db
      .select()
      .from(usage)
      .where(eq(usage.idempotencyKey, `usage-${doomed.id}`))
    expect(billed).toEqual([expect.objectContaining({ businessId: null, userId: account.userId })])
    const crawls = await app.db
      .select({ id: crawl.id })
      .from(crawl)
      .where(inArray(crawl.id, [...doomed.crawls, ...kept.crawls]))
    expect(crawls.map((row) => row.id).sort()).toEqual([...kept.crawls].sort())
    expect(existsSync(doomed.media)).toBe(false)
    expect(existsSync(kept.media)).toBe(true)
    expect(await selectionOf(account.userId)).toBe(kept.id)
    expect((await rpcClient(app, account.cookie).business.list()).map((row) => [row.id, row.isCurrent])).toEqual([[kept.id, true]])
  })

  it('keeps the selection when another business is deleted, and clears it when none is left', async () => {
    const account = await app.signUp({ plan: 'Growth' })
    const first = await populatedBusiness(account.userId, 'First Shop', true)
    const second = await populatedBusiness(account.userId, 'Second Shop')
    const client = rpcClient(app, account.cookie)
    expect(await client.business.delete({ businessId: second.id, confirmation: 'Second Shop' })).toEqual({
      deletedId: second.id,
      selectedBusiness: first.id,
    })
    expect(await selectionOf(account.userId)).toBe(first.id)
    expect(await client.business.delete({ businessId: first.id, confirmation: 'First Shop' })).toEqual({
      deletedId: first.id,
      selectedBusiness: null,
    })
    expect(await selectionOf(account.userId)).toBeNull()
    expect(await client.business.list()).toEqual([])
  })

  it('moves to the oldest business whose setup is finished, skipping one still in setup', async () => {
    const account = await app.signUp({ plan: 'Growth' })
    await insertBusiness(app, account.userId, { name: 'Half set up' })
    const done = await populatedBusiness(account.userId, 'Finished Co')
    const current = await populatedBusiness(account.userId, 'Current Co', true)
    const result = await rpcClient(app, account.cookie).business.delete({ businessId: current.id, confirmation: 'Current Co' })
    expect(result.selectedBusiness).toBe(done.id)
  })

  it.each(['Doomed', 'doomed florist', 'Doomed Florist!', ''])('refuses the typed name %j and deletes nothing', async (typed) => {
    const account = await app.signUp({ plan: 'Growth' })
    const owned = await populatedBusiness(account.userId, 'Doomed Florist', true)
    const error = await rejectionOf(rpcClient(app, account.cookie).business.delete({ businessId: owned.id, confirmation: typed }))
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Type the business’s name exactly as shown to delete it.',
      data: { reason: 'BUSINESS_NAME_MISMATCH' },
    })
    expect(await businessCount(account.userId)).toBe(1)
    expect(existsSync(owned.media)).toBe(true)
  })

  it('a business without a name is confirmed by its address as shown', async () => {
    const account = await app.signUp({ plan: 'Growth' })
    const unnamed = await insertBusiness(app, account.userId, { name: null, url: 'https://unnamed.example.com' })
    const client = rpcClient(app, account.cookie)
    await client.business.delete({ businessId: unnamed.id, confirmation: 'unnamed.example.com' })
    expect(await businessCount(account.userId)).toBe(0)
  })

  it('another user’s business is NOT_FOUND, even with its right name, and nothing of it changes', async () => {
    const victim = await app.signUp({ plan: 'Growth' })
    const owned = await populatedBusiness(victim.userId, 'Victim Bakery', true)
    const before = await rowsPerTable(owned.id)
    const attacker = await userWith('Agency', 1)
    for (const call of [
      () => rpcClient(app, attacker.cookie).business.delete({ businessId: owned.id, confirmation: 'Victim Bakery' }),
      () => rpcClient(app, attacker.cookie).setup.businessState({ businessId: owned.id }),
    ]) {
      const error = await rejectionOf(call())
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, data: { reason: 'BUSINESS_NOT_FOUND' } })
      expect(JSON.stringify(error)).not.toContain('Victim Bakery')
    }
    expect(await rowsPerTable(owned.id)).toEqual(before)
    expect(existsSync(owned.media)).toBe(true)
    expect(await selectionOf(victim.userId)).toBe(owned.id)
  })

  it('the shared demo account keeps its own business but may delete one a visitor added', async () => {
    const demo = await app.signUp({ plan: 'Growth', email: DEMO_EMAIL })
    const showcase = await populatedBusiness(demo.userId, 'Acme Roasters', true)
    const client = rpcClient(app, demo.cookie)
    const refused = await rejectionOf(client.business.delete({ businessId: showcase.id, confirmation: 'Acme Roasters' }))
    expect(refused).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'DEMO_BUSINESS_LOCKED' } })
    expect(await businessCount(demo.userId)).toBe(1)
    const added = await client.setup.saveBusiness(profile('https://visitor.example.com', 'Visitor Co'))
    await client.business.delete({ businessId: added.id, confirmation: 'Visitor Co' })
    expect((await client.business.list()).map((row) => row.id)).toEqual([showcase.id])
    expect(await selectionOf(demo.userId)).toBe(showcase.id)
  })
})

describe('setup.businessState', () => {
  it('resumes setup of an added business at its own step while another stays current', async () => {
    const account = await app.signUp({ plan: 'Growth' })
    const current = await populatedBusiness(account.userId, 'Current Place', true)
    const client = rpcClient(app, account.cookie)
    const added = await client.setup.saveBusiness(profile('https://added.example.com', 'Added Place'))
    const state = await client.setup.businessState({ businessId: added.id })
    expect(state).toMatchObject({ business: { id: added.id, name: 'Added Place' }, competitors: [], step: 2 })
    expect((await client.setup.state()).business?.id).toBe(current.id)
  })
})
