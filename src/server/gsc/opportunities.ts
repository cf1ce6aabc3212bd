import { addDays, LAG_DAYS } from './dates'

/**
 * The rules that turn Search Console rows into work (docs/product/search-console.md). Pure: the
 * service (opportunities.service.ts) loads the sums, these decide.
 *
 * Every rule looks at whole 28-day windows that end at the last day past the lag (3 days ago):
 * the days Google is still filling in would make any page look like it is falling.
 */

export const WINDOW_DAYS = 28
/** Striking distance: average position from 8 to 20, both included (the bottom of page 1 and page 2). */
export const STRIKING_POSITION = { min: 8, max: 20 } as const
/** Decay: clicks down by more than this share (exactly 20% is not decay). */
export const DECAY_DROP = 0.2
/** Cannibalisation: the second URL takes at least this share of the query's impressions. */
export const CANNIBAL_MIN_SHARE = 0.1

export interface DayRange {
  from: string
  to: string
}

/** The last 28 days past the lag, and the 28 before them. */
export function windowsOn(today: string): { recent: DayRange; previous: DayRange } {
  const end = addDays(today, -LAG_DAYS)
  return {
    recent: { from: addDays(end, -(WINDOW_DAYS - 1)), to: end },
    previous: { from: addDays(end, -(2 * WINDOW_DAYS - 1)), to: addDays(end, -WINDOW_DAYS) },
  }
}

/** A query × page's sums over a window. */
export interface QueryPageSums {
  query: string
  page: string
  clicks: number
  impressions: number
  /** Σ position × impressions (the weighted average's numerator). */
  positionSum: number
}

export interface StrikingQuery {
  query: string
  clicks: number
  impressions: number
  position: number
  /** The URL with most of its impressions. */
  page: string
}

/** Queries whose impression-weighted position over the window is from 8 to 20, with impressions; most impressions first. */
export function strikingDistance(rows: QueryPageSums[]): StrikingQuery[] {
  const byQuery = new Map<string, { clicks: number; impressions: number; positionSum: number; pages: Map<string, number> }>()
  for (const row of rows) {
    const sums = byQuery.get(row.query) ?? { clicks: 0, impressions: 0, positionSum: 0, pages: new Map<string, number>() }
    sums.clicks += row.clicks
    sums.impressions += row.impressions
    sums.positionSum += row.positionSum
    sums.pages.set(row.page, (sums.pages.get(row.page) ?? 0) + row.impressions)
    byQuery.set(row.query, sums)
  }
  const found: StrikingQuery[] = []
  for (const [query, sums] of byQuery) {
    if (sums.impressions <= 0) continue
    const position = sums.positionSum / sums.impressions
    if (position < STRIKING_POSITION.min || position > STRIKING_POSITION.max) continue
    const [page] = [...sums.pages].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!
    found.push({ query, clicks: sums.clicks, impressions: sums.impressions, position, page })
  }
  return found.sort((a, b) => b.impressions - a.impressions || a.query.localeCompare(b.query))
}

export type DecayVerdict =
  | { judged: false; reason: 'not-enough-data' | 'no-clicks-before'; recentClicks: number; previousClicks: number }
  | { judged: true; decaying: boolean; recentClicks: number; previousClicks: number; change: number }

/**
 * Whether a page's clicks decayed: the last 28 days against the 28 before, both past the lag.
 * Judged only when the page's data covers both windows (first seen on or before the first day of
 * the earlier one: fewer days would compare a part of a window); a page without clicks before has
 * nothing to lose. Decaying when clicks fell by more than 20%.
 */
export function decayOf(
  page: { firstSeen: string | null; recentClicks: number; previousClicks: number },
  windows: { previous: DayRange },
): DecayVerdict {
  const { recentClicks, previousClicks } = page
  if (!page.firstSeen || page.firstSeen > windows.previous.from)
    return { judged: false, reason: 'not-enough-data', recentClicks, previousClicks }
  if (previousClicks <= 0) return { judged: false, reason: 'no-clicks-before', recentClicks, previousClicks }
  // In whole numbers, so exactly 20% down is exactly at the line (not decay).
  const decaying = recentClicks * 100 < previousClicks * (100 - DECAY_DROP * 100)
  return { judged: true, decaying, recentClicks, previousClicks, change: (recentClicks - previousClicks) / previousClicks }
}

export interface CannibalisedQuery {
  query: string
  impressions: number
  /** Every URL shown for it, most impressions first, with its share of the query's impressions. */
  pages: { page: string; clicks: number; impressions: number; share: number; position: number }[]
  /** Keep the URL with most impressions; fold the others into it. */
  suggestion: { keep: string; merge: string[]; text: string }
}

/** Queries for which two or more of the business's URLs take impressions (the second at least 10% of them). */
export function cannibalisation(rows: QueryPageSums[]): CannibalisedQuery[] {
  const byQuery = new Map<string, QueryPageSums[]>()
  for (const row of rows) if (row.impressions > 0) byQuery.set(row.query, [...(byQuery.get(row.query) ?? []), row])
  const found: CannibalisedQuery[] = []
  for (const [query, pageRows] of byQuery) {
    const byPage = new Map<string, { clicks: number; impressions: number; positionSum: number }>()
    for (const row of pageRows) {
      const sums = byPage.get(row.page) ?? { clicks: 0, impressions: 0, positionSum: 0 }
      sums.clicks += row.clicks
      sums.impressions += row.impressions
      sums.positionSum += row.positionSum
      byPage.set(row.page, sums)
    }
    if (byPage.size < 2) continue
    const impressions = [...byPage.values()].reduce((total, sums) => total + sums.impressions, 0)
    const pages = [...byPage]
      .map(([page, sums]) => ({
        page,
        clicks: sums.clicks,
        impressions: sums.impressions,
        share: sums.impressions / impressions,
        position: sums.positionSum / sums.impressions,
      }))
      .sort((a, b) => b.impressions - a.impressions || a.page.localeCompare(b.page))
    if (pages[1]!.share < CANNIBAL_MIN_SHARE) continue
    const [keep, ...merge] = pages
    found.push({
      query,
      impressions,
      pages,
      suggestion: {
        keep: keep!.page,
        merge: merge.map((item) => item.page),
        text: `Merge ${merge.map((item) => item.page).join(' and ')} into ${keep!.page} and redirect it there (301), or rewrite it for a different search, so one page answers “${query}”.`,
      },
    })
  }
  return found.sort((a, b) => b.impressions - a.impressions || a.query.localeCompare(b.query))
}
