import { and, desc, eq, sql } from 'drizzle-orm'
import { SERP_DEPTH } from '~/server/articles/sources'
import { logger } from '~/server/logger'
import { ProviderError } from '~/server/providers/http'
import { expandedKeyword, keyword, longTailKeyword, refinedSeed } from '~/server/db/schema'
import type { KeywordMetrics, MonthlySearches } from '~/server/providers/dataforseo/types'
import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import { finalScore, opportunityScore, PEOPLE_ALSO_ASK, relevanceScore, trendScore } from '~/shared/research'
import { embedTexts, exclusionsOf, mapLimit, ofRun, profileText, fromInserted, type RunContext } from './context'
import { hasNegativeTerm, isUsableKeyword, normalizeKeyword, variantKey } from './normalize'
import { plannedInMonth } from './guard-stage'
import { MAX_REFINED_SEEDS } from './seed-stages'

const SUGGESTIONS_PER_SEED = 20
const RELATED_PER_SEED = 20
/** Related searches of the seed only: a second level doubles a run's keyword data for few keywords worth planning. */
const RELATED_DEPTH = 1
const IDEAS = 50
/** DataForSEO Labs answers several tasks at once; stay well inside its rate limit. */
const KEYWORD_DATA_CONCURRENCY = 4
/** A long-tail candidate: at least two words, searched at least this often a month. */
const MIN_LONG_TAIL_WORDS = 2
const MIN_SEARCH_VOLUME = 10
/** The user's own seeds whose Google results page is read for its "people also ask" questions. */
const PEOPLE_ALSO_ASK_SEEDS = 5
/** Keywords new to the business to find for each article the month still needs before expansion stops. */
const CANDIDATES_PER_ARTICLE = 5
/** Seeds one run reads at most: three rounds of MAX_REFINED_SEEDS. */
const MAX_EXPANDED_SEEDS = 3 * MAX_REFINED_SEEDS

type ExpansionType = 'seed' | 'suggestion' | 'related' | 'idea' | 'people_also_ask'
type RefinedSeedRow = typeof refinedSeed.$inferSelect

interface Expansion {
  keyword: string
  type: ExpansionType
  refinedSeedId: string
  seedKeyword: string
  seedSource: string
  metrics: KeywordMetrics
}

/** The 12-month series oldest first, as stored in `trends`. */
const series = (monthly: MonthlySearches[]) =>
  [...monthly].sort((a, b) => a.year - b.year || a.month - b.month).map((point) => ({ ...point }))

/**
 * c. Expanded keywords: for the best refined seeds, the keyword-data service's suggestions and
 * related keywords, plus keyword ideas for all of them together, each with volume, difficulty,
 * CPC, competition, intent, SERP features and the monthly series. The seeds themselves are
 * measured too, so a good seed can be planned as it is.
 *
 * Which seeds: the user's own seeds first, then the services and products they typed, then the
 * rest by priority × relevance, each divided by one plus the articles earlier months'
 * plans already took from it. So month after month research turns to the seeds the plan has used
 * least instead of re-reading the same ones (whose keywords are planned or merged by now), while a
 * second run for the same month reads the same seeds again (from the caches: it pays for nothing).
 *
 * How many: `MAX_REFINED_SEEDS` at a time, until the keywords found that the business does not
 * have yet number `CANDIDATES_PER_ARTICLE` for each article the month still needs (most fall to
 * the relevance floor or the cannibalisation guard), or `MAX_EXPANDED_SEEDS` were read. Every
 * keyword of the competitor gap is a candidate too, with the numbers its ranking came with, and so
 * is every measured "people also ask" question of the user's own first seeds (peopleAlsoAskKeywords).
 */
