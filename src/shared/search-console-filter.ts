/**
 * The text filter of /performance's queries and pages tables (gsc.top `contains`,
 * docs/product/search-console.md), without a schema library: the procedure's zod input checks the
 * same limit, and the route's URL reader (which every page's entry holds) reads with it alone.
 */

/** The longest text the filter takes, after trimming. */
export const TOP_FILTER_MAX_LENGTH = 200
export const TOP_FILTER_TOO_LONG = `The text to find can be at most ${TOP_FILTER_MAX_LENGTH} characters.`

/**
 * A filter text as the procedure reads it: trimmed, and empty when there is nothing left. Undefined
 * when it is not text or too long (the URL reader drops it, as a table drops a filter its
 * procedure would refuse).
 */
export function readTopFilter(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined
  const text = raw.trim()
  return text.length <= TOP_FILTER_MAX_LENGTH ? text : undefined
}
