import { and, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { jobKindsWith, startTestWorker, type TestWorker } from '~tests/fixtures/test-worker'
import { openNote } from '~/features/research/research-outcome'
import { competitor, competitorKeyword, excludedKeyword, keyword, keywordMerge, plan, seedKeyword, user } from '~/server/db/schema'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { contentWords } from './duplicates'
import { variantKey } from './normalize'
import { researchRunJob } from './research.jobs'

// docs/product/pipeline.md §3: research fills the month the plan pays for from what the business
// typed (its seeds first), its competitors' keyword gap and the keyword data grown from them; only
// a market with too few distinct searches leaves it short, and the run then says why and what
// would widen it.
const network = setupServer(...llmHandlers(), ...dataforseoHandlers(), ...embeddingsHandlers())
let app: TestApp
let worker: TestWorker | undefined

beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  worker = await startTestWorker(app, { kinds: jobKindsWith(researchRunJob) })
}, 60_000)

afterAll(async () => {
  await worker?.stop()
  await app?.close()
  network.close()
})

async function articlesPerMonth(userId: string) {
  const [row] = await app.db
    .select({ articles: plan.articlesPerMonth })
    .from(user)
    .innerJoin(plan, eq(plan.id, user.plan))
    .where(eq(user.id, userId))
  return row!.articles
}

async function research(cookie: string, businessId: string) {
  const client = rpcClient(app, cookie)
  const { jobId } = await client.research.start({ businessId })
  const finished = await waitForJob(app, jobId, 120_000)
  expect(finished.error).toBeNull()
  const status = (await client.research.status({ businessId }))!
  const planned = await app.db.select().from(keyword).where(eq(keyword.businessId, businessId))
  return { client, status, planned }
}

/** A keyword planned for a seed has all the seed's words ("sourdough" → "sourdough bread recipe"). */
const coversSeed = (planned: string, seed: string) => contentWords(seed).every((word) => contentWords(planned).includes(word))

