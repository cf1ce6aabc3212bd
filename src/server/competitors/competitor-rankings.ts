import { and, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { competitor, competitorKeyword, type business } from '~/server/db/schema'
import type { KeywordDataService } from '~/server/providers/dataforseo/keyword-data.service'
import type { RankedKeyword } from '~/server/providers/dataforseo/types'
import { keywordMarket } from '~/server/providers/dataforseo/market'
import { isUsableKeyword, normalizeKeyword } from '~/server/research/normalize'
import { COMPETITOR_RANKED_KEYWORDS, estimatedVisits } from '~/shared/competitors'

/**
 * A competitor's search rankings (docs/product/competitors.md): the keywords its site ranks for
 * in the business's market, as the keyword-data provider reports them, each with the visits its
 * position earns. Part of every competitor analysis.
 */

/** The domain the keyword data is asked about: the competitor's host without "www.". */
export const rankingTarget = (url: string) => new URL(url).hostname.toLowerCase().replace(/^www\./, '')

/**
 * Whether a keyword searches for the site itself ("northwind coffee" for northwindcoffee.com):
 * the name in its domain, spaces and hyphens aside. Such a search is the competitor's brand,
 * never a gap for another business to fill.
 */
export function namesSite(keyword: string, url: string): boolean {
  const label = rankingTarget(url)
    .split('.')[0]!
    .replace(/[^a-z0-9]/g, '')
  return (
    label.length >= 3 &&
    keyword
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .includes(label)
  )
}

/** One stored row per keyword: normalised, usable as a search, the best position kept. */
export function rankingRows(ranked: readonly RankedKeyword[]) {
  const rows = new Map<
    string,
    {
      keyword: string
      rank: number
      url: string
      searchVolume: number | null
      difficulty: number | null
      searchIntent: string | null
      traffic: number
    }
  >()
  for (const item of ranked) {
    const keyword = normalizeKeyword(item.keyword)
    if (!isUsableKeyword(keyword) || !Number.isFinite(item.rank) || item.rank < 1) continue
    const kept = rows.get(keyword)
    if (kept && kept.rank <= item.rank) continue
    rows.set(keyword, {
      keyword,
      rank: Math.round(item.rank),
      url: item.url,
      searchVolume: item.searchVolume === null ? null : Math.round(item.searchVolume),
      difficulty: item.difficulty === null ? null : Math.round(item.difficulty),
      searchIntent: item.intent,
      traffic: estimatedVisits(item.searchVolume, item.rank),
    })
  }
  return [...rows.values()]
}

type Owner = Pick<typeof business.$inferSelect, 'id' | 'keywordRegion' | 'language'>

/** What the competitor ranks for, read from the keyword-data provider (nothing stored yet). */
export async function readCompetitorRankings(keywordData: Pick<KeywordDataService, 'rankedKeywords'>, owner: Owner, url: string) {
  const answer = await keywordData.rankedKeywords(rankingTarget(url), { ...keywordMarket(owner), limit: COMPETITOR_RANKED_KEYWORDS })
  return { rows: rankingRows(answer.data), cost: answer.cost, fromCache: answer.fromCache }
}

/**
 * Replaces the competitor's stored rankings with `rows` and dates its analysis, inside the
 * caller's transaction; false when the competitor was removed meanwhile (nothing stored then).
 */
export async function storeCompetitorRankings(
  tx: Pick<Database, 'select' | 'delete' | 'insert' | 'update'>,
  owner: Owner,
  targetId: string,
  rows: ReturnType<typeof rankingRows>,
) {
  const [still] = await tx
    .select({ id: competitor.id })
    .from(competitor)
    .where(and(eq(competitor.id, targetId), eq(competitor.businessId, owner.id)))
    .for('update')
  if (!still) return false
  await tx.delete(competitorKeyword).where(eq(competitorKeyword.competitorId, targetId))
  if (rows.length > 0)
    await tx.insert(competitorKeyword).values(rows.map((row) => ({ ...row, businessId: owner.id, competitorId: targetId })))
  await tx.update(competitor).set({ lastAnalyzedAt: new Date(), updatedAt: new Date() }).where(eq(competitor.id, targetId))
  return true
}

/**
 * Reads what the competitor ranks for and replaces its stored rankings in one transaction (a
 * competitor removed meanwhile keeps nothing). Answers how many keywords were stored.
 */
export async function analyzeCompetitorRankings(
  db: Database,
  keywordData: Pick<KeywordDataService, 'rankedKeywords'>,
  owner: Owner,
  target: { id: string; url: string },
): Promise<{ keywords: number; cost: number; fromCache: boolean }> {
  const { rows, cost, fromCache } = await readCompetitorRankings(keywordData, owner, target.url)
  await db.transaction((tx) => storeCompetitorRankings(tx, owner, target.id, rows))
  return { keywords: rows.length, cost, fromCache }
}
