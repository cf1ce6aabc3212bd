import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { competitor, competitorKeyword, jobRun, keyword, type business } from '~/server/db/schema'
import { filtersToSql, type ColumnMap } from '~/server/data-table/filter-to-sql'
import { displayName, gapKeywords } from './keyword-gap'
import { logger } from '~/server/logger'
import type { Providers } from '~/server/providers'
import { ProviderError } from '~/server/providers/http'
import { embedTexts } from '~/server/research/context'
import { compared, findDuplicate } from '~/server/research/duplicates'
import { createLedger } from '~/server/providers/cost-ledger'
import { competitorAnalyzeJob } from '~/server/setup/setup.jobs'
import { sortGap, type GapFilterField } from '~/shared/competitors'
import type { TableSearch } from '~/shared/data-table/table-schema'

/** The /competitors screen (docs/product/competitors.md): each competitor's analysis, and the keyword gap. */

/** Keywords shown per competitor on its card: the ones bringing it the most visits. */
const TOP_KEYWORDS = 5

/**
 * The business's competitors, oldest first, each with its analysis: the keywords it ranks for
 * (how many, the top ones), the visits they earn it a month, when it was last analysed
 * successfully, its latest analysis job (to follow one that is running), and a failed run since
 * that success (`failure`: when and why).
 */
export async function listCompetitorAnalyses(db: Database, businessId: string) {
  const competitors = await db
    .select()
    .from(competitor)
    .where(eq(competitor.businessId, businessId))
    .orderBy(asc(competitor.createdAt), asc(competitor.id))
  if (competitors.length === 0) return { competitors: [] }
  const rankings = await db
    .select({
      competitorId: competitorKeyword.competitorId,
      keyword: competitorKeyword.keyword,
      rank: competitorKeyword.rank,
      url: competitorKeyword.url,
      searchVolume: competitorKeyword.searchVolume,
      traffic: competitorKeyword.traffic,
    })
    .from(competitorKeyword)
    .where(eq(competitorKeyword.businessId, businessId))
    .orderBy(desc(competitorKeyword.traffic), asc(competitorKeyword.rank), asc(competitorKeyword.keyword))
  const jobs = await db
    .select({
      id: jobRun.id,
      state: jobRun.state,
      step: jobRun.step,
      error: jobRun.error,
      competitorId: jobRun.singletonKey,
      createdAt: jobRun.createdAt,
      finishedAt: jobRun.finishedAt,
    })
    .from(jobRun)
    .where(
      and(
        eq(jobRun.businessId, businessId),
        eq(jobRun.kind, competitorAnalyzeJob.name),
        inArray(
          jobRun.singletonKey,
          competitors.map((row) => row.id),
        ),
      ),
    )
    .orderBy(desc(jobRun.createdAt))

  return {
    competitors: competitors.map((row) => {
      const ranked = rankings.filter((item) => item.competitorId === row.id)
      const latestJob = jobs.find((job) => job.competitorId === row.id)
      // A failed run stored nothing: the card keeps the last successful analysis's data and date,
      // and shows the failure apart, dated (unless a later analysis succeeded since).
      const failedAt = latestJob?.state === 'failed' ? (latestJob.finishedAt ?? latestJob.createdAt) : null
      const failure = failedAt && (!row.lastAnalyzedAt || failedAt > row.lastAnalyzedAt) ? { at: failedAt, error: latestJob!.error } : null
      return {
        id: row.id,
        url: row.url,
        name: displayName(row),
        description: row.description,
        businessCategory: row.businessCategory,
        relevanceToOurBusiness: row.relevanceToOurBusiness,
        lastAnalyzedAt: row.lastAnalyzedAt,
        keywordCount: ranked.length,
        traffic: ranked.reduce((sum, item) => sum + item.traffic, 0),
        topKeywords: ranked.slice(0, TOP_KEYWORDS).map(({ competitorId: _competitorId, ...item }) => item),
        analysis: latestJob ? { jobId: latestJob.id, state: latestJob.state, step: latestJob.step, error: latestJob.error } : null,
        failure,
      }
    }),
  }
}

/** The gap table's filters on a competitor's ranking rows (src/shared/competitors.ts GAP_FILTER_FIELDS). */
const GAP_COLUMNS = {
  keyword: { column: competitorKeyword.keyword, type: 'text', nullable: false, lowerColumn: competitorKeyword.keywordLower },
  searchVolume: { column: competitorKeyword.searchVolume, type: 'integer', nullable: true },
  difficulty: { column: competitorKeyword.difficulty, type: 'integer', nullable: true },
  searchIntent: { column: competitorKeyword.searchIntent, type: 'text', nullable: true },
  rank: { column: competitorKeyword.rank, type: 'integer', nullable: false },
} satisfies Record<GapFilterField, ColumnMap[string]>

/** The keyword gap (keyword-gap.ts), filtered, sorted and paged like any data table, each row with the planned keyword it is too close to. */
export async function keywordGap(
  db: Database,
  providers: Providers,
  owner: typeof business.$inferSelect,
  search: TableSearch,
  now = new Date(),
) {
  const filters = filtersToSql(search.filters, search.joinOperator, GAP_COLUMNS, now)
  const planned = await db.select({ keyword: keyword.keyword }).from(keyword).where(eq(keyword.businessId, owner.id))
  const sorted = sortGap(await gapKeywords(db, owner, { filters }), search.sort)
  const total = sorted.length
  const start = (search.page - 1) * search.perPage
  const page = sorted.slice(start, start + search.perPage)
  const closeTo = await nearestPlanned(
    db,
    providers,
    page.map((row) => row.keyword),
    planned.map((row) => row.keyword),
  )
  return {
    items: page.map((row, index) => ({ ...row, closeTo: closeTo[index] ?? null })),
    total,
    page: search.page,
    perPage: search.perPage,
    pageCount: Math.ceil(total / search.perPage),
  }
}

/**
 * For each keyword, the planned keyword it is the same search as (the rule by which keyword.add
 * refuses it and research merges it: two articles would compete for one search), else null. Read from the
 * cached embeddings; without the embeddings provider nothing is flagged (keyword.add still checks).
 */
async function nearestPlanned(
  db: Database,
  providers: Providers,
  keywords: string[],
  planned: string[],
): Promise<Array<{ keyword: string; similarity: number } | null>> {
  if (keywords.length === 0 || planned.length === 0) return keywords.map(() => null)
  try {
    const context = { db, providers, ledger: createLedger() }
    const vectors = await embedTexts(context, [...keywords, ...planned])
    const plannedVectors = vectors.slice(keywords.length)
    const pool = planned.map((text, i) => compared(text, plannedVectors[i]!))
    return keywords.map((text, index) => {
      const found = findDuplicate(compared(text, vectors[index]!), pool)
      return found ? { keyword: planned[found.index]!, similarity: Math.round(found.similarity * 100) / 100 } : null
    })
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    logger.warn(`keyword gap: embeddings unavailable, overlaps with the plan not shown: ${error.message}`)
    return keywords.map(() => null)
  }
}
