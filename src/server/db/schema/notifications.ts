import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from './auth'
import { createdAt, id, updatedAt } from './columns'

/**
 * A user's email notification settings (docs/product/notifications.md); no row: every kind on,
 * the digest at 8:00 UTC. `disabled` lists the kinds turned off (NOTIFICATION_KINDS).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  disabled: text('disabled')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  digestHour: integer('digest_hour').notNull().default(8),
  timeZone: text('time_zone').notNull().default('UTC'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Every notification sent, and every one being sent: the unique (user, key) is what makes a send
 * happen once (one digest per user per local day, one email per connection per local day, one per
 * allowance threshold per month). `jobId` is the job that claimed the key; only it (or its retry)
 * sends, and `sentAt` is set once the mail server took the message.
 */
export const notificationSent = pgTable(
  'notification_sent',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    jobId: text('job_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notification_sent_user_key_idx').on(table.userId, table.key),
    index('notification_sent_created_idx').on(table.createdAt),
  ],
)
