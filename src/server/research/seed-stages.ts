import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { z } from 'zod'
import { competitorKeyword, gscSearchAnalytics, refinedSeed, seedKeyword } from '~/server/db/schema'
import { analyzeCompetitorRankings } from '~/server/competitors/competitor-rankings'
import { gapKeywords } from '~/server/competitors/keyword-gap'
import { sortGap } from '~/shared/competitors'
import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import { relevanceScore, type SeedSource } from '~/shared/research'
import { cachedLlmObject, embedTexts, exclusionsOf, mapLimit, ofRun, profileText, fromInserted, textsOf, type RunContext } from './context'
import { hasNegativeTerm, isUsableKeyword, normalizeKeyword, variantKey } from './normalize'
import { DAY_MS } from '~/shared/time'

/** Seeds from each source, at most. */
const MAX_PROFILE_SEEDS = 30
const MAX_SERVICE_SEEDS = 20
/** Keywords of the competitor gap read as seeds, most searched first, for each competitor. */
const COMPETITOR_KEYWORDS = 30
/** Search Console queries read as seeds: the most seen of the last 90 days beyond the top 3. */
const SEARCH_CONSOLE_SEEDS = 30
const SEARCH_CONSOLE_DAYS = 90
/** Refined seeds expanded in one round (expandKeywords reads more rounds while it finds too few keywords). */
export const MAX_REFINED_SEEDS = 15

/** How much a source's seeds are trusted before relevance is known. */
const SOURCE_PRIORITY: Record<SeedSource, number> = { search_console: 90, profile: 80, service: 70, competitor: 60 }
/** A service or product the user typed is trusted above the LLM's phrases for it. */
const TYPED_PRIORITY = 75

interface SeedCandidate {
  keyword: string
  source: SeedSource
  sourceId?: string | null
  originalText: string
  metrics?: { searchVolume: number | null; difficulty: number | null; rank?: number; url?: string }
  /** A service or product as the user typed it (not an LLM phrase for it). */
  typed?: boolean
}

const serviceKeywordsSchema = z.object({
  keywords: z.array(z.string()).describe('Search phrases of 2 to 5 words, lower case, each one a thing a customer would type into Google.'),
})

/**
 * The searches that already show the business's pages (Search Console, when connected): the most
 * seen queries of the last 90 days whose average position is past the top 3, so there is room to
 * climb with an article of their own. Read from the synced rows; no provider is called.
 */
export async function searchConsoleSeeds(db: RunContext['db'], businessId: string, now = new Date()) {
  const since = new Date(now.getTime() - SEARCH_CONSOLE_DAYS * DAY_MS).toISOString().slice(0, 10)
  const rows = await db
    .select({
      query: gscSearchAnalytics.query,
      impressions: sql<number>`sum(${gscSearchAnalytics.impressions})::int`,
      position: sql<number>`sum(${gscSearchAnalytics.position} * ${gscSearchAnalytics.impressions}) / nullif(sum(${gscSearchAnalytics.impressions}), 0)`,
      page: sql<string>`(array_agg(${gscSearchAnalytics.page} order by ${gscSearchAnalytics.impressions} desc))[1]`,
    })
    .from(gscSearchAnalytics)
    .where(and(eq(gscSearchAnalytics.businessId, businessId), gte(gscSearchAnalytics.date, since)))
    .groupBy(gscSearchAnalytics.query)
    .having(
      sql`sum(${gscSearchAnalytics.impressions}) > 0 and sum(${gscSearchAnalytics.position} * ${gscSearchAnalytics.impressions}) / sum(${gscSearchAnalytics.impressions}) > 3`,
    )
    .orderBy(desc(sql`sum(${gscSearchAnalytics.impressions})`), gscSearchAnalytics.query)
    .limit(SEARCH_CONSOLE_SEEDS)
  return rows.map((row) => ({ ...row, position: Number(row.position) }))
}

/**
 * a. Seeds, in order of trust: the user's own seed keywords; the searches Search Console already
 * shows the site for; the services and products as typed, then search phrases the LLM writes for
 * them; the competitors' keyword gap. Each is stored with its source.
 */
