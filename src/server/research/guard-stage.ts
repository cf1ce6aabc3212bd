import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { gscSearchAnalytics, keyword, keywordMerge, longTailKeyword, researchRun } from '~/server/db/schema'
import { MIN_PLANNED_RELEVANCE, type ResearchLimit, type ResearchOutcome, type SeedFate, type SeedOutcome } from '~/shared/research'
import { embedTexts, exclusionsOf, fromInserted, textsOf, type BusinessRow, type Checkpoint, type RunContext } from './context'
import { contentWords, findDuplicate, type Compared, type DuplicateRule } from './duplicates'
import { hasNegativeTerm, normalizeKeyword, variantKey } from './normalize'
import { DAY_MS } from '~/shared/time'

/** Candidates the guard compares, best first: bounds the embeddings a run pays for. */
const MAX_GUARD_CANDIDATES = 600
/** A Search Console query the site already ranks for: in the top 3 on average over 90 days, seen often enough to trust. */
const RANKING_POSITION = 3
const RANKING_MIN_IMPRESSIONS = 20
const RANKING_QUERIES = 200
/**
 * Below this many scored candidates per open article the market itself is the limit: research
 * found few searches for the seeds at all, whatever the guard did with them.
 */
const MARKET_CANDIDATES_PER_ARTICLE = 2
/** Words of the profile that say nothing about what the business does, so they make no keyword on-topic. */
const GENERIC_WORDS = new Set(
  'best top cheap custom local online free new good great easy quick how what why when where who which is are do does can service product business company shop store buy price cost near'.split(
    ' ',
  ),
)

type LongTailRow = typeof longTailKeyword.$inferSelect
type Merge = typeof keywordMerge.$inferInsert

/** Articles already planned for `month` (every status but archived): the plan fills what is left. */
export async function plannedInMonth(db: Database, businessId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(keyword)
    .where(and(eq(keyword.businessId, businessId), eq(keyword.assignedMonth, month), sql`${keyword.status} <> 'archived'`))
  return row?.count ?? 0
}

/** Queries one of the business's pages already answers well (Search Console rows; none when not connected). */
export async function rankingQueries(db: RunContext['db'], businessId: string, now = new Date()) {
  const since = new Date(now.getTime() - 90 * DAY_MS).toISOString().slice(0, 10)
  const impressions = sql`sum(${gscSearchAnalytics.impressions})`
  return db
    .select({ query: gscSearchAnalytics.query })
    .from(gscSearchAnalytics)
    .where(and(eq(gscSearchAnalytics.businessId, businessId), gte(gscSearchAnalytics.date, since)))
    .groupBy(gscSearchAnalytics.query)
    .having(
      sql`${impressions} >= ${RANKING_MIN_IMPRESSIONS} and sum(${gscSearchAnalytics.position} * ${gscSearchAnalytics.impressions}) / ${impressions} <= ${RANKING_POSITION}`,
    )
    .orderBy(desc(impressions), gscSearchAnalytics.query)
    .limit(RANKING_QUERIES)
}

/** The words the business used for what it does: its seeds, services, products and industry. */
export function businessWords(owner: BusinessRow): Set<string> {
  const texts = [
    ...textsOf(owner.seeds),
    ...(owner.services ?? []),
    ...(owner.primaryServices ?? []),
    ...(owner.coreProducts ?? []),
    owner.industry ?? '',
  ]
  return new Set(texts.flatMap(contentWords).filter((word) => word.length > 2 && !GENERIC_WORDS.has(word)))
}

const round3 = (value: number) => Math.round(value * 1000) / 1000

/** A seed whose every variant was merged takes the first merge's reason. */
const SEED_FATE_OF_MERGE: Record<string, SeedFate> = {
  written: 'written',
  planned: 'already_planned',
  search_console: 'ranking',
  this_run: 'variant',
}

/**
 * e. The cannibalisation guard and the month's selection (docs/product/pipeline.md §3 e).
 * Candidates, best final score first, are compared with every keyword the business already plans
 * or has written, with the searches one of its pages already ranks in the top 3 for (Search
 * Console), and with the ones this run already took: a true duplicate (duplicates.ts) is merged
 * into that keyword (keyword_merge) instead of getting an article. First each of the user's own
 * seeds gets its article (the seed, or its best long-tail variant); then on-topic candidates fill
 * the month, a few per seed at first so the month covers several subjects. The run records what
 * became of each seed and, when the month is not full, what limited it.
 */
