import type { Polar } from '@polar-sh/sdk'
import { PolarError } from '@polar-sh/sdk/models/errors/polarerror.js'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { meterEvent, type MeterEventState } from '~/server/db/schema'
import { logger } from '~/server/logger'

/**
 * Overage metering (docs/product/billing.md): every article past a metered plan's allowance is one
 * Polar meter event, written as a `meter_event` row in the transaction that records its usage, and
 * sent to Polar's event ingestion afterwards, never in that transaction:
 * - idempotent per article: one row per usage row (unique `usageId`), and the row's `externalId`
 *   is sent as Polar's `external_id`, so a send repeated after a crash (Polar accepted it, we died
 *   before marking it sent) is answered as a duplicate and billed once;
 * - never lost: a row stays `pending` until Polar accepts it. Its delivery job is queued with it
 *   and retried with backoff; a failed attempt records the error and the next try on the row, and
 *   the sweep (METER_SWEEP_CRON) sends every pending row that is due, whatever happened to its job.
 */

/**
 * The event a Polar meter counts: in Polar, a meter filtered on this name that sums
 * `metadata.articles`, attached to the metered products as a metered price.
 */
export const POLAR_METER_EVENT = 'extra_article'
/** Rows sent per ingest call (Polar takes batches). */
const BATCH = 100
/** Waits after the n-th failed attempt: 1 minute doubling, at most 6 hours. */
const RETRY_BASE_MS = 60 * 1000
const RETRY_MAX_MS = 6 * 60 * 60 * 1000
/** An ingest call that hangs longer than this is a failed attempt. */
const INGEST_TIMEOUT_MS = 30 * 1000

export const retryDelayMs = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1))

export interface OverageInput {
  userId: string
  usageId: string
  /** The usage row's idempotency key: with the user id, Polar's `external_id`. */
  idempotencyKey: string
  articleId?: string | null
  billingPeriod: string
  /** Extra units: the part of the usage past the allowance. */
  quantity: number
  unitPrice: number
  occurredAt: Date
  /** `held` until the action that used it succeeded (withBillableAction); else `pending`. */
  state?: Extract<MeterEventState, 'held' | 'pending'>
}

/** The event's identity at Polar: stable across every attempt, unique per usage row. */
export const meterExternalId = (userId: string, idempotencyKey: string) => `${userId}:${idempotencyKey}`

/**
 * Writes the meter event of an overage, once per usage row; call it in the transaction that
 * records the usage. Answers the row's id (the existing one on a repeat).
 */
export async function recordOverage(db: Pick<Database, 'insert' | 'select'>, input: OverageInput): Promise<string> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1) throw new Error(`overage quantity must be a positive whole number`)
  const [inserted] = await db
    .insert(meterEvent)
    .values({
      userId: input.userId,
      usageId: input.usageId,
      externalId: meterExternalId(input.userId, input.idempotencyKey),
      articleId: input.articleId ?? null,
      billingPeriod: input.billingPeriod,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      occurredAt: input.occurredAt,
      state: input.state ?? 'pending',
    })
    .onConflictDoNothing({ target: meterEvent.usageId })
    .returning({ id: meterEvent.id })
  if (inserted) return inserted.id
  const [existing] = await db.select({ id: meterEvent.id }).from(meterEvent).where(eq(meterEvent.usageId, input.usageId))
  return existing!.id
}

/**
 * A held event (withBillableAction) becomes due once its action succeeded; answers its id while
 * it waits to be sent, undefined when the usage has none or it was sent already.
 */
export async function releaseMeterEvent(db: Database, usageId: string): Promise<string | undefined> {
  const [row] = await db
    .update(meterEvent)
    .set({ state: 'pending', nextAttemptAt: new Date() })
    .where(and(eq(meterEvent.usageId, usageId), eq(meterEvent.state, 'held')))
    .returning({ id: meterEvent.id })
  if (row) return row.id
  const [waiting] = await db
    .select({ id: meterEvent.id })
    .from(meterEvent)
    .where(and(eq(meterEvent.usageId, usageId), eq(meterEvent.state, 'pending')))
  return waiting?.id
}

type MeterEventRow = typeof meterEvent.$inferSelect

/** What Polar's `POST /v1/events/ingest` receives for a row; the customer is our user id, as at checkout. */
export function meterEventPayload(row: MeterEventRow) {
  return {
    name: POLAR_METER_EVENT,
    externalCustomerId: row.userId,
    externalId: row.externalId,
    timestamp: row.occurredAt,
    metadata: {
      articles: row.quantity,
      billingPeriod: row.billingPeriod,
      ...(row.articleId ? { articleId: row.articleId } : {}),
    },
  }
}

