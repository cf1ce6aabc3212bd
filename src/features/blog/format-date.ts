const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * "2025-03-04" → "March 4, 2025" (design.md: English (US), long month). Read and printed in UTC
 * so the server's and the visitor's time zones can never render different days.
 */
export const formatLongDate = (isoDate: string) => longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`))
