import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import type { TestApp } from '~tests/fixtures/test-app'
import type { TestSite } from '~tests/fixtures/test-site'
import { business, competitor, researchRun, user } from '~/server/db/schema'
import { startBusinessSite, startCompetitorSite } from '~tests/fixtures/setup-test-site'
import { startSetupTestEnv, waitForJob } from '~tests/fixtures/setup-test-env'

// Onboarding's procedures after the analysis: saving the business (plan limit, one address per
// user), competitors (added, analysed as jobs, removed; ownership), the step setup opens at,
// and finishing (selectedBusiness).
let env: Awaited<ReturnType<typeof startSetupTestEnv>>
let app: TestApp
let site: TestSite
let rivals: TestSite[]
let owner: { userId: string; cookie: string }
let stranger: { userId: string; cookie: string }
let businessId: string
let strangerBusinessId: string

const profile = (url: string, name = 'Acme Plumbing') => ({
  name,
  url,
  description: 'Emergency plumbers in Springfield.',
  industry: 'Home services',
  services: ['Leak repair', ' ', 'Boiler servicing'],
  primaryServices: ['Leak repair'],
  seeds: ['emergency plumber', 'emergency plumber', 'boiler service'],
})

beforeAll(async () => {
  env = await startSetupTestEnv()
  app = env.app
  site = await startBusinessSite()
  rivals = await Promise.all([startCompetitorSite('Rapid Rooter', 'Drain clearing'), startCompetitorSite('Heatwise', 'Boiler repair')])
  owner = await app.signUp()
  stranger = await app.signUp()
  await app.setPlan(owner.userId, 'Growth')
  await app.setPlan(stranger.userId, 'Growth')
  strangerBusinessId = (await insertBusiness(app, stranger.userId, { description: 'Not yours' })).id
}, 60_000)
afterAll(async () => {
  await Promise.all([site, ...(rivals ?? [])].map((s) => s?.close()))
  await env?.close()
})

