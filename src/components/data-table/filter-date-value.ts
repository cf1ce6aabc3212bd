/*
 * A date filter's value: a millisecond timestamp as text.
 */

/**
 * The calendar day the user picked (a local date) as the millisecond timestamp of that day's
 * UTC midnight: the server compares dates by whole UTC day (filter-to-sql.ts), so the day
 * picked is the day filtered, whatever the browser's time zone.
 */
export function timestampText(date: Date | undefined): string {
  return date ? String(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())) : ''
}

/** A stored timestamp back as the local calendar date of its UTC day (for the calendar and labels). */
export function dateFromText(text: string | undefined): Date | undefined {
  if (!text || !/^-?\d+$/.test(text.trim())) return undefined
  const utc = new Date(Number(text))
  if (Number.isNaN(utc.getTime())) return undefined
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate())
}