export async function collectSeeds(context: RunContext): Promise<number> {
  const { business, db } = context
  const candidates: SeedCandidate[] = []

  for (const text of textsOf(business.seeds).slice(0, MAX_PROFILE_SEEDS)) {
    candidates.push({ keyword: normalizeKeyword(text), source: 'profile', originalText: text })
  }
  context.report('seeds', 0.2, 'Read the seed keywords of your profile')

  const searched = await searchConsoleSeeds(db, business.id)
  for (const row of searched) {
    candidates.push({
      keyword: normalizeKeyword(row.query),
      source: 'search_console',
      originalText: row.query,
      metrics: { searchVolume: null, difficulty: null, rank: Math.round(row.position), url: row.page },
    })
  }
  if (searched.length > 0) context.report('seeds', 0.3, `Read ${searched.length} searches Search Console shows your pages for`)

  const offerings = [...(business.primaryServices ?? []), ...(business.services ?? []), ...(business.coreProducts ?? [])]
    .map((item) => item.trim())
    .filter(Boolean)
  // What the business typed is searched as it is, before any phrase the LLM suggests for it.
  for (const text of offerings.slice(0, MAX_SERVICE_SEEDS)) {
    candidates.push({ keyword: normalizeKeyword(text), source: 'service', originalText: text, typed: true })
  }
  if (offerings.length > 0) {
    const object = await cachedLlmObject(context, {
      schema: serviceKeywordsSchema,
      schemaName: 'service_keywords',
      system: `You suggest search keywords in ${business.language}. Answer with phrases people search for, nothing else.`,
      prompt: [
        `Business: ${business.name ?? business.url}`,
        business.industry ? `Industry: ${business.industry}` : '',
        `Services and products:\n${[...new Set(offerings)].map((item) => `- ${item}`).join('\n')}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    })
    for (const text of object.keywords.slice(0, MAX_SERVICE_SEEDS)) {
      candidates.push({ keyword: normalizeKeyword(text), source: 'service', originalText: text })
    }
  }
  context.report('seeds', 0.5, 'Turned your services and products into searches')

  for (const candidate of await competitorGapSeeds(context)) candidates.push(candidate)
  context.report('seeds', 0.9, `Read what ${context.competitors.length} competitors rank for`)

  const rows = dedupe(candidates.filter((candidate) => isUsableKeyword(candidate.keyword)))
  if (rows.length === 0) return 0
  await db
    .insert(seedKeyword)
    .values(
      rows.map((candidate) => ({
        businessId: business.id,
        keyword: candidate.keyword,
        source: candidate.source,
        sourceId: candidate.sourceId ?? null,
        originalText: candidate.originalText,
        priority: candidate.typed ? TYPED_PRIORITY : SOURCE_PRIORITY[candidate.source],
        searchVolume: candidate.metrics?.searchVolume ?? null,
        keywordDifficulty: candidate.metrics?.difficulty ?? null,
        metadata: {
          runId: context.runId,
          ...(candidate.typed ? { typed: true } : {}),
          ...(candidate.metrics?.rank ? { rank: candidate.metrics.rank, url: candidate.metrics.url } : {}),
        },
      })),
    )
    .onConflictDoUpdate({
      target: [seedKeyword.businessId, seedKeyword.keyword, seedKeyword.source],
      set: fromInserted(seedKeyword, ['sourceId', 'originalText', 'priority', 'searchVolume', 'keywordDifficulty', 'metadata']),
    })
  return rows.length
}

/**
 * The competitors' keywords as seeds: the keyword gap /competitors shows (keyword-gap.ts), most
 * searched first, each with the best-ranked competitor's position and page. A competitor whose
 * rankings were never read (its analysis has not run yet) has them read and stored first, so the
 * gap and research always agree.
 */
async function competitorGapSeeds(context: RunContext): Promise<SeedCandidate[]> {
  const { db, business, providers, ledger } = context
  if (context.competitors.length === 0) return []
  const stored = new Set(
    (
      await db
        .selectDistinct({ competitorId: competitorKeyword.competitorId })
        .from(competitorKeyword)
        .where(eq(competitorKeyword.businessId, business.id))
    ).map((row) => row.competitorId),
  )
  // Read 3 at a time; each answer replaces only its own competitor's rows.
  await mapLimit(
    context.competitors.filter((row) => !stored.has(row.id)),
    3,
    async (target) => {
      const answer = await analyzeCompetitorRankings(db, providers.keywordData, business, target)
      if (answer.fromCache) ledger.cached('dataforseo', 1)
      else ledger.paid('dataforseo', 1, answer.cost)
    },
  )
  const gap = sortGap(await gapKeywords(db, business, { keepPlanned: true }), [{ id: 'searchVolume', desc: true }])
  return gap.slice(0, COMPETITOR_KEYWORDS * context.competitors.length).map((entry) => {
    const best = entry.competitors.reduce((top, item) => (item.rank < top.rank ? item : top))
    return {
      keyword: normalizeKeyword(entry.keyword),
      source: 'competitor' as const,
      sourceId: best.id,
      originalText: entry.keyword,
      metrics: { searchVolume: entry.searchVolume, difficulty: entry.difficulty, rank: best.rank, url: best.url ?? undefined },
    }
  })
}

/** One row per keyword and source (the table's key): the best-ranked competitor's, else the first seen. */
function dedupe(candidates: SeedCandidate[]): SeedCandidate[] {
  const seen = new Map<string, SeedCandidate>()
  for (const candidate of candidates) {
    const key = `${candidate.source}\u0001${candidate.keyword}`
    const kept = seen.get(key)
    const rank = candidate.metrics?.rank ?? Number.POSITIVE_INFINITY
    if (!kept || rank < (kept.metrics?.rank ?? Number.POSITIVE_INFINITY)) seen.set(key, candidate)
  }
  return [...seen.values()]
}

/**
 * b. Refined seeds: one per variant (case, spacing, punctuation, singular/plural) keeping the most
 * trusted source; negative terms dropped; relevance = similarity to the business profile; priority
 * from the source, raised for competitor keywords that rank near the top.
 */
export async function refineSeeds(context: RunContext): Promise<number> {
  const { db, business, runId } = context
  const { negativeTerms, excluded } = await exclusionsOf(db, business)
  const seeds = await db
    .select()
    .from(seedKeyword)
    .where(and(eq(seedKeyword.businessId, business.id), ofRun(seedKeyword.metadata, runId)))
    // A fixed order, so ties between variants are broken the same way on every run.
    .orderBy(seedKeyword.keyword, seedKeyword.source, seedKeyword.id)
  const byVariant = new Map<string, (typeof seeds)[number]>()
  for (const seed of seeds) {
    const key = variantKey(seed.keyword)
    if (hasNegativeTerm(seed.keyword, negativeTerms) || excluded.has(key)) continue
    const current = byVariant.get(key)
    if (
      !current ||
      seed.priority > current.priority ||
      (seed.priority === current.priority && seed.keyword.length < current.keyword.length)
    ) {
      byVariant.set(key, seed)
    }
  }
  const winners = [...byVariant.values()]
  if (winners.length === 0) return 0
  context.report('refine', 0.3, `${seeds.length} seeds, ${winners.length} after removing duplicates`)

  const [profileVector, ...vectors] = await embedTexts(context, [profileText(business), ...winners.map((seed) => seed.keyword)])
  const rows = winners.map((seed, index) => {
    const rank = typeof seed.metadata?.rank === 'number' ? seed.metadata.rank : undefined
    const priority = Math.min(100, seed.priority + (rank !== undefined && rank <= 3 ? 10 : rank !== undefined && rank <= 10 ? 5 : 0))
    return {
      businessId: business.id,
      keyword: seed.keyword,
      source: seed.source,
      sourceId: seed.sourceId,
      originalText: seed.originalText,
      priority,
      relevance: Math.round(relevanceScore(cosineSimilarity(vectors[index]!, profileVector!))),
      searchVolume: seed.searchVolume,
      keywordDifficulty: seed.keywordDifficulty,
      metadata: {
        runId,
        seedKeywordId: seed.id,
        ...(seed.metadata?.typed === true ? { typed: true } : {}),
        duplicates: seeds
          .filter((other) => other.id !== seed.id && variantKey(other.keyword) === variantKey(seed.keyword))
          .map((other) => other.keyword),
      },
    }
  })
  await db
    .insert(refinedSeed)
    .values(rows)
    .onConflictDoUpdate({
      target: [refinedSeed.businessId, refinedSeed.keyword, refinedSeed.source],
      set: fromInserted(refinedSeed, ['priority', 'relevance', 'sourceId', 'searchVolume', 'keywordDifficulty', 'metadata']),
    })
  return rows.length
}
