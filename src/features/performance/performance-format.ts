import { formatCount } from '~/features/format'
import type { Performance } from './performance-search'
import { DAY_MS } from '~/shared/time'

/** The four Search Console metrics, as the Performance page shows them (docs/product/search-console.md). */
export const METRICS = ['clicks', 'impressions', 'ctr', 'position'] as const
export type Metric = (typeof METRICS)[number]

export const METRIC_LABELS: Record<Metric, string> = {
  clicks: 'Clicks',
  impressions: 'Impressions',
  ctr: 'CTR',
  position: 'Average position',
}

/** Chart colours on the dark theme: one per metric, readable on the card background. */
export const METRIC_COLOURS: Record<Metric, string> = {
  clicks: '#a78bfa',
  impressions: '#38bdf8',
  ctr: '#34d399',
  position: '#fbbf24',
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 })
const precisePercent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** A metric's value: counts with separators, CTR as a percentage (one decimal: CTRs are small), position with one decimal; "–" without one. */
export function formatMetric(metric: Metric, value: number | null): string {
  if (value === null) return '–'
  if (metric === 'ctr') return precisePercent.format(value)
  if (metric === 'position') return oneDecimal.format(value)
  return formatCount(value)
}

/** "+12%", "−8%", "0%"; "–" when there is nothing to compare with. */
export function formatChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '–'
  const text = percent.format(Math.abs(change))
  if (text === '0%') return '0%'
  return change > 0 ? `+${text}` : `−${text}`
}

/**
 * Whether a change is good news: more clicks, impressions or CTR are; for the average position a
 * lower number is better (1 is the top), so a fall is good. Null when unchanged or unknown.
 */
export function changeTone(metric: Metric, change: number | null): 'good' | 'bad' | null {
  if (change === null || !Number.isFinite(change) || Math.abs(change) < 0.005) return null
  const up = change > 0
  return (metric === 'position' ? !up : up) ? 'good' : 'bad'
}

const positions = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

export interface ShownChange {
  /** What the eye reads: "+12%", "▲ 2.3 positions". */
  text: string
  tone: 'good' | 'bad' | null
  /** What a screen reader says instead: "+12% (better)", "improved by 2.3 positions". */
  spoken: string
}

/**
 * A metric's change against the period before, as the Performance page shows it. Clicks,
 * impressions and CTR change by a percentage; the average position changes by positions, and a
 * lower number is better (1 is the top), so moving from 8.1 to 5.8 is "▲ 2.3 positions".
 */
export function metricChange(
  metric: Metric,
  values: { current: number | null; previous: number | null; change: number | null },
): ShownChange {
  if (metric !== 'position') {
    const text = formatChange(values.change)
    const tone = changeTone(metric, values.change)
    return { text, tone, spoken: tone ? `${text} (${tone === 'good' ? 'better' : 'worse'})` : text }
  }
  if (values.current === null || values.previous === null) return { text: '–', tone: null, spoken: 'no earlier position to compare with' }
  // From the values as shown (one decimal), so "▲ 2.3 positions" is the difference of the two numbers on screen.
  const tenths = (value: number) => Math.round(value * 10)
  const gained = (tenths(values.previous) - tenths(values.current)) / 10
  const amount = positions.format(Math.abs(gained))
  if (amount === '0.0') return { text: 'No change', tone: null, spoken: 'no change' }
  const unit = amount === '1.0' ? 'position' : 'positions'
  return gained > 0
    ? { text: `▲ ${amount} ${unit}`, tone: 'good', spoken: `improved by ${amount} ${unit}` }
    : { text: `▼ ${amount} ${unit}`, tone: 'bad', spoken: `worse by ${amount} ${unit}` }
}

const longDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** "March 4, 2026". */
export const formatDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`))
/** "Mar 4", for chart axes. */
export const formatShortDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`))
const monthOfYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
/** "Mar 2026", for the axis of a range of many months. */
export const formatMonth = (day: string) => monthOfYear.format(new Date(`${day}T00:00:00Z`))

/** "March 4, 2026 – April 1, 2026". */
export const formatRange = (range: { from: string; to: string }) => `${formatDay(range.from)} – ${formatDay(range.to)}`

/** How long Google usually takes to show a new page: until then, no data is no news. */
const NEW_PAGE_DAYS = 28

/**
 * Why an article has no search data over the 56 days shown, in words that fit what is known:
 * the first import still running, the article newer than Search Console's latest day, a new page
 * Google has not shown yet, or an older one it has not shown lately.
 */
export function noDataMessage(
  data: Pick<Performance, 'range' | 'previousRange'> & { connection: Pick<NonNullable<Performance['connection']>, 'syncStatus'> },
  publishedAt: Date | string | null,
): string {
  if (data.connection.syncStatus === 'syncing')
    return 'Search Console’s data is still being imported; this article’s clicks and positions appear here as its days arrive.'
  const published = publishedAt ? new Date(publishedAt) : null
  const lastDay = Date.parse(`${data.range.to}T23:59:59Z`)
  if (published && published.getTime() > lastDay)
    return `Search Console’s latest data is for ${formatDay(data.range.to)} (it arrives about 3 days late), before this article went live. Its clicks and positions appear here once Google reports them.`
  if (!published || lastDay - published.getTime() < NEW_PAGE_DAYS * DAY_MS)
    return 'Google has not shown it in search yet: a new page usually appears within a few weeks. Its clicks and positions show here once Search Console reports them.'
  return `Google has not shown it in any search since ${formatDay(data.previousRange.from)}. Check that the page is live and indexed (Search Console’s URL inspection), or refresh it.`
}
