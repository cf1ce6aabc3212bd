import {
  dataTableConfig,
  isOperatorAllowed,
  VALUELESS_OPERATORS,
  type FilterOperator,
  type FilterVariant,
  type JoinOperator,
} from './config'
import { DAY_MS } from '~/shared/time'

/**
 * The filter list's rules without a schema library (docs/product/keywords-table.md): what a
 * filter item and a sort item are, and which values fit a filter. The list procedures' zod
 * schemas (filter-schema.ts, table-schema.ts) are built on these; the routes read their URLs
 * with them alone (table-rules.ts), so a public page, whose entry holds every route's search
 * reader, carries no schema library.
 */

/**
 * A filter item as the URL and list procedures carry it. Dates travel as millisecond timestamps
 * in text; a range or between value is a list of two texts; multi-select a list.
 */
export type FilterItem = {
  id: string
  value: string | string[]
  variant: FilterVariant
  operator: FilterOperator
  filterId: string
}

export interface SortItem {
  id: string
  desc: boolean
}

export const OPERATOR_NOT_ALLOWED = 'This operator does not apply to this kind of field.'

/** A string's length in code points, as zod measures a string's length checks. */
export const codePointLength = (text: string) => {
  let length = 0
  for (const _ of text) length++
  return length
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isStringList = (value: unknown): value is string[] => {
  if (!Array.isArray(value)) return false
  for (let index = 0; index < value.length; index++) if (typeof value[index] !== 'string') return false
  return true
}

/**
 * The filter item in `raw` when it has that shape (filter-schema.ts `filterItemSchema` accepts
 * exactly these): a non-empty id, a text or a list of texts, a known variant, an operator that
 * variant offers, a filterId of 8 characters. A copy with only those five keys, else undefined.
 */
export function readFilterItem(raw: unknown): FilterItem | undefined {
  if (!isRecord(raw)) return undefined
  const { id, value, variant, operator, filterId } = raw
  if (typeof id !== 'string' || id === '') return undefined
  if (typeof value !== 'string' && !isStringList(value)) return undefined
  if (!(dataTableConfig.filterVariants as readonly unknown[]).includes(variant)) return undefined
  if (!(dataTableConfig.operators as readonly unknown[]).includes(operator)) return undefined
  if (typeof filterId !== 'string' || codePointLength(filterId) !== dataTableConfig.filterIdLength) return undefined
  if (!isOperatorAllowed(variant as FilterVariant, operator as FilterOperator)) return undefined
  return {
    id,
    value: typeof value === 'string' ? value : [...value],
    variant: variant as FilterVariant,
    operator: operator as FilterOperator,
    filterId,
  }
}

/** The sort item in `raw` when it has that shape: a non-empty id and a boolean `desc`; a copy, else undefined. */
export function readSortItem(raw: unknown): SortItem | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string' || raw.id === '' || typeof raw.desc !== 'boolean') return undefined
  return { id: raw.id, desc: raw.desc }
}

/** "and" or "or", else undefined. */
export const readJoinOperator = (raw: unknown): JoinOperator | undefined =>
  (dataTableConfig.joinOperators as readonly unknown[]).includes(raw) ? (raw as JoinOperator) : undefined

/**
 * isRelativeToToday's value (a date filter): `"<signed whole number> <unit>"`, unit one of
 * days, weeks, months, years (singular accepted; at most a century), e.g. "-7 days", "+1 month",
 * "0 days"; a list `["-7", "days"]` means the same. It selects the whole UTC days from today to the day that far
 * away, both inclusive, whichever comes first: "-7 days" on 2025-03-10 is 03-03 … 03-10, "+1
 * month" on 2025-01-31 is 01-31 … 02-28 (a month step lands on the last day of a shorter month).
 */
export const RELATIVE_DATE_UNITS = ['days', 'weeks', 'months', 'years'] as const
export type RelativeDateUnit = (typeof RELATIVE_DATE_UNITS)[number]
/** At most a century either way, so the dates stay within what PostgreSQL stores. */
export const RELATIVE_DATE_LIMITS: Record<RelativeDateUnit, number> = { days: 36_500, weeks: 5_200, months: 1_200, years: 100 }
export interface RelativeDate {
  amount: number
  unit: RelativeDateUnit
}

/** Parses an isRelativeToToday value; undefined when it is not in the format above. */
export function parseRelativeToToday(value: string | readonly string[]): RelativeDate | undefined {
  const text = typeof value === 'string' ? value : value.join(' ')
  const match = /^\s*([+-]?\d{1,5})\s+(day|week|month|year)s?\s*$/i.exec(text)
  if (!match) return undefined
  const relative = { amount: Number(match[1]), unit: `${match[2].toLowerCase()}s` as RelativeDateUnit }
  return Math.abs(relative.amount) <= RELATIVE_DATE_LIMITS[relative.unit] ? relative : undefined
}