export async function guardAndSelect(context: RunContext, checkpoint: Checkpoint): Promise<number> {
  const { db, business, runId, month } = context
  const capacity = Math.max(0, context.monthlyArticles - (await plannedInMonth(db, business.id, month)))
  const exclusions = await exclusionsOf(db, business)
  const rows = (
    await db
      .select()
      .from(longTailKeyword)
      .where(and(eq(longTailKeyword.businessId, business.id), eq(longTailKeyword.researchRunId, runId)))
      .orderBy(desc(longTailKeyword.finalScore), longTailKeyword.keyword)
      .limit(MAX_GUARD_CANDIDATES)
  )
    // Excluded or negative since the candidates were scored (the settings may change mid-run).
    .filter((row) => !exclusions.excluded.has(variantKey(row.keyword)) && !hasNegativeTerm(row.keyword, exclusions.negativeTerms))
  const existing = await db
    .select({ id: keyword.id, keyword: keyword.keyword, status: keyword.status, assignedMonth: keyword.assignedMonth })
    .from(keyword)
    .where(eq(keyword.businessId, business.id))
  context.report('guard', 0.2, `Comparing ${rows.length} keywords with ${existing.length} you already have`)

  const ranking = rows.length > 0 ? await rankingQueries(db, business.id) : []
  const texts = [...existing.map((row) => row.keyword), ...ranking.map((row) => row.query), ...rows.map((row) => row.keyword)]
  const vectors = await embedTexts(context, texts)
  const compared = texts.map((text, index) => ({ keyword: text, words: contentWords(text), vector: vectors[index]! }))
  const existingCompared = compared.slice(0, existing.length)
  const rankingCompared = compared.slice(existing.length, existing.length + ranking.length)
  const candidates = compared.slice(existing.length + ranking.length)

  const accepted: number[] = []
  const merges: Merge[] = []
  const decided = new Set<number>()
  const merge = (
    index: number,
    into: { keyword: string; id?: string },
    reason: string,
    found: { rule: DuplicateRule; similarity: number },
  ) => {
    const row = rows[index]!
    merges.push({
      businessId: business.id,
      researchRunId: runId,
      keyword: row.keyword,
      longTailKeywordId: row.id,
      mergedIntoKeywordId: into.id ?? null,
      mergedInto: into.keyword,
      reason,
      rule: found.rule,
      similarity: round3(found.similarity),
    })
    return merges.at(-1)!
  }
  /** Accepts the candidate, or merges it into the keyword it duplicates (answered). */
  const decide = (index: number): Merge | undefined => {
    decided.add(index)
    const candidate = candidates[index]!
    const sameAsExisting = findDuplicate(candidate, existingCompared)
    if (sameAsExisting) {
      const target = existing[sameAsExisting.index]!
      return merge(index, target, target.status === 'published' ? 'written' : 'planned', sameAsExisting)
    }
    const sameAsRanking = findDuplicate(candidate, rankingCompared)
    if (sameAsRanking) return merge(index, { keyword: ranking[sameAsRanking.index]!.query }, 'search_console', sameAsRanking)
    const pool = accepted.map((taken) => candidates[taken]!)
    const sameAsTaken = findDuplicate(candidate, pool)
    if (sameAsTaken) return merge(index, { keyword: pool[sameAsTaken.index]!.keyword }, 'this_run', sameAsTaken)
    accepted.push(index)
    return undefined
  }

  const seeds = selectOwnSeeds({ owner: business, month, rows, candidates, existing, capacity, exclusions, decide, decided, accepted })

  const words = businessWords(business)
  const onTopic = (index: number) =>
    (rows[index]!.relevanceScore ?? 0) >= MIN_PLANNED_RELEVANCE || candidates[index]!.words.some((word) => words.has(word))
  fillMonth({ rows, capacity, accepted, decided, decide, onTopic })
  const offTopic = rows.filter((_, index) => !onTopic(index)).length
  const outcome: ResearchOutcome = {
    limitedBy: accepted.length >= capacity ? null : limitOf({ capacity, candidates: rows.length, offTopic, merged: merges.length }),
    seeds,
    competitors: context.competitors.length,
  }
  context.report('guard', 0.8, `${accepted.length} selected, ${merges.length} merged into keywords you have`)

  await db.transaction(async (tx) => {
    if (merges.length > 0) {
      await tx
        .insert(keywordMerge)
        .values(merges)
        .onConflictDoUpdate({
          target: [keywordMerge.businessId, keywordMerge.keyword],
          set: fromInserted(keywordMerge, [
            'researchRunId',
            'longTailKeywordId',
            'mergedIntoKeywordId',
            'mergedInto',
            'reason',
            'rule',
            'similarity',
          ]),
        })
    }
    if (accepted.length > 0) {
      await tx
        .update(longTailKeyword)
        .set({ isSelected: true })
        .where(
          inArray(
            longTailKeyword.id,
            accepted.map((index) => rows[index]!.id),
          ),
        )
    }
    await tx.update(researchRun).set({ outcome }).where(eq(researchRun.id, runId))
    await checkpoint(tx, 'guard', accepted.length, { capacity, merged: merges.length, offTopic })
  })
  return accepted.length
}

/**
 * Fills what the month has left with on-topic candidates, best first. A month covers several
 * topics: a first pass takes at most `perSeed` keywords grown from one seed (the user's seeds'
 * own articles count); a second pass fills what is left with the best of the rest.
 */
