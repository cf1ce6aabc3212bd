import { dataTableConfig } from './data-table/config'
import { SEARCH_INTENT_LABELS, SEARCH_INTENTS, type FilterFieldDefinition } from './keywords'

/**
 * The /competitors screen's shared vocabulary (docs/product/competitors.md): how visits are
 * estimated from a ranking, and the keyword-gap table's columns, which both the route's URL
 * parse and competitor.gap's input schema read.
 */

/** Keywords read per competitor analysis (the ones bringing it the most visits first). */
export const COMPETITOR_RANKED_KEYWORDS = 100

/**
 * Share of a search's clicks that goes to each organic position, 1 to 10 (an industry average of
 * published click-through studies); below the first page a result earns a sliver.
 */
const CLICK_THROUGH = [0.28, 0.15, 0.11, 0.08, 0.06, 0.045, 0.035, 0.03, 0.025, 0.02] as const

export function clickThroughRate(rank: number): number {
  if (!Number.isFinite(rank) || rank < 1) return 0
  const position = Math.floor(rank)
  if (position <= CLICK_THROUGH.length) return CLICK_THROUGH[position - 1]!
  if (position <= 20) return 0.01
  return 0.003
}

/** Monthly visits a position earns: the search volume times the click-through rate at that rank. */
export function estimatedVisits(searchVolume: number | null, rank: number): number {
  if (searchVolume === null || searchVolume <= 0) return 0
  return Math.round(searchVolume * clickThroughRate(rank))
}

const intentOptions = SEARCH_INTENTS.map((value) => ({ value, label: SEARCH_INTENT_LABELS[value] }))

/**
 * The keyword gap's filterable fields. A filter matches a competitor's ranking: "Their rank 1–10"
 * keeps the keywords some competitor ranks on the first page for.
 */
export const GAP_FILTER_FIELDS = {
  keyword: { label: 'Keyword', variant: 'text' },
  searchVolume: { label: 'Search volume', variant: 'range', range: [0, 10000] },
  difficulty: { label: 'Difficulty', variant: 'range', range: [0, 100], unit: '%' },
  searchIntent: { label: 'Search intent', variant: 'multiSelect', options: intentOptions },
  rank: { label: 'Their rank', variant: 'range', range: [1, 100] },
} as const satisfies Record<string, FilterFieldDefinition>

export type GapFilterField = keyof typeof GAP_FILTER_FIELDS

export const GAP_SORTABLE_COLUMNS = ['keyword', 'searchVolume', 'difficulty', 'searchIntent', 'rank', 'traffic'] as const
export type GapSortableColumn = (typeof GAP_SORTABLE_COLUMNS)[number]

/** The searches bringing competitors the most visits first. */
export const GAP_DEFAULT_SORT = [{ id: 'traffic', desc: true }] as const satisfies readonly { id: GapSortableColumn; desc: boolean }[]
export const GAP_PAGE_SIZE = 10
export const GAP_PAGE_SIZE_OPTIONS = dataTableConfig.pageSizeOptions

/** One keyword of the gap: a search competitors rank for that the plan lacks. */
export interface GapKeyword {
  keyword: string
  searchVolume: number | null
  difficulty: number | null
  searchIntent: string | null
  /** The best position among the competitors ranking for it. */
  rank: number
  /** Monthly visits the competitors earn from it, together. */
  traffic: number
  competitors: Array<{ id: string; name: string; rank: number; url: string | null }>
}

type Comparable = string | number | null

const compareValues = (a: Comparable, b: Comparable) => {
  // An empty value sorts last whichever the direction.
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))
}

/** The gap's order for a sort state: each key in turn, then the keyword, so pages never shuffle. */
export function sortGap(rows: readonly GapKeyword[], sort: readonly { id: string; desc: boolean }[]): GapKeyword[] {
  const keys = sort.filter((item): item is { id: GapSortableColumn; desc: boolean } =>
    (GAP_SORTABLE_COLUMNS as readonly string[]).includes(item.id),
  )
  return [...rows].sort((a, b) => {
    for (const { id, desc } of keys) {
      const left = a[id]
      const right = b[id]
      if (left === null || right === null) {
        const nulls = compareValues(left, right)
        if (nulls !== 0) return nulls
        continue
      }
      const order = compareValues(left, right)
      if (order !== 0) return desc ? -order : order
    }
    return a.keyword.localeCompare(b.keyword)
  })
}

/**
 * The card's line about an analysis that failed since the last successful one (which the card
 * still shows): dated, with its reason, and naming the date of the data shown.
 */
export function failedAnalysisNote(
  failure: { at: Date | string; error: string | null },
  lastAnalyzedAt: Date | string | null,
  formatDate: (value: Date | string) => string,
): string {
  const reason = failure.error?.trim().replace(/\.$/, '')
  const failed = `failed${reason ? `: ${reason}` : ''}`
  return lastAnalyzedAt
    ? `Re-analysis on ${formatDate(failure.at)} ${failed} — showing data from ${formatDate(lastAnalyzedAt)}.`
    : `Analysis on ${formatDate(failure.at)} ${failed}.`
}
