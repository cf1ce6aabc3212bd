import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEnvCache } from '~/env'
import { business, user } from '~/server/db/schema'
import { createTestApp, withoutCookieCache, type TestApp } from '~tests/fixtures/test-app'
import { insertBusiness, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { html, useTestSite, xml } from '~tests/fixtures/test-site'

// settings.get / updateProfile / updateArticleSettings / updateSeeds / updateSiteStructure
// (docs/product/entities.md): the shared schemas refuse bad values with their own message and nothing
// is written; only the caller's current business is ever read or changed. Sitemaps are read from a
// site this test serves on 127.0.0.1 (FETCH_ALLOW_LOOPBACK), never the network.
let app: TestApp
const site = useTestSite()

beforeAll(async () => {
  process.env.FETCH_ALLOW_LOOPBACK = 'true'
  resetEnvCache()
  app = await createTestApp()
})
afterAll(async () => {
  await app?.close()
  delete process.env.FETCH_ALLOW_LOOPBACK
  resetEnvCache()
})

const validProfile = {
  name: 'Acme Roasters',
  url: 'https://acme-roasters.example',
  description: 'Specialty coffee roasted to order.',
  industry: 'Food & drink',
  businessModel: 'D2C subscriptions',
  valueProposition: 'Fresh beans every week.',
  targetAudiences: ['Home baristas', ' Offices '],
  services: ['Subscriptions'],
  primaryServices: ['Coffee subscriptions'],
  coreProducts: ['Espresso blend', ''],
  customerProblems: ['Stale coffee'],
  competitiveAdvantages: ['Roasted within 48 hours'],
  targetOutcomes: ['Better mornings'],
}

const validSettings = {
  language: 'German',
  tone: 'Playful',
  keywordRegion: 'DE',
  autoPublish: false,
  internalLinks: 4,
  articleLeadDays: 5,
  seoScoreFloor: 80,
  articleMinWords: 1500,
  articleMaxWords: 4000,
  addYoutubeVideo: false,
  addCta: false,
  includeInfographics: false,
  imageStyle: 'Watercolor',
  brandColor: '#7C3AED',
} as const

async function userWithBusiness(values: Partial<typeof business.$inferInsert> = {}) {
  const account = await app.signUp({ plan: 'Growth' })
  const row = await insertBusiness(app, account.userId, values)
  return { ...account, business: row, client: rpcClient(app, account.cookie) }
}

const rowOf = async (id: string) => (await app.db.select().from(business).where(eq(business.id, id)))[0]

describe('settings.get', () => {
  it('returns the current business’s profile and the documented defaults, without blank list entries', async () => {
    const { client, business: row } = await userWithBusiness({ description: 'Coffee' })
    expect(await client.settings.get()).toEqual({
      businessId: row.id,
      profile: {
        name: row.name,
        url: row.url,
        description: 'Coffee',
        industry: '',
        businessModel: '',
        valueProposition: '',
        targetAudiences: [],
        services: [],
        primaryServices: [],
        coreProducts: [],
        customerProblems: [],
        competitiveAdvantages: [],
        targetOutcomes: [],
      },
      articleSettings: {
        language: 'English',
        tone: 'Informative',
        keywordRegion: 'US',
        autoPublish: true,
        internalLinks: 0,
        articleLeadDays: 3,
        seoScoreFloor: 70,
        articleMinWords: 1200,
        articleMaxWords: 3000,
        addYoutubeVideo: true,
        addCta: true,
        includeInfographics: true,
        imageStyle: 'Brand & Text Realism',
        brandColor: '#000000',
      },
      seeds: [],
      siteStructure: { sitemapUrl: null, blogUrl: null, bestArticles: [] },
      voice: { samples: [], profile: null, derivedAt: null, instructions: '', bannedPhrases: [] },
    })
  })

  it('lists the seeds, stored as a list or (older analyses) an object of lists, once each', async () => {
    const listed = await userWithBusiness({ seeds: ['cold brew', ' ', 'espresso beans'] })
    expect((await listed.client.settings.get()).seeds).toEqual(['cold brew', 'espresso beans'])
    const grouped = await userWithBusiness({ seeds: { primary: ['cold brew'], secondary: ['decaf', 'cold brew'] } })
    expect((await grouped.client.settings.get()).seeds).toEqual(['cold brew', 'decaf'])
  })

  it('follows the selected business', async () => {
    const owner = await userWithBusiness()
    const second = await insertBusiness(app, owner.userId, { name: 'Second' })
    await owner.client.business.select({ businessId: second.id })
    const fresh = rpcClient(app, withoutCookieCache(owner.cookie))
    expect((await fresh.settings.get()).businessId).toBe(second.id)
  })

  it('sends a user without a business to /setup', async () => {
    const account = await app.signUp({ plan: 'Growth' })
    const error = await rejectionOf(rpcClient(app, account.cookie).settings.get())
    expect(error).toMatchObject({ code: 'PRECONDITION_FAILED', data: { reason: 'BUSINESS_REQUIRED', redirectTo: '/setup' } })
  })

  it('is UNAUTHORIZED without a session', async () => {
    const error = await rejectionOf(rpcClient(app).settings.get())
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' })
  })
})

describe('settings.updateProfile', () => {
  it('saves every field, trimmed and without blank entries', async () => {
    const { client, business: row } = await userWithBusiness()
    const saved = await client.settings.updateProfile(validProfile)
    const expected = { ...validProfile, targetAudiences: ['Home baristas', 'Offices'], coreProducts: ['Espresso blend'] }
    expect(saved.profile).toEqual(expected)
    expect((await client.settings.get()).profile).toEqual(expected)
    expect(await rowOf(row.id)).toMatchObject(expected)
  })

  it.each([
    ['a bad URL', { url: 'not a website' }, 'Website must be a web address such as https://example.com.'],
    ['a URL without a dot', { url: 'https://localhost' }, 'Website must be a web address such as https://example.com.'],
    ['an empty name', { name: '  ' }, 'Business name is required.'],
    ['an empty description', { description: '' }, 'Description is required.'],
    ['too many services', { services: Array.from({ length: 21 }, (_, i) => `s${i}`) }, 'Services can have at most 20 entries.'],
  ])('refuses %s with the schema’s message and saves nothing', async (_name, change, message) => {
    const { client, business: row } = await userWithBusiness()
    const before = await rowOf(row.id)
    const error = await rejectionOf(client.settings.updateProfile({ ...validProfile, ...change }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message, data: { reason: 'INVALID_INPUT' } })
    expect(await rowOf(row.id)).toEqual(before)
  })

  it('refuses an address another of the user’s businesses has, as a Website field error, and saves nothing', async () => {
    const { client, userId, business: row } = await userWithBusiness()
    await insertBusiness(app, userId, { url: 'https://taken.example' })
    const before = await rowOf(row.id)
    const error = await rejectionOf(client.settings.updateProfile({ ...validProfile, url: 'https://taken.example' }))
    expect(error).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'You already have a business with this website address (https://taken.example).',
      data: {
        reason: 'BUSINESS_URL_TAKEN',
        issues: [{ message: 'You already have a business with this website address (https://taken.example).', path: ['url'] }],
      },
    })
    expect(await rowOf(row.id)).toEqual(before)
  })

  it('allows an address another user’s business has, and keeping its own address', async () => {
    const other = await userWithBusiness({ url: 'https://shared-address.example' })
    const { client } = await userWithBusiness()
    expect((await client.settings.updateProfile({ ...validProfile, url: 'https://shared-address.example' })).profile.url).toBe(
      'https://shared-address.example',
    )
    expect(
      (await client.settings.updateProfile({ ...validProfile, url: 'https://shared-address.example', name: 'Renamed' })).profile.name,
    ).toBe('Renamed')
    expect((await rowOf(other.business.id)).name).toBe(other.business.name)
  })
})

