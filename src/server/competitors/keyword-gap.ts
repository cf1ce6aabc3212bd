import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { competitor, competitorKeyword, keyword, type business } from '~/server/db/schema'
import { exclusionsOf } from '~/server/research/context'
import { hasNegativeTerm, variantKey } from '~/server/research/normalize'
import type { GapKeyword } from '~/shared/competitors'
import { namesSite } from './competitor-rankings'

/** A competitor's name as the analysis found it, else its host. */
export const displayName = (row: { name: string | null; url: string }) =>
  row.name?.trim() || new URL(row.url).host.toLowerCase().replace(/^www\./, '')

/**
 * The keyword gap (docs/product/competitors.md): the searches the competitors rank for that are
 * missing from the plan, read from their stored rankings. A keyword is left out when the business
 * already has it as a keyword (any status, singular or plural alike), excluded it, or it contains
 * one of its negative terms, the same rules adding a keyword to the plan applies
 * (manual-keywords.ts); and a search for a competitor by name. One row per keyword, with every
 * competitor ranking for it, in no particular order. /competitors shows it as a table; research
 * reads it as seeds with `keepPlanned` (its guard sets planned ones aside, and a second run the
 * same month reads the same seeds, from the caches).
 */
export async function gapKeywords(
  db: Database,
  owner: typeof business.$inferSelect,
  options: { filters?: SQL; keepPlanned?: boolean } = {},
): Promise<GapKeyword[]> {
  const rows = await db
    .select({
      keyword: competitorKeyword.keyword,
      rank: competitorKeyword.rank,
      url: competitorKeyword.url,
      searchVolume: competitorKeyword.searchVolume,
      difficulty: competitorKeyword.difficulty,
      searchIntent: competitorKeyword.searchIntent,
      traffic: competitorKeyword.traffic,
      competitorId: competitor.id,
      competitorName: competitor.name,
      competitorUrl: competitor.url,
    })
    .from(competitorKeyword)
    .innerJoin(competitor, and(eq(competitor.id, competitorKeyword.competitorId), eq(competitor.businessId, owner.id)))
    .where(and(eq(competitorKeyword.businessId, owner.id), options.filters))
    .orderBy(asc(competitorKeyword.rank), asc(competitor.createdAt))

  const planned = await db.select({ keyword: keyword.keyword }).from(keyword).where(eq(keyword.businessId, owner.id))
  const inPlan = new Set(options.keepPlanned ? [] : planned.map((row) => variantKey(row.keyword)))
  const { negativeTerms, excluded } = await exclusionsOf(db, owner)
  const sites = await db.select({ url: competitor.url }).from(competitor).where(eq(competitor.businessId, owner.id))
  const brandSearch = (text: string) => sites.some((site) => namesSite(text, site.url))

  const gap = new Map<string, GapKeyword>()
  for (const row of rows) {
    const key = variantKey(row.keyword)
    if (inPlan.has(key) || excluded.has(key) || hasNegativeTerm(row.keyword, negativeTerms) || brandSearch(row.keyword)) continue
    const entry = gap.get(row.keyword) ?? {
      keyword: row.keyword,
      searchVolume: row.searchVolume,
      difficulty: row.difficulty,
      searchIntent: row.searchIntent,
      rank: row.rank,
      traffic: 0,
      competitors: [],
    }
    entry.rank = Math.min(entry.rank, row.rank)
    entry.traffic += row.traffic
    entry.competitors.push({
      id: row.competitorId,
      name: displayName({ name: row.competitorName, url: row.competitorUrl }),
      rank: row.rank,
      url: row.url,
    })
    gap.set(row.keyword, entry)
  }
  return [...gap.values()]
}