describe('research fills the month', () => {
  it('for a business whose site could not be read: its typed profile, two seeds and one competitor plan a full Growth month with both seeds', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    // No crawl and no analysis: everything research knows was typed in setup.
    const bakery = (await insertBusiness(app, owner.userId, {
      name: 'Crumb & Crust',
      url: `https://crumb-${owner.userId.slice(0, 6).toLowerCase()}.example`,
      description: 'Neighbourhood artisan bakery in Portland, Oregon.',
      industry: 'Bakery',
      services: ['Sourdough bread', 'Custom birthday cakes', 'Wholesale bread for cafés'],
      targetAudiences: ['Local families', 'Cafés and restaurants'],
      seeds: ['sourdough', 'artisan bread'],
      keywordRegion: 'US',
      language: 'English',
    }))!
    expect(bakery.crawlId).toBeNull()
    const [rival] = await app.db
      .insert(competitor)
      .values({ businessId: bakery.id, url: 'https://sourdoughbakery.example', name: 'Sourdough Bakery' })
      .returning()

    const { client, status, planned } = await research(owner.cookie, bakery.id)
    const capacity = await articlesPerMonth(owner.userId)
    expect(capacity).toBe(30)
    expect(planned).toHaveLength(capacity)
    expect(status.outcome?.limitedBy).toBeNull()
    expect(openNote(status)).toBeUndefined()

    // Both seeds have an article: the seed itself when it is a long-tail search, else its best variant.
    expect(status.outcome!.seeds).toEqual([
      { seed: 'sourdough', fate: 'variant', keyword: expect.any(String) },
      { seed: 'artisan bread', fate: expect.stringMatching(/^(planned|variant)$/), keyword: expect.any(String) },
    ])
    for (const { seed, keyword: chosen } of status.outcome!.seeds) {
      expect(coversSeed(chosen!, seed), `${chosen} for ${seed}`).toBe(true)
      expect(planned.map((row) => row.keyword)).toContain(chosen)
    }
    // The why-panel says which seed a keyword was planned for.
    const forSourdough = planned.find((row) => row.keyword === status.outcome!.seeds[0]!.keyword)!
    const why = await client.keyword.explain({ businessId: bakery.id, keywordId: forSourdough.id })
    expect(why.forSeed).toBe('sourdough')
    expect(why.path.find((step) => step.stage === 'guard')!.text).toMatch(/^Planned for your seed “sourdough”/)

    // The month is more than one theme: the typed services and the competitor gap have articles too.
    expect(planned.filter((row) => row.source === 'service').length).toBeGreaterThan(0)
    expect(planned.filter((row) => row.source === 'competitor').length).toBeGreaterThan(0)
    expect(new Set(planned.map((row) => row.clusterId)).size).toBeGreaterThan(3)

    // The competitor's keywords are the gap /competitors shows: its rankings were read and stored
    // (its analysis had not run), and every competitor seed is one of them.
    const stored = await app.db.select().from(competitorKeyword).where(eq(competitorKeyword.competitorId, rival!.id))
    expect(stored.length).toBeGreaterThan(30)
    const gapPage = (page: number) => client.competitor.gap({ businessId: bakery.id, perPage: 50, page })
    const first = await gapPage(1)
    const gap = [first, ...(await Promise.all(Array.from({ length: first.pageCount - 1 }, (_, i) => gapPage(i + 2))))].flatMap(
      (page) => page.items,
    )
    const competitorSeeds = await app.db
      .select({ keyword: seedKeyword.keyword })
      .from(seedKeyword)
      .where(and(eq(seedKeyword.businessId, bakery.id), eq(seedKeyword.source, 'competitor')))
    expect(competitorSeeds.length).toBeGreaterThan(0)
    const gapAndPlan = new Set([...gap.map((item) => item.keyword), ...planned.map((row) => row.keyword)])
    for (const seed of competitorSeeds) expect(gapAndPlan).toContain(seed.keyword)

    // Only true duplicates were merged, each with the rule that made it one.
    const merges = await app.db.select().from(keywordMerge).where(eq(keywordMerge.businessId, bakery.id))
    for (const merge of merges) expect(['same_words', 'close_wording']).toContain(merge.rule)
  }, 240_000)

  it('for a niche with few searches: fewer keywords, every seed still planned or explained, and the run says why and what widens it', async () => {
    const owner = await app.signUp({ plan: 'Growth' })
    const luthier = (await insertBusiness(app, owner.userId, {
      name: 'Zither Room',
      url: `https://zither-${owner.userId.slice(0, 6).toLowerCase()}.example`,
      description: 'Restringing and tuning of concert zithers.',
      seeds: ['zither restringing', 'zither tuning', 'zither strings'],
      keywordRegion: 'US',
      language: 'English',
    }))!
    await app.db
      .insert(excludedKeyword)
      .values({ businessId: luthier.id, keyword: 'zither strings', variantKey: variantKey('zither strings') })

    const { status, planned } = await research(owner.cookie, luthier.id)
    const capacity = await articlesPerMonth(owner.userId)
    expect(planned.length).toBeGreaterThan(0)
    expect(planned.length).toBeLessThan(capacity)
    expect(status.outcome).toMatchObject({ limitedBy: 'market', competitors: 0 })
    expect(status.outcome!.seeds).toEqual([
      { seed: 'zither restringing', fate: 'planned', keyword: 'zither restringing' },
      { seed: 'zither tuning', fate: 'planned', keyword: 'zither tuning' },
      { seed: 'zither strings', fate: 'excluded', keyword: null },
    ])
    const open = capacity - planned.length
    expect(openNote(status)).toBe(
      `${open} articles of ${new Date(`${status.month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })} are still open: research found too few distinct searches for your seeds in your market. Next step: add seeds for other things you sell (Settings → Research seeds), add a competitor on the Competitors page, or try a wider market (Settings → Article settings → Keyword region). Not planned from your seeds: “zither strings” (you excluded it).`,
    )
  }, 240_000)
})
