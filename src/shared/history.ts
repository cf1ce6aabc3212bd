/**
 * The History screen's vocabulary (docs/product/history.md), shared by the list procedure and
 * the screen. Each kind is one source of entries on the server (src/server/history/sources.ts); a
 * new source (e.g. Search Console syncs, once they are recorded) adds its kind here and its query
 * there, and the filters, labels and paging follow.
 */
export const HISTORY_KINDS = ['research', 'article', 'publish', 'webhook', 'billing'] as const
export type HistoryKind = (typeof HISTORY_KINDS)[number]

export const HISTORY_STATUSES = ['succeeded', 'failed', 'in-progress', 'cancelled'] as const
export type HistoryStatus = (typeof HISTORY_STATUSES)[number]

export const HISTORY_KIND_LABELS: Record<HistoryKind, string> = {
  research: 'Keyword research',
  article: 'Article writing',
  publish: 'Publishing',
  webhook: 'Webhook events',
  billing: 'Billing',
}

export const HISTORY_STATUS_LABELS: Record<HistoryStatus, string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  'in-progress': 'In progress',
  cancelled: 'Cancelled',
}

export const HISTORY_PAGE_SIZES = [10, 20, 50] as const
export const HISTORY_DEFAULT_PAGE_SIZE = 20

/** A day as the filters take it: `YYYY-MM-DD` (UTC), a real calendar day. */
export function isHistoryDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** What an entry opens: the article, the keyword plan, or the plan and billing settings. */
export interface HistoryLink {
  href: string
  label: string
}

/** One line of the timeline. */
export interface HistoryEntry {
  id: string
  kind: HistoryKind
  status: HistoryStatus
  at: Date
  title: string
  description: string | null
  /** Why it failed, in the words the job recorded. */
  error: string | null
  link: HistoryLink | null
  /** Set on a failed run that can be started again (nothing newer of the same kind replaced it). */
  retryJobId: string | null
  /** Set when a failed run was started again: how that later run stands. */
  retriedStatus: HistoryStatus | null
}
