const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

let longDate: Intl.DateTimeFormat | undefined

/**
 * "2025-03-04" → "March 4, 2025" (design.md: English (US), long month). Read and printed in UTC
 * so the server's and the visitor's time zones can never render different days. Years 1000 to
 * 9999 are written here without Intl (the first Intl formatter a page creates costs 15 to 25 ms
 * of main thread: src/features/format.ts); any other date goes to Intl, as before.
 */
export function formatLongDate(isoDate: string) {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)
  const year = date.getUTCFullYear()
  if (year >= 1000 && year <= 9999) return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`
  longDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
  return longDate.format(date)
}