describe('settings.updateArticleSettings', () => {
  it('saves every setting (brand colour lower-cased)', async () => {
    const { client, business: row } = await userWithBusiness()
    const saved = await client.settings.updateArticleSettings(validSettings)
    const expected = { ...validSettings, brandColor: '#7c3aed' }
    expect(saved.articleSettings).toEqual(expected)
    expect(await rowOf(row.id)).toMatchObject(expected)
  })

  it('accepts the "Brand & Text Realism" style', async () => {
    const { client } = await userWithBusiness()
    await client.settings.updateArticleSettings({ ...validSettings, imageStyle: 'Watercolor' })
    const saved = await client.settings.updateArticleSettings({ ...validSettings, imageStyle: 'Brand & Text Realism' })
    expect(saved.articleSettings.imageStyle).toBe('Brand & Text Realism')
  })

  it.each([
    ['an invalid brand colour', { brandColor: '#12345' }, 'Brand colour must be a hex colour such as #7c3aed.'],
    ['a colour name', { brandColor: 'purple' }, 'Brand colour must be a hex colour such as #7c3aed.'],
    ['an unknown tone', { tone: 'Sarcastic' }, 'Choose a tone from the list.'],
    ['an unknown image style', { imageStyle: 'Oil Painting' }, 'Choose an image style from the list.'],
    ['an unknown language', { language: 'Klingon' }, 'Choose a language from the list.'],
    ['an unknown region', { keywordRegion: 'ZZ' }, 'Choose a region from the list.'],
    ['negative internal links', { internalLinks: -1 }, 'Internal links cannot be negative.'],
    ['too many internal links', { internalLinks: 11 }, 'At most 10 internal links per article.'],
    ['fractional internal links', { internalLinks: 1.5 }, 'Internal links must be a whole number.'],
    ['a lead time of 0 days', { articleLeadDays: 0 }, 'Write articles at least 1 day ahead.'],
    ['a lead time over two weeks', { articleLeadDays: 15 }, 'Write articles at most 14 days ahead.'],
    ['a score floor over 100', { seoScoreFloor: 101 }, 'The score floor is at most 100.'],
    ['a minimum length under 300 words', { articleMinWords: 299 }, 'Articles must be at least 300 words long.'],
    ['a maximum length over 10,000 words', { articleMaxWords: 10_001 }, 'Articles can be at most 10,000 words long.'],
    ['a fractional minimum length', { articleMinWords: 1200.5 }, 'The minimum length must be a whole number of words.'],
    [
      'a maximum length under the minimum',
      { articleMinWords: 2500, articleMaxWords: 2000 },
      'The maximum length must be at least the minimum length.',
    ],
  ])('refuses %s with the schema’s message and saves nothing (not even the valid fields)', async (_name, change, message) => {
    const { client, business: row } = await userWithBusiness()
    const before = await rowOf(row.id)
    const error = await rejectionOf(client.settings.updateArticleSettings({ ...validSettings, ...change } as typeof validSettings))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message, data: { reason: 'INVALID_INPUT' } })
    expect(await rowOf(row.id)).toEqual(before)
  })
})