/** The UTC days [first, last] a relative date covers, as [start of first day, start of the day after last). */
export function relativeDateRange(relative: RelativeDate, now: Date): [Date, Date] {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  const d = now.getUTCDate()
  let target: Date
  if (relative.unit === 'days' || relative.unit === 'weeks') {
    target = new Date(Date.UTC(y, m, d + relative.amount * (relative.unit === 'weeks' ? 7 : 1)))
  } else {
    const months = relative.amount * (relative.unit === 'years' ? 12 : 1)
    const lastDay = new Date(Date.UTC(y, m + months + 1, 0)).getUTCDate()
    target = new Date(Date.UTC(y, m + months, Math.min(d, lastDay)))
  }
  const today = new Date(Date.UTC(y, m, d))
  const [first, last] = target < today ? [target, today] : [today, target]
  return [first, new Date(last.getTime() + DAY_MS)]
}

/** Dates a filter may carry (ms since epoch): years 1 to 9999, a range PostgreSQL and JS share. */
export const MIN_DATE_MS = new Date('0001-01-01T00:00:00Z').getTime()
export const MAX_DATE_MS = new Date('9999-12-31T23:59:59.999Z').getTime()
/** Numbers a filter may carry: what fits a PostgreSQL integer column. */
export const MIN_FILTER_NUMBER = -2_147_483_648
export const MAX_FILTER_NUMBER = 2_147_483_647

const isBlank = (value: string | readonly string[]) =>
  typeof value === 'string' ? value.trim() === '' : value.every((part) => part.trim() === '')

/**
 * True when the filter cannot narrow anything yet (the user is still typing): no value, or a
 * between with both bounds empty. Such a filter is ignored, not refused. isEmpty/isNotEmpty need
 * no value and are never "empty".
 */
export function isFilterIncomplete(filter: Pick<FilterItem, 'operator' | 'value'>): boolean {
  if (VALUELESS_OPERATORS.includes(filter.operator)) return false
  return isBlank(filter.value)
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
const MS = /^-?\d{1,16}$/

/** A number filter's text as a number, or undefined when malformed or out of range. */
export function parseFilterNumber(text: string): number | undefined {
  if (!NUMBER.test(text.trim())) return undefined
  const number = Number(text)
  return number >= MIN_FILTER_NUMBER && number <= MAX_FILTER_NUMBER ? number : undefined
}

/** A date filter's text (milliseconds since epoch) as a Date, or undefined when malformed. */
export function parseFilterDate(text: string): Date | undefined {
  if (!MS.test(text.trim())) return undefined
  const ms = Number(text)
  return ms >= MIN_DATE_MS && ms <= MAX_DATE_MS ? new Date(ms) : undefined
}

/**
 * Why a filter's value does not fit its variant and operator, or undefined when it is fine (or
 * incomplete, hence ignored). Shapes:
 * - text, select: one text; boolean: "true" or "false";
 * - number, range: one number as text; isBetween: [min, max], either may be "" (open);
 * - date, dateRange: one millisecond timestamp as text; isBetween: [from, to], either may be "";
 *   isRelativeToToday: see parseRelativeToToday;
 * - multiSelect: a list of texts (one text counts as a list of one).
 */
export function filterValueIssue(filter: Pick<FilterItem, 'variant' | 'operator' | 'value'>): string | undefined {
  const { variant, operator, value } = filter
  if (isFilterIncomplete(filter) || VALUELESS_OPERATORS.includes(operator)) return undefined
  const single = (check: (text: string) => boolean, what: string) => {
    if (typeof value !== 'string') return `This filter takes ${what}, not a list.`
    return check(value) ? undefined : `"${value.slice(0, 40)}" is not ${what}.`
  }
  const pair = (check: (text: string) => boolean, what: string) => {
    if (!Array.isArray(value) || value.length !== 2) return `"Is between" takes two values (from and to).`
    const bad = value.find((part) => part.trim() !== '' && !check(part))
    return bad === undefined ? undefined : `"${bad.slice(0, 40)}" is not ${what}.`
  }
  switch (variant) {
    case 'text':
    case 'select':
      return typeof value === 'string' ? undefined : 'This filter takes one text, not a list.'
    case 'boolean':
      return single((text) => text === 'true' || text === 'false', 'true or false')
    case 'number':
    case 'range': {
      const isNumber = (text: string) => parseFilterNumber(text) !== undefined
      const what = `a number between ${MIN_FILTER_NUMBER} and ${MAX_FILTER_NUMBER}`
      return operator === 'isBetween' ? pair(isNumber, what) : single(isNumber, what)
    }
    case 'date':
    case 'dateRange': {
      const isDate = (text: string) => parseFilterDate(text) !== undefined
      const what = 'a date (milliseconds since 1970, years 1 to 9999)'
      if (operator === 'isBetween') return pair(isDate, what)
      if (operator === 'isRelativeToToday') {
        return parseRelativeToToday(value)
          ? undefined
          : 'A relative date looks like "-7 days" or "+1 month" (days, weeks, months or years).'
      }
      return single(isDate, what)
    }
    case 'multiSelect':
      return undefined
  }
}