describe('setup.state and setup.saveBusiness', () => {
  it('opens at step 1 without a business', async () => {
    expect(await rpcClient(app, owner.cookie).setup.state()).toMatchObject({ business: null, competitors: [], step: 1 })
  })

  it('creates the business from the analysed profile, linked to its crawl, and moves on to step 2', async () => {
    const client = rpcClient(app, owner.cookie)
    const { jobId } = await client.setup.analyze({ url: site.origin })
    expect((await waitForJob(app, jobId)).state).toBe('completed')
    const { crawlId } = await client.setup.analysisResult({ jobId })
    const saved = await client.setup.saveBusiness({ analysisJobId: jobId, profile: profile(site.origin) })
    businessId = saved.id
    expect(saved).toMatchObject({
      userId: owner.userId,
      name: 'Acme Plumbing',
      url: site.origin,
      crawlId,
      services: ['Leak repair', 'Boiler servicing'],
      seeds: ['emergency plumber', 'boiler service'],
    })
    expect(saved.lastAnalyzedAt).toBeInstanceOf(Date)
    const state = await client.setup.state()
    expect(state).toMatchObject({ step: 2, business: { id: businessId } })
    expect(state.detected).toMatchObject({ sitemapUrl: `${site.origin}/sitemap.xml`, blogUrl: `${site.origin}/blog` })
  }, 30_000)

  it('starts a new business in the market of its site: the domain’s country and its language, else the site’s language', async () => {
    const italian = await app.signUp()
    await app.setPlan(italian.userId, 'Growth')
    const saved = await rpcClient(app, italian.cookie).setup.saveBusiness({ profile: profile('https://forno-rossi.it', 'Forno Rossi') })
    expect(saved).toMatchObject({ keywordRegion: 'IT', language: 'Italian' })
    // The analysed loopback site has no country domain; its home page says lang="en".
    const [analysed] = await app.db.select().from(business).where(eq(business.id, businessId))
    expect(analysed).toMatchObject({ keywordRegion: 'US', language: 'English' })
  })

  it('updates the same business when saved again, without creating another', async () => {
    const saved = await rpcClient(app, owner.cookie).setup.saveBusiness({
      businessId,
      profile: { ...profile(site.origin), description: 'Plumbers, day and night.' },
    })
    expect(saved).toMatchObject({ id: businessId, description: 'Plumbers, day and night.' })
    expect(await app.db.select().from(business).where(eq(business.userId, owner.userId))).toHaveLength(1)
  })

  it('refuses a second business at an address the user already has', async () => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).setup.saveBusiness({ profile: profile(site.origin, 'Copy') }))
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: `You already have a business with this website address (${site.origin}).`,
      data: { reason: 'BUSINESS_URL_TAKEN' },
    })
    expect(await app.db.select().from(business).where(eq(business.userId, owner.userId))).toHaveLength(1)
  })

  it('refuses a business beyond a Starter plan’s limit, with the limit in the message', async () => {
    const starter = await app.signUp()
    await app.setPlan(starter.userId, 'Starter')
    const client = rpcClient(app, starter.cookie)
    await client.setup.saveBusiness({ profile: profile('https://first.example.com', 'First') })
    const error = await rejectionOf(client.setup.saveBusiness({ profile: profile('https://second.example.com', 'Second') }))
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your Starter plan includes 1 business, and you have 1. Upgrade your plan to add another business.',
      data: { reason: 'BUSINESS_LIMIT_REACHED' },
    })
    expect((await app.db.select().from(business).where(eq(business.userId, starter.userId))).map((b) => b.name)).toEqual(['First'])
  })

  it('sends a user without a plan to the paywall and saves nothing', async () => {
    const planless = await app.signUp()
    const error = await rejectionOf(
      rpcClient(app, planless.cookie).setup.saveBusiness({ profile: profile('https://planless.example.com') }),
    )
    expect(error).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'PLAN_REQUIRED', redirectTo: '/paywall' } })
    expect(await app.db.select().from(business).where(eq(business.userId, planless.userId))).toHaveLength(0)
  })

  it('refuses a missing name, a bad address, someone else’s business and a foreign analysis', async () => {
    const client = rpcClient(app, owner.cookie)
    expect(await rejectionOf(client.setup.saveBusiness({ profile: { ...profile(site.origin), name: ' ' } }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Business name is required.',
    })
    expect(await rejectionOf(client.setup.saveBusiness({ profile: profile('acme') }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Website must be a web address such as https://example.com.',
    })
    expect(
      await rejectionOf(client.setup.saveBusiness({ businessId: strangerBusinessId, profile: profile('https://mine.example.com') })),
    ).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'BUSINESS_NOT_FOUND' } })
    const [theirs] = await app.db.select().from(business).where(eq(business.id, strangerBusinessId))
    expect(theirs.description).toBe('Not yours')
    const { jobId } = await rpcClient(app, stranger.cookie).setup.analyze({ url: site.origin })
    expect(await rejectionOf(client.setup.saveBusiness({ businessId, analysisJobId: jobId, profile: profile(site.origin) }))).toMatchObject(
      { code: 'NOT_FOUND', data: { reason: 'ANALYSIS_NOT_FOUND' } },
    )
  })
})

