import { formatCount } from '../format'

/** What an unknown value shows in a cell. */
export const EMPTY_CELL = '—'

/**
 * English (US) long-month dates, e.g. "March 4, 2026". In UTC, so the server-rendered
 * HTML and the browser agree whatever the visitor's time zone.
 */
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export function formatLongDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? EMPTY_CELL : longDate.format(date)
}

/** Searches a month with thousands separators. */
export const formatVolume = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY_CELL : formatCount(value))

/** A percentage without decimals. */
export const formatPercent = (value: number | null | undefined) =>
  value === null || value === undefined ? EMPTY_CELL : `${Math.round(value)}%`

export const KEYWORD_COLUMN_MIN_WIDTH = 200
export const KEYWORD_COLUMN_MAX_WIDTH = 400
export const KEYWORD_COLUMN_PX_PER_CHAR = 7
/** On a phone the keyword column is this wide (the keyword truncated, its full text in the why-panel), so status and volume fit beside it. */
export const KEYWORD_COLUMN_PHONE_WIDTH = 160

/** About 7 px per character of the longest keyword on the page, kept within 200–400 px. */
export function keywordColumnWidth(keywords: readonly string[]): number {
  const longest = keywords.reduce((max, text) => Math.max(max, text.length), 0)
  return Math.min(KEYWORD_COLUMN_MAX_WIDTH, Math.max(KEYWORD_COLUMN_MIN_WIDTH, Math.ceil(longest * KEYWORD_COLUMN_PX_PER_CHAR)))
}
