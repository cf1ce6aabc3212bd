import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBusiness, rpcClient } from '~tests/fixtures/rpc'
import { waitForJob } from '~tests/fixtures/setup-test-env'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { jobKindsWith, startTestWorker, type TestWorker } from '~tests/fixtures/test-worker'
import { SERP_DEPTH } from '~/server/articles/sources'
import { expandedKeyword, keyword, keywordCache, longTailKeyword } from '~/server/db/schema'
import { dataforseoHandlers } from '~/server/demo-network/dataforseo/mock'
import { peopleAlsoAsk } from '~/server/demo-network/dataforseo/mock-serp'
import { embeddingsHandlers } from '~/server/demo-network/embeddings/mock'
import { llmHandlers } from '~/server/demo-network/llm/mock'
import { KEYWORD_SOURCE_LABELS, PEOPLE_ALSO_ASK } from '~/shared/research'
import type { RunContext } from './context'
import { expandKeywords, scoreLongTail } from './expand-stages'
import { createLedger } from '~/server/providers/cost-ledger'
import { normalizeKeyword } from './normalize'
import { researchRunJob } from './research.jobs'
import { explainKeyword } from './research.service'
import { collectSeeds, refineSeeds } from './seed-stages'

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

const market = { country: 'US', language: 'en' }
const SEEDS = ['coffee subscription', 'espresso beans', 'pour over coffee']

/** The mock's "people also ask" questions for a seed, as keywords. */
const questionsOf = (seed: string) => peopleAlsoAsk(seed).map(normalizeKeyword)

async function roaster() {
  const owner = await app.signUp({ plan: 'Growth' })
  const business = (await insertBusiness(app, owner.userId, {
    name: 'Acme Roasters',
    description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
    industry: 'Specialty coffee',
    services: ['Coffee subscriptions'],
    targetAudiences: ['Home baristas'],
    seeds: SEEDS,
    keywordRegion: 'US',
    language: 'English',
  }))!
  return { owner, business }
}

/** Seeds to scored long tail for a new business, counting each results page read and what it cost. */
async function researchUpToScoring() {
  const { business } = await roaster()
  const ledger = createLedger()
  const reads: Array<{ keyword: string; depth: number | undefined; fromCache: boolean }> = []
  const base = app.providers.keywordData
  const keywordData: typeof base = {
    ...base,
    organicSerp: async (text, options) => {
      const answer = await base.organicSerp(text, options)
      reads.push({ keyword: text, depth: options.depth, fromCache: answer.fromCache })
      return answer
    },
  }
  const context: RunContext = {
    db: app.db,
    providers: { ...app.providers, keywordData },
    runId: randomUUID(),
    business,
    competitors: [],
    market,
    month: '2026-12',
    monthlyArticles: 10,
    ledger,
    signal: new AbortController().signal,
    now: () => new Date(),
    planningDate: new Date(),
    report: () => {},
  }
  await collectSeeds(context)
  await refineSeeds(context)
  await expandKeywords(context)
  await scoreLongTail(context)
  return { business, context, ledger, reads }
}

describe('"people also ask" questions of the user’s own seeds', () => {
  it('become measured long-tail candidates of their own source, from results pages read once through the shared cache', async () => {
    const first = await researchUpToScoring()
    // Each of the user's own seeds (at most five) has its results page read at article writing's depth.
    expect(first.reads.map((read) => read.keyword).sort()).toEqual([...SEEDS].sort())
    for (const read of first.reads) expect(read.depth).toBe(SERP_DEPTH)

    const expanded = await app.db
      .select()
      .from(expandedKeyword)
      .where(and(eq(expandedKeyword.businessId, first.business.id), eq(expandedKeyword.type, PEOPLE_ALSO_ASK)))
    expect(expanded.length).toBeGreaterThan(0)
    for (const row of expanded) {
      const seed = (row.metadata as { seedKeyword: string }).seedKeyword
      expect(SEEDS).toContain(seed)
      expect(questionsOf(seed)).toContain(row.keyword)
      expect(row.source).toBe(PEOPLE_ALSO_ASK)
      // Measured, never invented: the numbers are the keyword-data service's for the question.
      const [volume] = (await app.providers.keywordData.searchVolume([row.keyword], market)).data
      expect(row.searchVolume).toBe(volume!.searchVolume)
      expect(row.searchVolume).not.toBeNull()
    }
    const longTail = await app.db
      .select()
      .from(longTailKeyword)
      .where(and(eq(longTailKeyword.businessId, first.business.id), eq(longTailKeyword.source, PEOPLE_ALSO_ASK)))
    expect(longTail.length).toBeGreaterThan(0)
    expect(longTail.map((row) => row.keyword).sort()).toEqual(
      expanded
        .filter((row) => row.keyword.split(' ').length >= 2 && (row.searchVolume ?? 0) >= 10)
        .map((row) => row.keyword)
        .sort(),
    )

    // With every other answer cached, a run pays for exactly the results pages it reads, in its ledger.
    await app.db.delete(keywordCache).where(eq(keywordCache.endpointType, 'serp_organic'))
    const second = await researchUpToScoring()
    expect(second.reads.every((read) => !read.fromCache)).toBe(true)
    expect(second.ledger.snapshot().dataforseo!.calls).toBe(SEEDS.length)
    expect(second.ledger.snapshot().dataforseo!.cost).toBeGreaterThan(0)

    // The next run, and article writing on a seed (same cache key), pay nothing for them.
    const third = await researchUpToScoring()
    expect(third.reads.every((read) => read.fromCache)).toBe(true)
    expect(third.ledger.snapshot().dataforseo).toMatchObject({ calls: 0, cost: 0 })
    expect((await app.providers.keywordData.organicSerp(SEEDS[0]!, { ...market, depth: SERP_DEPTH })).fromCache).toBe(true)
  }, 120_000)

  it('a planned question is explained with its source, “People also ask”, and the seed whose results page asked it', async () => {
    const { owner, business } = await roaster()
    const client = rpcClient(app, owner.cookie)
    const { jobId } = await client.research.start({ businessId: business.id })
    expect((await waitForJob(app, jobId, 90_000)).state).toBe('completed')

    const candidates = await app.db
      .select()
      .from(longTailKeyword)
      .where(and(eq(longTailKeyword.businessId, business.id), eq(longTailKeyword.source, PEOPLE_ALSO_ASK)))
    expect(candidates.length).toBeGreaterThan(0)
    const planned = await app.db
      .select()
      .from(keyword)
      .where(and(eq(keyword.businessId, business.id), eq(keyword.source, PEOPLE_ALSO_ASK)))
    expect(planned.length).toBeGreaterThan(0)
    const why = await explainKeyword(app.db, business.id, planned[0]!.id)
    expect(why.source).toMatchObject({ kind: PEOPLE_ALSO_ASK })
    expect(SEEDS).toContain(why.source!.seed)
    expect(questionsOf(why.source!.seed!)).toContain(planned[0]!.keyword)
    expect(why.path.find((step) => step.stage === 'expand')?.text).toMatch(/People also ask/)
    expect(KEYWORD_SOURCE_LABELS[PEOPLE_ALSO_ASK]).toBe('People also ask')
  }, 120_000)
})