describe('competitors (step 2)', () => {
  let firstId: string

  it('adds a competitor and analyses it in the background', async () => {
    const added = await rpcClient(app, owner.cookie).setup.addCompetitor({ businessId, url: `${rivals[0].origin}/` })
    firstId = added.competitor.id
    expect(added.competitor).toMatchObject({ businessId, url: rivals[0].origin, name: null })
    expect((await waitForJob(app, added.jobId)).state).toBe('completed')
    const [row] = await app.db.select().from(competitor).where(eq(competitor.id, firstId))
    expect(row).toMatchObject({ name: 'Rapid Rooter', description: 'Rapid Rooter offers drain clearing to homeowners across the county.' })
    expect(row.relevanceToOurBusiness).toBeGreaterThanOrEqual(0)
    expect(row.relevanceToOurBusiness).toBeLessThanOrEqual(100)
    expect(row.crawlId).not.toBeNull()
    expect(row.lastAnalyzedAt).toBeInstanceOf(Date)
  }, 30_000)

  it('refuses the business’s own site, a duplicate, and a competitor for someone else’s business', async () => {
    const client = rpcClient(app, owner.cookie)
    expect(await rejectionOf(client.setup.addCompetitor({ businessId, url: `${site.origin}/about` }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That is your own website. Add a competitor’s address instead.',
    })
    expect(await rejectionOf(client.setup.addCompetitor({ businessId, url: rivals[0].origin }))).toMatchObject({
      code: 'CONFLICT',
      message: 'This competitor is already on your list.',
    })
    expect(await rejectionOf(client.setup.addCompetitor({ businessId: strangerBusinessId, url: rivals[1].origin }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await app.db.select().from(competitor).where(eq(competitor.businessId, strangerBusinessId))).toHaveLength(0)
  })

  it('keeps setup at step 2 until there are two competitors, then moves to step 3', async () => {
    const client = rpcClient(app, owner.cookie)
    expect((await client.setup.state()).step).toBe(2)
    const second = await client.setup.addCompetitor({ businessId, url: rivals[1].origin })
    await waitForJob(app, second.jobId)
    const state = await client.setup.state()
    expect(state.step).toBe(3)
    expect(state.competitors.map((c) => c.name)).toEqual(['Rapid Rooter', 'Heatwise'])
  }, 30_000)

  it('lets only the owner list, re-analyse or remove a competitor', async () => {
    const theirs = rpcClient(app, stranger.cookie)
    expect(await rejectionOf(theirs.setup.competitors({ businessId }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejectionOf(theirs.setup.removeCompetitor({ businessId, competitorId: firstId }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejectionOf(theirs.setup.removeCompetitor({ businessId: strangerBusinessId, competitorId: firstId }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Competitor not found.',
    })
    expect(await rejectionOf(theirs.setup.analyzeCompetitor({ businessId: strangerBusinessId, competitorId: firstId }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await app.db.select().from(competitor).where(eq(competitor.id, firstId))).toHaveLength(1)
  })

  it('removes a competitor, which sends setup back to step 2', async () => {
    const client = rpcClient(app, owner.cookie)
    const extra = await client.setup.addCompetitor({ businessId, url: 'https://third-rival.example.com' })
    await client.setup.removeCompetitor({ businessId, competitorId: extra.competitor.id })
    expect(
      await app.db
        .select()
        .from(competitor)
        .where(and(eq(competitor.businessId, businessId), eq(competitor.id, extra.competitor.id))),
    ).toHaveLength(0)
    expect((await client.setup.competitors({ businessId })).map((c) => c.url)).toEqual([rivals[0].origin, rivals[1].origin])
  })

  it('suggests competing domains, never the business itself or one already added', async () => {
    const suggestions = await rpcClient(app, owner.cookie).setup.suggestCompetitors({ businessId })
    expect(suggestions.length).toBeGreaterThan(0)
    const hosts = suggestions.map((s) => new URL(s.url).host)
    expect(hosts).not.toContain(new URL(site.origin).host)
    expect(hosts).not.toContain(new URL(rivals[0].origin).host)
    expect(suggestions.every((s) => s.url.startsWith('https://') && s.reason.length > 0)).toBe(true)
  })
})

describe('steps 3 to 5', () => {
  it('saves the sitemap, blog and best articles, then language and tone, and finishing selects the business', async () => {
    const client = rpcClient(app, owner.cookie)
    expect(await rejectionOf(client.setup.finish({ businessId }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Confirm your sitemap and blog addresses first, or leave them empty (step 3).',
    })
    await client.setup.saveSiteStructure({
      businessId,
      structure: {
        sitemapUrl: `${site.origin}/sitemap.xml`,
        blogUrl: `${site.origin}/blog`,
        bestArticles: [`${site.origin}/blog/unblock-a-drain`],
      },
    })
    // Language and tone have defaults (English, Informative), so a business is complete here.
    expect((await client.setup.state()).step).toBe(5)
    const saved = await client.setup.saveLanguageTone({
      businessId,
      settings: { language: 'German', tone: 'Friendly', keywordRegion: 'DE' },
    })
    expect(saved).toMatchObject({
      language: 'German',
      tone: 'Friendly',
      keywordRegion: 'DE',
      bestArticles: [`${site.origin}/blog/unblock-a-drain`],
    })

    const finished = await client.setup.finish({ businessId })
    expect(finished).toEqual({ businessId, selectedBusiness: businessId, keywordResearch: { started: true, jobId: expect.any(String) } })
    // Finishing starts keyword research for the business (its run is recorded as started by setup).
    const [run] = await app.db.select().from(researchRun).where(eq(researchRun.id, finished.keywordResearch.jobId!))
    expect(run).toMatchObject({ businessId, trigger: 'setup' })
    const [row] = await app.db.select({ selected: user.selectedBusiness }).from(user).where(eq(user.id, owner.userId))
    expect(row.selected).toBe(businessId)
  })

  it('refuses bad values and another user’s business, changing nothing', async () => {
    const client = rpcClient(app, owner.cookie)
    expect(
      await rejectionOf(
        client.setup.saveLanguageTone({
          businessId,
          settings: { language: 'Klingon' as 'English', tone: 'Friendly', keywordRegion: 'US' },
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Choose a language from the list.',
    })
    expect(
      await rejectionOf(
        client.setup.saveSiteStructure({
          businessId,
          structure: { sitemapUrl: 'not a url', blogUrl: 'https://acme.example/blog', bestArticles: [] },
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Sitemap URL must be a web address such as https://example.com.',
    })
    // A page that is not a sitemap is refused under the field, and nothing of step 3 is saved.
    const before = (await app.db.select().from(business).where(eq(business.id, businessId)))[0]
    const notSitemap = await rejectionOf(
      client.setup.saveSiteStructure({
        businessId,
        structure: { sitemapUrl: `${site.origin}/blog`, blogUrl: `${site.origin}/news`, bestArticles: [] },
      }),
    )
    const message = `${site.origin}/blog is a web page (HTML), not a sitemap. Enter the address of your XML sitemap (often /sitemap.xml), or leave the field empty if your site has none.`
    expect(notSitemap).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message,
      data: { reason: 'SITEMAP_UNREADABLE', issues: [{ message, path: ['sitemapUrl'] }] },
    })
    expect((await app.db.select().from(business).where(eq(business.id, businessId)))[0]).toEqual(before)
    for (const call of [
      () =>
        client.setup.saveSiteStructure({
          businessId: strangerBusinessId,
          structure: { sitemapUrl: `${site.origin}/sitemap.xml`, blogUrl: `${site.origin}/blog`, bestArticles: [] },
        }),
      () =>
        client.setup.saveLanguageTone({
          businessId: strangerBusinessId,
          settings: { language: 'French', tone: 'Playful', keywordRegion: 'FR' },
        }),
      () => client.setup.finish({ businessId: strangerBusinessId }),
    ]) {
      expect(await rejectionOf(call())).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'BUSINESS_NOT_FOUND' } })
    }
    const [theirs] = await app.db.select().from(business).where(eq(business.id, strangerBusinessId))
    expect(theirs).toMatchObject({ language: 'English', tone: 'Informative' })
    const [me] = await app.db.select({ selected: user.selectedBusiness }).from(user).where(eq(user.id, owner.userId))
    expect(me.selected).toBe(businessId)
    const [them] = await app.db.select({ selected: user.selectedBusiness }).from(user).where(eq(user.id, stranger.userId))
    expect(them.selected).toBeNull()
  })
})