/**
 * A short reason for the row, never a stack: Polar's HTTP status when it answered (PolarError and
 * its subclasses carry it), else what the client said (no connection, timeout).
 */
export function meterErrorText(error: unknown): string {
  const text =
    error instanceof PolarError
      ? `Polar answered HTTP ${error.statusCode}: ${error.body || error.message}`
      : error instanceof Error
        ? `Polar could not be reached (${error.name}: ${error.message})`
        : String(error)
  return text.replace(/\s+/g, ' ').slice(0, 300)
}

/** Polar answered that the request itself is wrong: asking again the same way gets the same answer. */
const isRefusal = (error: unknown) =>
  error instanceof PolarError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429

export interface DeliveryReport {
  /** Rows Polar accepted as new events. */
  inserted: number
  /** Rows Polar already had (an earlier attempt reached it): marked sent, not billed again. */
  duplicates: number
  /** Rows that stay pending, with the error and their next try. */
  failed: number
  error?: string
}

/**
 * Sends pending meter events to Polar, in batches, and marks the accepted ones sent. With `ids`,
 * those rows if still pending (their job's own retry decides when); without, every pending row
 * whose next try is due. A failed call leaves its rows pending with the error, one more attempt
 * and the next try after a growing wait. Two senders at once may send a row twice: Polar skips
 * the known `external_id`, and the row is sent either way.
 */
export async function deliverMeterEvents(
  db: Database,
  polar: Polar,
  options: { ids?: string[]; now?: Date; limit?: number } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date()
  const report: DeliveryReport = { inserted: 0, duplicates: 0, failed: 0 }
  const due = options.ids
    ? and(eq(meterEvent.state, 'pending'), inArray(meterEvent.id, options.ids))
    : // Due by the database's clock unless told otherwise: a row's default `nextAttemptAt` is the
      // database's now(), in microseconds and possibly on another machine than this process.
      and(eq(meterEvent.state, 'pending'), lte(meterEvent.nextAttemptAt, options.now ?? sql`now()`))
  const rows = await db
    .select()
    .from(meterEvent)
    .where(due)
    .orderBy(asc(meterEvent.createdAt), asc(meterEvent.id))
    .limit(options.limit ?? 1000)
  const send = async (batch: MeterEventRow[]): Promise<void> => {
    try {
      const answer = await polar.events.ingest({ events: batch.map(meterEventPayload) }, { timeoutMs: INGEST_TIMEOUT_MS })
      report.inserted += answer.inserted
      report.duplicates += answer.duplicates
      await db
        .update(meterEvent)
        .set({ state: 'sent', sentAt: now, lastError: null, attempts: sql`${meterEvent.attempts} + 1` })
        .where(
          and(
            inArray(
              meterEvent.id,
              batch.map((row) => row.id),
            ),
            eq(meterEvent.state, 'pending'),
          ),
        )
    } catch (error) {
      // Polar refused the batch itself (4xx other than 429): one bad event must not hold up the
      // others, so each is sent on its own and only the refused ones wait.
      if (batch.length > 1 && isRefusal(error)) {
        for (const row of batch) await send([row])
        return
      }
      const message = meterErrorText(error)
      report.failed += batch.length
      report.error = message
      logger.error(`metering: Polar did not take ${batch.length} meter event(s)`, message)
      for (const row of batch) {
        await db
          .update(meterEvent)
          .set({
            attempts: row.attempts + 1,
            lastError: message,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts + 1)),
          })
          .where(and(eq(meterEvent.id, row.id), eq(meterEvent.state, 'pending')))
      }
    }
  }
  for (let start = 0; start < rows.length; start += BATCH) await send(rows.slice(start, start + BATCH))
  return report
}

export interface MeterSummary {
  /** Extra units recorded for the period. */
  extra: number
  /** What they cost at the prices they were used at. */
  cost: number
  /** Of them, accepted by Polar. */
  sent: number
}

/** The user's meter events of a period. */
export async function meterSummary(db: Pick<Database, 'select'>, userId: string, period: string): Promise<MeterSummary> {
  const [row] = await db
    .select({
      extra: sql<number>`coalesce(sum(${meterEvent.quantity}), 0)`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${meterEvent.quantity} * ${meterEvent.unitPrice}), 0)`.mapWith(Number),
      sent: sql<number>`coalesce(sum(${meterEvent.quantity}) filter (where ${meterEvent.state} = 'sent'), 0)`.mapWith(Number),
    })
    .from(meterEvent)
    .where(and(eq(meterEvent.userId, userId), eq(meterEvent.billingPeriod, period)))
  return row ?? { extra: 0, cost: 0, sent: 0 }
}