export async function expandKeywords(context: RunContext): Promise<number> {
  const { db, business, runId, providers, ledger, market } = context
  const { negativeTerms, excluded } = await exclusionsOf(db, business)
  const plannedBefore = sql<number>`(
    select count(*) from ${keyword} k join ${longTailKeyword} lt on lt.id = k.long_tail_keyword_id
    where k.business_id = ${business.id} and lt.refined_seed_id = ${refinedSeed.id}
      and k.status <> 'archived' and k.assigned_month < ${context.month})`
  const all = await db
    .select()
    .from(refinedSeed)
    .where(and(eq(refinedSeed.businessId, business.id), ofRun(refinedSeed.metadata, runId)))
    .orderBy(
      sql`case when ${refinedSeed.source} = 'profile' then 0 when ${refinedSeed.metadata}->>'typed' = 'true' then 1 else 2 end`,
      desc(sql`${refinedSeed.priority} * ${refinedSeed.relevance} / (1 + ${plannedBefore})`),
      refinedSeed.keyword,
    )
  const ranked = all.slice(0, MAX_EXPANDED_SEEDS)
  if (ranked.length === 0) return 0
  const owned = new Set(
    (await db.select({ keyword: keyword.keyword }).from(keyword).where(eq(keyword.businessId, business.id))).map((row) =>
      variantKey(row.keyword),
    ),
  )
  const wanted = CANDIDATES_PER_ARTICLE * Math.max(1, context.monthlyArticles - (await plannedInMonth(db, business.id, context.month)))
  const keywordData = providers.keywordData
  const found = new Map<string, Expansion>()
  let fresh = 0
  const usable = (keyword: string) =>
    isUsableKeyword(keyword) && !hasNegativeTerm(keyword, negativeTerms) && !excluded.has(variantKey(keyword)) && !found.has(keyword)
  const add = (seed: RefinedSeedRow, type: ExpansionType, metrics: KeywordMetrics) => {
    const keyword = normalizeKeyword(metrics.keyword)
    if (!usable(keyword)) return
    // A "people also ask" question is its own source; every other keyword carries its seed's.
    const source = type === 'people_also_ask' ? PEOPLE_ALSO_ASK : seed.source
    found.set(keyword, { keyword, type, refinedSeedId: seed.id, seedKeyword: seed.keyword, seedSource: source, metrics })
    if (!owned.has(variantKey(keyword))) fresh++
  }
  const tally = (answer: { fromCache: boolean; cost: number }) =>
    answer.fromCache ? ledger.cached('dataforseo', 1) : ledger.paid('dataforseo', 1, answer.cost)

  const seeds: typeof ranked = []
  for (let start = 0; start < ranked.length && (start === 0 || fresh < wanted); start += MAX_REFINED_SEEDS) {
    const batch = ranked.slice(start, start + MAX_REFINED_SEEDS)
    seeds.push(...batch)
    await measureSeeds(context, batch, add)
    context.report('expand', 0.1, `Measured ${seeds.length} seeds`)

    let done = 0
    const expansions = await mapLimit(batch, KEYWORD_DATA_CONCURRENCY, async (seed) => {
      context.signal.throwIfAborted()
      const suggestions = await keywordData.keywordSuggestions(seed.keyword, { ...market, limit: SUGGESTIONS_PER_SEED })
      tally(suggestions)
      const related = await keywordData.relatedKeywords(seed.keyword, { ...market, depth: RELATED_DEPTH, limit: RELATED_PER_SEED })
      tally(related)
      done++
      context.report('expand', 0.1 + (0.7 * done) / batch.length, `Expanded ${start + done} of ${start + batch.length} seeds`)
      return { seed, suggestions: suggestions.data, related: related.data }
    })
    // Added in the seeds' order (best first), so which seed a shared keyword grew from never
    // depends on which answer came back first.
    for (const { seed, suggestions, related } of expansions) {
      for (const metrics of suggestions) add(seed, 'suggestion', metrics)
      for (const metrics of related) add(seed, 'related', metrics)
    }
  }

  const ownSeeds = all.filter((seed) => seed.source === 'profile').slice(0, PEOPLE_ALSO_ASK_SEEDS)
  for (const { seed, metrics } of await peopleAlsoAskKeywords(context, ownSeeds, usable)) add(seed, 'people_also_ask', metrics)
  if (ownSeeds.length > 0) context.report('expand', 0.85, `Read the questions people also ask about ${ownSeeds.length} of your seeds`)

  const ideas = await keywordData.keywordIdeas(
    seeds.map((seed) => seed.keyword),
    { ...market, limit: IDEAS },
  )
  tally(ideas)
  for (const metrics of ideas.data) add(seeds[0]!, 'idea', metrics)
  for (const seed of all) if (seed.source === 'competitor') add(seed, 'seed', rankedMetrics(seed))
  context.report('expand', 0.9, `${found.size} keywords found`)

  const rows = [...found.values()].map((item) => ({
    businessId: business.id,
    keyword: item.keyword,
    refinedSeedId: item.refinedSeedId,
    source: item.seedSource,
    type: item.type,
    originalText: item.metrics.keyword,
    searchVolume: item.metrics.searchVolume,
    keywordDifficulty: item.metrics.difficulty,
    cpc: item.metrics.cpc,
    competition: item.metrics.competition,
    competitionLevel: item.metrics.competitionLevel,
    searchIntent: item.metrics.intent,
    serpFeatures: item.metrics.serpFeatures,
    trends: series(item.metrics.monthlySearches),
    metadata: { runId, seedKeyword: item.seedKeyword },
  }))
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(expandedKeyword)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: [expandedKeyword.businessId, expandedKeyword.keyword],
        set: fromInserted(expandedKeyword, [
          'refinedSeedId',
          'source',
          'type',
          'searchVolume',
          'keywordDifficulty',
          'cpc',
          'competition',
          'competitionLevel',
          'searchIntent',
          'serpFeatures',
          'trends',
          'metadata',
        ]),
      })
  }
  return rows.length
}

