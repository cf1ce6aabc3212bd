import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth'
import { business } from './business'
import { createdAt, updatedAt } from './columns'

export const JOB_RUN_STATES = ['queued', 'running', 'retrying', 'completed', 'failed', 'cancelled'] as const
export type JobRunState = (typeof JOB_RUN_STATES)[number]
export const TERMINAL_JOB_RUN_STATES: readonly JobRunState[] = ['completed', 'failed', 'cancelled']

/**
 * One background job as the user sees it. The id is the pg-boss job id (a uuid), so the row and
 * the queued job are written in one transaction and found from each other. pg-boss keeps its own
 * bookkeeping in the `pgboss` schema; this row is what progress, the UI and retention read.
 * 'failed' with `error` is the dead-letter state made visible.
 */
export const jobRun = pgTable(
  'job_run',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessId: text('business_id').references(() => business.id, { onDelete: 'cascade' }),
    state: text('state', { enum: JOB_RUN_STATES }).notNull().default('queued'),
    step: text('step'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    message: text('message'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** While a job with this key is unfinished, enqueueing the same kind and key returns it. */
    singletonKey: text('singleton_key'),
    input: jsonb('input').$type<unknown>(),
    result: jsonb('result').$type<unknown>(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('job_run_user_idx').on(table.userId, table.createdAt),
    index('job_run_finished_idx').on(table.finishedAt),
    uniqueIndex('job_run_singleton_idx')
      .on(table.kind, table.singletonKey)
      .where(sql`${table.singletonKey} is not null and ${table.state} in ('queued', 'running', 'retrying')`),
  ],
)

export type JobRun = typeof jobRun.$inferSelect
