import type { RpcOutputs } from '~/lib/rpc-outputs'
import { readTopFilter } from '~/shared/search-console-filter'
import { DAY_MS } from '~/shared/time'

/**
 * The Performance page's URL state (docs/product/search-console.md): a date range, `from` and
 * `to` as YYYY-MM-DD. Read leniently like every route's search: a date that is not a real day, a
 * range past today or longer than Search Console keeps (16 months) falls back to the default,
 * the last 28 days; a reversed range is read the way it was meant. The queries and pages tables'
 * text filters are in it too (TopFilters, below).
 */
export interface PerformanceSearch {
  from: string
  to: string
}

/**
 * The text filter of the queries table and of the pages table (gsc.top `contains`), each its own
 * URL parameter: `?queryContains=cold%20brew&pageContains=%2Fblog`. Empty when not filtered.
 */
export interface TopFilters {
  query: string
  page: string
}

export const TOP_FILTER_PARAMS = { query: 'queryContains', page: 'pageContains' } as const satisfies Record<keyof TopFilters, string>

export type PerformanceUrlSearch = Partial<PerformanceSearch> & { queryContains?: string; pageContains?: string }
export type Performance = RpcOutputs['gsc']['performance']
export type Opportunities = RpcOutputs['gsc']['opportunities']

/** Search Console's data arrives about 3 days late: ranges end on the last day it has. */
export const DATA_LAG_DAYS = 3
/** The longest range the server accepts (gsc.performance): 16 months and a little. */
const MAX_RANGE_DAYS = 31 * 17 - 1

export const PRESETS = [
  { id: '28d', label: 'Last 28 days', months: 0, days: 28 },
  { id: '3m', label: 'Last 3 months', months: 3, days: 0 },
  { id: '16m', label: 'Last 16 months', months: 16, days: 0 },
] as const
export type PresetId = (typeof PRESETS)[number]['id']

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`)

export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(dayTime(value)).toISOString().startsWith(value)
}

export const addDays = (day: string, days: number) => isoDay(dayTime(day) + days * DAY_MS)

/** The last day with data: today (UTC) less the lag. */
export const lastDataDay = (now: Date) => addDays(isoDay(now.getTime()), -DATA_LAG_DAYS)

/** A preset's range ending on the last day with data: 28 days, or whole months back from it. */
export function presetRange(id: PresetId, now: Date): PerformanceSearch {
  const preset = PRESETS.find((item) => item.id === id)!
  const to = lastDataDay(now)
  if (preset.days) return { from: addDays(to, -(preset.days - 1)), to }
  const end = new Date(dayTime(to))
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - preset.months, end.getUTCDate()))
  return { from: addDays(isoDay(start.getTime()), 1), to }
}

/** Which preset a range is, if any. */
export const presetOf = (search: PerformanceSearch, now: Date): PresetId | null =>
  PRESETS.find((preset) => {
    const range = presetRange(preset.id, now)
    return range.from === search.from && range.to === search.to
  })?.id ?? null

export const rangeDays = (search: PerformanceSearch) => Math.round((dayTime(search.to) - dayTime(search.from)) / DAY_MS) + 1

export function parsePerformanceSearch(raw: Record<string, unknown>, now: Date): PerformanceSearch {
  let from = isDay(raw.from) ? raw.from : undefined
  let to = isDay(raw.to) ? raw.to : undefined
  if (from && to && from > to) [from, to] = [to, from]
  const today = isoDay(now.getTime())
  if (!from || !to || to > today || rangeDays({ from, to }) > MAX_RANGE_DAYS) return presetRange('28d', now)
  return { from, to }
}

/** The default range (the last 28 days) is left out of the URL. */
export function performanceSearchToUrl(search: PerformanceSearch, now: Date): PerformanceUrlSearch {
  const standard = presetRange('28d', now)
  return search.from === standard.from && search.to === standard.to ? {} : { from: search.from, to: search.to }
}

/** A URL value as text: the router reads `?queryContains=100` as the number 100, which is the text "100" here. */
const textFromUrl = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value)

/** The tables' filters from the URL, trimmed; one gsc.top would refuse (not text, too long) is dropped. */
export function parseTopFilters(raw: Record<string, unknown>): TopFilters {
  return {
    query: readTopFilter(textFromUrl(raw[TOP_FILTER_PARAMS.query])) ?? '',
    page: readTopFilter(textFromUrl(raw[TOP_FILTER_PARAMS.page])) ?? '',
  }
}

/** An empty filter is left out of the URL. */
export function topFiltersToUrl(filters: TopFilters): Pick<PerformanceUrlSearch, 'queryContains' | 'pageContains'> {
  return {
    [TOP_FILTER_PARAMS.query]: filters.query.trim() || undefined,
    [TOP_FILTER_PARAMS.page]: filters.page.trim() || undefined,
  }
}