/**
 * The questions Google shows under "people also ask" on the results page of the user's own seeds
 * (docs/product/pipeline.md §3, step c). Each page is read through the keyword cache at the depth
 * article writing reads (SERP_DEPTH), so writing the seed's article later pays nothing for it; each
 * read's cost or cache hit goes to the run's ledger. The questions are normalised into keywords and
 * measured like the seeds (volume and series, then difficulty); a question the keyword-data service
 * has no search volume for is left out rather than given numbers. A page that cannot be read adds
 * no question (logged) rather than failing the run.
 */
async function peopleAlsoAskKeywords(
  context: RunContext,
  seeds: RefinedSeedRow[],
  usable: (keyword: string) => boolean,
): Promise<Array<{ seed: RefinedSeedRow; metrics: KeywordMetrics }>> {
  const { providers, ledger, market } = context
  const pages = await mapLimit(seeds, KEYWORD_DATA_CONCURRENCY, async (seed) => {
    context.signal.throwIfAborted()
    try {
      const serp = await providers.keywordData.organicSerp(seed.keyword, { ...market, depth: SERP_DEPTH })
      if (serp.fromCache) ledger.cached('dataforseo', 1)
      else ledger.paid('dataforseo', 1, serp.cost)
      return { seed, questions: serp.data.peopleAlsoAsk.map((item) => normalizeKeyword(item.question)) }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      logger.warn(`research: no results page for "${seed.keyword}" (${error.message}); its "people also ask" questions are not read`)
      return { seed, questions: [] }
    }
  })
  // The first seed to show a question keeps it, in the seeds' order (best first).
  const seedOf = new Map<string, RefinedSeedRow>()
  for (const { seed, questions } of pages) {
    for (const question of questions) if (usable(question) && !seedOf.has(question)) seedOf.set(question, seed)
  }
  if (seedOf.size === 0) return []
  const questions = [...seedOf.keys()]
  const volumes = await providers.keywordData.searchVolume(questions, market)
  const difficulties = await providers.keywordData.keywordDifficulty(questions, market)
  for (const batch of [volumes, difficulties]) {
    ledger.cached('dataforseo', batch.cachedKeywords)
    if (batch.fetchedKeywords > 0) ledger.paid('dataforseo', 1, batch.cost)
  }
  const difficultyOf = new Map(difficulties.data.map((item) => [normalizeKeyword(item.keyword), item.difficulty]))
  return volumes.data.flatMap((volume) => {
    const question = normalizeKeyword(volume.keyword)
    const seed = seedOf.get(question)
    if (!seed || volume.searchVolume === null) return []
    const metrics: KeywordMetrics = {
      keyword: question,
      searchVolume: volume.searchVolume,
      cpc: volume.cpc,
      competition: volume.competitionIndex === null ? null : volume.competitionIndex / 100,
      competitionLevel: volume.competition,
      difficulty: difficultyOf.get(question) ?? null,
      intent: null,
      monthlySearches: volume.monthlySearches,
      serpFeatures: [],
    }
    return [{ seed, metrics }]
  })
}

/**
 * A competitor's keyword as the keyword gap measured it (its stored ranking: volume and
 * difficulty), so every keyword of the gap is a candidate without being asked about again.
 */
