/**
 * The History screen's vocabulary (docs/product/history.md), shared by the list procedure and
 * the screen. Entries are the recorded events (history_event, src/server/history/record.ts) and
 * the background runs still going or failed (src/server/history/sources.ts); a new kind of event
 * adds its kind and actions here, and the filters, labels and paging follow.
 */
export const HISTORY_KINDS = [
  'research',
  'article',
  'publish',
  'integration',
  'search-console',
  'webhook',
  'settings',
  'business',
  'api-key',
  'billing',
] as const
export type HistoryKind = (typeof HISTORY_KINDS)[number]

/** What an event of each kind says happened (history_event.action). */
export const HISTORY_ACTIONS = {
  research: ['finished'],
  article: ['written', 'rewritten', 'edited', 'restored', 'approved', 'rescheduled', 'archived', 'deleted'],
  publish: ['published', 'updated', 'unpublished', 'failed'],
  integration: ['connected', 'updated', 'broken', 'reconnected', 'removed'],
  'search-console': ['connected', 'synced', 'revoked'],
  webhook: [],
  settings: ['changed'],
  business: ['added', 'deleted'],
  'api-key': ['created', 'revoked'],
  billing: ['plan-changed'],
} as const satisfies Record<HistoryKind, readonly string[]>
export type HistoryAction<Kind extends HistoryKind = HistoryKind> = (typeof HISTORY_ACTIONS)[Kind][number]

/** The /settings sections a "settings changed" event names. */
export const SETTINGS_SECTION_LABELS = {
  profile: 'Business profile',
  articles: 'Article settings',
  seeds: 'Seed keywords',
  'site-structure': 'Sitemap, blog and best articles',
  voice: 'Brand voice',
} as const
export type SettingsSection = keyof typeof SETTINGS_SECTION_LABELS

/** How long History keeps an event: older ones are deleted by the daily purge. */
export const HISTORY_RETENTION_MONTHS = 13

export const HISTORY_STATUSES = ['succeeded', 'failed', 'in-progress', 'cancelled'] as const
export type HistoryStatus = (typeof HISTORY_STATUSES)[number]

export const HISTORY_KIND_LABELS: Record<HistoryKind, string> = {
  research: 'Keyword research',
  article: 'Articles',
  publish: 'Publishing',
  integration: 'Integrations',
  'search-console': 'Search Console',
  webhook: 'Webhook events',
  settings: 'Settings',
  business: 'Businesses',
  'api-key': 'API keys',
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
