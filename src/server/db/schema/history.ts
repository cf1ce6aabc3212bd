import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from './auth'
import { business } from './business'
import { id } from './columns'

/**
 * The History audit log (docs/product/history.md): one row per meaningful event, written in the
 * transaction of the change it records, with what its subject was at that moment (an article's
 * title, SEO score and status; a target's name; a settings section; a plan from → to). Rows are
 * never rewritten by later changes of their subject, and are kept HISTORY_RETENTION_MONTHS.
 *
 * `businessId` is null for an account's own events (a business deleted, API keys, plan changes):
 * those are shown in the History of each of the owner's businesses. A business's own rows go with
 * the business. `key`, when set, makes one row per key (an editing session's saves amend its row).
 */
export const historyEvent = pgTable(
  'history_event',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessId: text('business_id').references(() => business.id, { onDelete: 'cascade' }),
    /** One of HISTORY_KINDS (src/shared/history.ts). */
    kind: text('kind').notNull(),
    /** What happened, one of HISTORY_ACTIONS of its kind. */
    action: text('action').notNull(),
    /** One of HISTORY_STATUSES. */
    status: text('status').notNull().default('succeeded'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The article it is about (kept after the article is deleted: the link then goes). */
    articleId: text('article_id'),
    keyword: text('keyword'),
    title: text('title'),
    score: integer('score'),
    /** The article's status at that moment. */
    articleStatus: text('article_status'),
    /** The rest of the moment's values (a target, a section, a plan from → to, counts). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    jobId: text('job_id'),
    key: text('key'),
  },
  (table) => [
    index('history_event_business_at_idx').on(table.businessId, table.at),
    index('history_event_user_at_idx').on(table.userId, table.at),
    uniqueIndex('history_event_key_idx').on(table.key),
  ],
)

export type HistoryEventRow = typeof historyEvent.$inferSelect
