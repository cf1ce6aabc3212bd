import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { gscSearchAnalytics } from '~/server/db/schema'
import { rankingQueries } from './guard-stage'
import { searchConsoleSeeds } from './seed-stages'

// Research reads the business's synced Search Console rows (docs/product/search-console.md): the
// searches it shows up for but is not yet in the top 3 for become seeds; the ones a page already
// ranks in the top 3 for are kept from the plan by the cannibalisation guard.
let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const NOW = new Date('2026-11-20T12:00:00Z')
const day = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10)

async function businessWithSearches() {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId))!
  const row = (query: string, page: string, daysAgo: number, impressions: number, position: number) => ({
    businessId: business.id,
    date: day(daysAgo),
    query,
    page,
    clicks: Math.round(impressions * 0.05),
    impressions,
    ctr: 0.05,
    position,
  })
  await app.db.insert(gscSearchAnalytics).values([
    // Ranks first: an article would compete with the page that already wins it.
    row('cold brew ratio', 'https://acme.example/journal/cold-brew', 5, 400, 1.4),
    row('cold brew ratio', 'https://acme.example/journal/cold-brew', 6, 380, 1.6),
    // Seen, not yet near the top: worth an article of its own.
    row('best espresso grinder', 'https://acme.example/shop/grinders', 3, 900, 14.2),
    row('best espresso grinder', 'https://acme.example/journal/espresso', 4, 100, 22),
    row('light roast vs dark roast', 'https://acme.example/journal/roasts', 10, 250, 7.5),
    // Too old (over 90 days), and never seen.
    row('french press grind size', 'https://acme.example/journal/french-press', 120, 5000, 9),
    row('aeropress recipe', 'https://acme.example/journal/aeropress', 2, 0, 12),
    // Top 3 but seen too rarely to trust.
    row('decaf process', 'https://acme.example/journal/decaf', 2, 5, 2),
  ])
  return business.id
}

describe('Search Console in keyword research', () => {
  it('seeds: the most seen queries of the last 90 days past the top 3, with their position and best page', async () => {
    const businessId = await businessWithSearches()
    // Impression-weighted position: (900 × 14.2 + 100 × 22) / 1000.
    expect(await searchConsoleSeeds(app.db, businessId, NOW)).toEqual([
      { query: 'best espresso grinder', impressions: 1000, position: expect.closeTo(14.98, 2), page: 'https://acme.example/shop/grinders' },
      { query: 'light roast vs dark roast', impressions: 250, position: 7.5, page: 'https://acme.example/journal/roasts' },
    ])
  })

  it('the guard’s list: queries a page already ranks in the top 3 for, seen at least 20 times', async () => {
    const businessId = await businessWithSearches()
    expect(await rankingQueries(app.db, businessId, NOW)).toEqual([{ query: 'cold brew ratio' }])
  })

  it('a business without Search Console has neither', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const business = (await insertBusiness(app, owner.userId))!
    expect(await searchConsoleSeeds(app.db, business.id, NOW)).toEqual([])
    expect(await rankingQueries(app.db, business.id, NOW)).toEqual([])
  })
})