describe('settings.updateSeeds', () => {
  it('saves the seeds trimmed, without blanks or repeats, for the next research run', async () => {
    const { client, business: row } = await userWithBusiness({ seeds: ['old seed'] })
    const saved = await client.settings.updateSeeds({ seeds: [' cold brew ', '', 'cold brew', 'decaf beans'] })
    expect(saved.seeds).toEqual(['cold brew', 'decaf beans'])
    expect((await rowOf(row.id)).seeds).toEqual(['cold brew', 'decaf beans'])
  })

  it.each([
    ['more than 30 seeds', Array.from({ length: 31 }, (_, index) => `seed ${index}`), 'Seed keywords can have at most 30 entries.'],
    ['a seed over 100 characters', ['fine', 'x'.repeat(101)], 'A seed keyword can be at most 100 characters.'],
  ])('refuses %s with setup’s message and saves nothing', async (_name, seeds, message) => {
    const { client, business: row } = await userWithBusiness({ seeds: ['old seed'] })
    const before = await rowOf(row.id)
    const error = await rejectionOf(client.settings.updateSeeds({ seeds }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message, data: { reason: 'INVALID_INPUT' } })
    expect(await rowOf(row.id)).toEqual(before)
  })
})

describe('settings.updateSiteStructure', () => {
  const serveSitemap = () => {
    site.routes.set('/sitemap.xml', xml(`<urlset><url><loc>${site.origin}/blog/a</loc></url></urlset>`))
    site.routes.set('/blog', html('<!doctype html><title>Blog</title><h1>Blog</h1>'))
  }

  it('reads a new sitemap and saves it with the blog and best articles', async () => {
    serveSitemap()
    const { client, business: row } = await userWithBusiness()
    const structure = {
      sitemapUrl: `${site.origin}/sitemap.xml`,
      blogUrl: `${site.origin}/blog`,
      bestArticles: [`${site.origin}/blog/a`, ` ${site.origin}/blog/b `],
    }
    const saved = await client.settings.updateSiteStructure(structure)
    const expected = { ...structure, bestArticles: [`${site.origin}/blog/a`, `${site.origin}/blog/b`] }
    expect(saved.siteStructure).toEqual(expected)
    expect(await rowOf(row.id)).toMatchObject(expected)
    expect(site.requests.map((request) => request.path)).toEqual(['/sitemap.xml'])
  })

  it('lets a site without a sitemap leave it empty, and does not re-read an unchanged one', async () => {
    const { client, business: row } = await userWithBusiness({ sitemapUrl: `${site.origin}/gone.xml`, blogUrl: `${site.origin}/blog` })
    // The saved sitemap was read when it was saved; keeping it reads nothing.
    const kept = await client.settings.updateSiteStructure({
      sitemapUrl: `${site.origin}/gone.xml`,
      blogUrl: `${site.origin}/news`,
      bestArticles: [],
    })
    expect(kept.siteStructure.blogUrl).toBe(`${site.origin}/news`)
    const cleared = await client.settings.updateSiteStructure({ sitemapUrl: '', blogUrl: `${site.origin}/news`, bestArticles: [] })
    expect(cleared.siteStructure.sitemapUrl).toBeNull()
    expect((await rowOf(row.id)).sitemapUrl).toBeNull()
    expect(site.requests).toEqual([])
  })

  it.each([
    ['an HTML page', '/blog', (origin: string) => `${origin}/blog is a web page (HTML), not a sitemap.`],
    ['a 404', '/missing.xml', (origin: string) => `We could not reach ${origin}/missing.xml: the site answered 404 (Not Found).`],
  ])('refuses %s as a sitemap, under the field, and saves nothing (not even the blog)', async (_name, path, reason) => {
    serveSitemap()
    const { client, business: row } = await userWithBusiness({ sitemapUrl: null, blogUrl: 'https://old.example/blog' })
    const before = await rowOf(row.id)
    const error = await rejectionOf(
      client.settings.updateSiteStructure({ sitemapUrl: `${site.origin}${path}`, blogUrl: `${site.origin}/blog`, bestArticles: [] }),
    )
    const message = `${reason(site.origin)} Enter the address of your XML sitemap (often /sitemap.xml), or leave the field empty if your site has none.`
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message,
      data: { reason: 'SITEMAP_UNREADABLE', issues: [{ message, path: ['sitemapUrl'] }] },
    })
    expect(await rowOf(row.id)).toEqual(before)
  })

  it.each([
    ['a bad sitemap address', { sitemapUrl: 'my sitemap' }, 'Sitemap URL must be a web address such as https://example.com.'],
    ['a malformed blog address', { blogUrl: 'our blog' }, 'Blog URL must be a web address such as https://example.com.'],
    [
      'a best article that is not a web address',
      { bestArticles: ['javascript:alert(1)'] },
      'Article URL must start with http:// or https://.',
    ],
    [
      'more than 20 best articles',
      { bestArticles: Array.from({ length: 21 }, (_, i) => `https://a.example/${i}`) },
      'Choose at most 20 best articles.',
    ],
  ])('refuses %s with setup’s message, reading nothing and saving nothing', async (_name, change, message) => {
    const { client, business: row } = await userWithBusiness()
    const before = await rowOf(row.id)
    const input = { sitemapUrl: `${site.origin}/sitemap.xml`, blogUrl: `${site.origin}/blog`, bestArticles: [], ...change }
    const error = await rejectionOf(client.settings.updateSiteStructure(input))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message, data: { reason: 'INVALID_INPUT' } })
    expect(await rowOf(row.id)).toEqual(before)
    expect(site.requests).toEqual([])
  })
})

