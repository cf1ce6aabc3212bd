import { DAY_MS } from '~/shared/time'

/** Calendar days as Search Console names them: YYYY-MM-DD strings, computed in UTC. */

/** Search Console's data arrives about 3 days late, and those days still change (docs/product/services.md). */
export const LAG_DAYS = 3

/** How far back Search Console keeps data, and the backfill goes. */
export const HISTORY_MONTHS = 16

export const isoDay = (date: Date | number) => new Date(date).toISOString().slice(0, 10)

export const addDays = (day: string, days: number) => isoDay(Date.parse(day) + days * DAY_MS)

/** The same day `months` months later (earlier when negative), clamped to the month's last day. */
export function addMonths(day: string, months: number) {
  const date = new Date(Date.parse(day))
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return isoDay(target)
}

/** The last day of the month `day` is in. */
export function endOfMonth(day: string) {
  const date = new Date(Date.parse(day))
  return isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0))
}

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1

export const minDay = (a: string, b: string) => (a < b ? a : b)
export const maxDay = (a: string, b: string) => (a > b ? a : b)

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string) {
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day)
  return days
}
