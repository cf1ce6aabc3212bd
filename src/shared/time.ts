/** Lengths of time in milliseconds. A day is 24 hours: the app counts days in UTC, without daylight-saving shifts. */
export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