describe('ownership', () => {
  it('a selection forged to point at another user’s business is FORBIDDEN and that business is untouched', async () => {
    const victim = await userWithBusiness()
    const attacker = await userWithBusiness()
    await app.db.update(user).set({ selectedBusiness: victim.business.id }).where(eq(user.id, attacker.userId))
    const client = rpcClient(app, withoutCookieCache(attacker.cookie))
    const before = await rowOf(victim.business.id)
    for (const call of [
      () => client.settings.get(),
      () => client.settings.updateProfile(validProfile),
      () => client.settings.updateArticleSettings(validSettings),
      () => client.settings.updateSeeds({ seeds: ['forged'] }),
      () => client.settings.updateSiteStructure({ sitemapUrl: '', blogUrl: 'https://forged.example/blog', bestArticles: [] }),
    ]) {
      const error = await rejectionOf(call())
      expect(error).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have access to the selected business.' })
    }
    expect(await rowOf(victim.business.id)).toEqual(before)
  })

  it('the article length range of another user’s business cannot be changed through a forged selection', async () => {
    const victim = await userWithBusiness({ articleMinWords: 1400, articleMaxWords: 2600 })
    const attacker = await userWithBusiness()
    await app.db.update(user).set({ selectedBusiness: victim.business.id }).where(eq(user.id, attacker.userId))
    const client = rpcClient(app, withoutCookieCache(attacker.cookie))
    const error = await rejectionOf(client.settings.updateArticleSettings({ ...validSettings, articleMinWords: 300, articleMaxWords: 300 }))
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403 })
    expect(await rowOf(victim.business.id)).toMatchObject({ articleMinWords: 1400, articleMaxWords: 2600 })
    expect(await rowOf(attacker.business.id)).toMatchObject({ articleMinWords: 1200, articleMaxWords: 3000 })
  })

  it('another user cannot select someone else’s business to edit it', async () => {
    const victim = await userWithBusiness()
    const attacker = await userWithBusiness()
    const error = await rejectionOf(attacker.client.business.select({ businessId: victim.business.id }))
    expect(error).toMatchObject({ code: 'NOT_FOUND' })
    await attacker.client.settings.updateProfile(validProfile)
    expect((await rowOf(victim.business.id)).name).toBe(victim.business.name)
    expect((await rowOf(attacker.business.id)).name).toBe('Acme Roasters')
  })
})