function rankedMetrics(seed: typeof refinedSeed.$inferSelect): KeywordMetrics {
  return {
    keyword: seed.keyword,
    searchVolume: seed.searchVolume,
    cpc: null,
    competition: null,
    competitionLevel: null,
    difficulty: seed.keywordDifficulty,
    intent: null,
    monthlySearches: [],
    serpFeatures: [],
  }
}

/** The seeds' own numbers (volume and series, then difficulty), so a good seed can be planned as it is. */
async function measureSeeds(
  context: RunContext,
  seeds: RefinedSeedRow[],
  add: (seed: RefinedSeedRow, type: ExpansionType, metrics: KeywordMetrics) => void,
): Promise<void> {
  const { providers, ledger, market } = context
  const volumes = await providers.keywordData.searchVolume(
    seeds.map((seed) => seed.keyword),
    market,
  )
  const difficulties = await providers.keywordData.keywordDifficulty(
    seeds.map((seed) => seed.keyword),
    market,
  )
  for (const batch of [volumes, difficulties]) {
    ledger.cached('dataforseo', batch.cachedKeywords)
    if (batch.fetchedKeywords > 0) ledger.paid('dataforseo', 1, batch.cost)
  }
  const difficultyOf = new Map(difficulties.data.map((item) => [normalizeKeyword(item.keyword), item.difficulty]))
  for (const volume of volumes.data) {
    const seed = seeds.find((candidate) => candidate.keyword === normalizeKeyword(volume.keyword))
    if (!seed) continue
    add(seed, 'seed', {
      keyword: volume.keyword,
      searchVolume: volume.searchVolume,
      cpc: volume.cpc,
      competition: volume.competitionIndex === null ? null : volume.competitionIndex / 100,
      competitionLevel: volume.competition,
      difficulty: difficultyOf.get(seed.keyword) ?? null,
      intent: null,
      monthlySearches: volume.monthlySearches,
      serpFeatures: [],
    })
  }
}

/**
 * d. Long tail: the expanded keywords of two words or more with real searches, scored by
 * relevance, opportunity and trend into a final score (the formula: src/shared/research.ts).
 */
export async function scoreLongTail(context: RunContext): Promise<number> {
  const { db, business, runId } = context
  const expanded = await db
    .select()
    .from(expandedKeyword)
    .where(and(eq(expandedKeyword.businessId, business.id), ofRun(expandedKeyword.metadata, runId)))
  const candidates = expanded.filter(
    (row) => row.keyword.split(' ').length >= MIN_LONG_TAIL_WORDS && (row.searchVolume ?? 0) >= MIN_SEARCH_VOLUME,
  )
  if (candidates.length === 0) return 0
  context.report('score', 0.2, `Scoring ${candidates.length} keywords`)
  const [profileVector, ...vectors] = await embedTexts(context, [profileText(business), ...candidates.map((row) => row.keyword)])
  context.report('score', 0.7, `Scoring ${candidates.length} keywords`)
  const rows = candidates.map((row, index) => {
    const trend = (row.trends as MonthlySearches[] | null) ?? []
    const scores = {
      relevance: relevanceScore(cosineSimilarity(vectors[index]!, profileVector!)),
      opportunity: opportunityScore(row.searchVolume, row.keywordDifficulty),
      trend: trendScore(trend.map((point) => point.searchVolume)),
    }
    return {
      businessId: business.id,
      refinedSeedId: row.refinedSeedId,
      expandedKeywordId: row.id,
      keyword: row.keyword,
      metrics: {
        searchVolume: row.searchVolume,
        difficulty: row.keywordDifficulty,
        cpc: row.cpc,
        competition: row.competition,
        intent: row.searchIntent,
        trends: trend,
        seedKeyword: (row.metadata as { seedKeyword?: string } | null)?.seedKeyword ?? null,
        type: row.type,
      },
      relevanceScore: scores.relevance,
      opportunityScore: scores.opportunity,
      trendScore: scores.trend,
      finalScore: finalScore(scores),
      source: row.source,
      sourceStage: 'expanded',
      isSelected: false,
      researchRunId: runId,
    }
  })
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(longTailKeyword)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: [longTailKeyword.businessId, longTailKeyword.keyword],
        set: fromInserted(longTailKeyword, [
          'refinedSeedId',
          'expandedKeywordId',
          'metrics',
          'relevanceScore',
          'opportunityScore',
          'trendScore',
          'finalScore',
          'source',
          'sourceStage',
          'isSelected',
          'researchRunId',
        ]),
      })
  }
  return rows.length
}