function fillMonth(input: {
  rows: LongTailRow[]
  capacity: number
  accepted: readonly number[]
  decided: ReadonlySet<number>
  decide: (index: number) => Merge | undefined
  onTopic: (index: number) => boolean
}) {
  const { rows, capacity, accepted, decided, decide, onTopic } = input
  const perSeed = Math.max(3, Math.ceil(capacity / 5))
  const seedOf = (row: LongTailRow) => row.refinedSeedId ?? row.keyword
  const fromSeed = new Map<string, number>()
  const count = (row: LongTailRow) => fromSeed.set(seedOf(row), (fromSeed.get(seedOf(row)) ?? 0) + 1)
  for (const index of accepted) count(rows[index]!)
  for (const pass of ['spread', 'fill'] as const) {
    for (const [index, row] of rows.entries()) {
      if (accepted.length >= capacity) return
      if (decided.has(index) || !onTopic(index)) continue
      if (pass === 'spread' && (fromSeed.get(seedOf(row)) ?? 0) >= perSeed) continue
      if (!decide(index)) count(row)
    }
  }
}

/**
 * What kept the month from filling: few searches found at all (the market), most of them not
 * about the business (relevance), or the rest duplicates of keywords it has.
 */
export function limitOf(figures: { capacity: number; candidates: number; offTopic: number; merged: number }): ResearchLimit {
  if (figures.candidates < MARKET_CANDIDATES_PER_ARTICLE * figures.capacity) return 'market'
  return figures.offTopic >= figures.merged ? 'relevance' : 'duplicates'
}

/**
 * Each of the user's own seeds, in the order they typed them, gets an article: the seed itself
 * when it is a long-tail search, else its best-scored long-tail variant (a candidate with all the
 * seed's words). Not when they excluded it or it has a negative term, when this month already
 * plans it or a variant of it, or when the month is full. A variant that duplicates another
 * keyword (planned or written in an earlier month too) gives way to the next one, so month after
 * month each seed gets a new article. Answers what became of each seed.
 */
function selectOwnSeeds(input: {
  owner: BusinessRow
  month: string
  rows: LongTailRow[]
  candidates: Compared[]
  existing: Array<{ keyword: string; status: string; assignedMonth: string | null }>
  capacity: number
  exclusions: Awaited<ReturnType<typeof exclusionsOf>>
  decide: (index: number) => Merge | undefined
  decided: ReadonlySet<number>
  accepted: number[]
}): SeedOutcome[] {
  const { rows, candidates, existing, capacity, exclusions, decide, decided, accepted } = input
  const seeds = [...new Set(textsOf(input.owner.seeds).map(normalizeKeyword).filter(Boolean))]
  return seeds.map((seed): SeedOutcome => {
    if (hasNegativeTerm(seed, exclusions.negativeTerms)) return { seed, fate: 'negative', keyword: null }
    if (exclusions.excluded.has(variantKey(seed))) return { seed, fate: 'excluded', keyword: null }
    const words = contentWords(seed)
    const covering = existing.find((row) => {
      const other = contentWords(row.keyword)
      const thisMonth = row.assignedMonth === input.month && row.status !== 'archived'
      return thisMonth && words.every((word) => other.includes(word))
    })
    if (covering) return { seed, fate: covering.status === 'published' ? 'written' : 'already_planned', keyword: covering.keyword }
    const variants = candidates
      .map((candidate, index) => ({ candidate, index }))
      .filter(({ candidate }) => words.every((word) => candidate.words.includes(word)))
      .sort((a, b) => Number(b.candidate.keyword === seed) - Number(a.candidate.keyword === seed) || a.index - b.index)
    if (variants.length === 0) return { seed, fate: 'no_searches', keyword: null }
    // Another seed's article may be this very seed ("sourdough" planned as "sourdough bread", also a seed).
    const taken = accepted.find((index) => rows[index]!.keyword === seed)
    if (taken !== undefined) return { seed, fate: 'planned', keyword: seed }
    let firstMerge: Merge | undefined
    for (const { index } of variants) {
      if (decided.has(index)) continue
      if (accepted.length >= capacity) return { seed, fate: 'month_full', keyword: null }
      const merged = decide(index)
      if (!merged) return { seed, fate: rows[index]!.keyword === seed ? 'planned' : 'variant', keyword: rows[index]!.keyword }
      firstMerge ??= merged
    }
    if (firstMerge) return { seed, fate: SEED_FATE_OF_MERGE[firstMerge.reason] ?? 'already_planned', keyword: firstMerge.mergedInto }
    // Every variant was decided for an earlier seed: one of them may be planned and cover this one too.
    const shared = variants.find(({ index }) => accepted.includes(index))
    return shared ? { seed, fate: 'variant', keyword: rows[shared.index]!.keyword } : { seed, fate: 'no_searches', keyword: null }
  })
}
