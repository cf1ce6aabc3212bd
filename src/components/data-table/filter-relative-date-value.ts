import { parseRelativeToToday } from '~/shared/data-table/filter-rules'

/** The units the relative-date input offers (the server also reads "years"). */
export const RELATIVE_UNITS = ['days', 'weeks', 'months'] as const
export type RelativeUnit = (typeof RELATIVE_UNITS)[number]

export interface RelativeDraft {
  /** What the user typed: '' or a signed whole number. */
  amount: string
  unit: RelativeUnit
}

/** The input's draft from a stored value ("-7 days", ["-7", "days"], '' → { '', days }). */
export function relativeDraftOf(value: string | readonly string[]): RelativeDraft {
  const parsed = parseRelativeToToday(value)
  if (parsed) {
    const unit = (RELATIVE_UNITS as readonly string[]).includes(parsed.unit) ? (parsed.unit as RelativeUnit) : 'days'
    const amount = parsed.unit === 'years' ? parsed.amount * 12 : parsed.amount
    return { amount: String(amount), unit: parsed.unit === 'years' ? 'months' : unit }
  }
  const unitText = Array.isArray(value) ? value[1] : typeof value === 'string' ? value.trim().split(/\s+/)[1] : undefined
  const unit = (RELATIVE_UNITS as readonly string[]).includes(unitText ?? '') ? (unitText as RelativeUnit) : 'days'
  return { amount: '', unit }
}

/**
 * The stored value (server format, filter-schema.ts parseRelativeToToday): "<signed whole number>
 * <unit>", e.g. "-7 days", "3 weeks". An empty or unfinished number ("", "-", "+") gives ''.
 */
export function formatRelativeValue({ amount, unit }: RelativeDraft): string {
  const match = /^([+-]?)(\d{1,4})$/.exec(amount.trim())
  if (!match) return ''
  const number = Number(`${match[1] === '-' ? '-' : ''}${match[2]}`)
  return `${Object.is(number, -0) ? 0 : number} ${unit}`
}
