import type { Polar } from '@polar-sh/sdk'
import { and, eq, sql, sum } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { usage } from '~/server/db/schema'
import { logger } from '~/server/logger'
import { appError, defineErrorCodes } from '~/server/rpc/errors'
import { findUserPlan, lockPlanLimits, PLAN_ERRORS, UPGRADE_ACTION, type UserPlan } from './plan-limits'
import { allowanceRenewsOn, billingPeriodOf } from '~/shared/billing-period'

/**
 * Usage (docs/product/entities.md, docs/product/limits.md): every billable action writes one `usage` row, once — the
 * action's idempotency key is unique per user — and, on a metered plan, the same row is sent to
 * Polar's event ingestion with that key as `external_id`, so Polar never counts it twice either.
 */

export const USAGE_ERRORS = defineErrorCodes({
  ALLOWANCE_REACHED: { code: 'FORBIDDEN', message: 'You have used every article your plan includes this month.' },
})

/** The allowance (plan.articlesPerMonth) counts this unit; other units are recorded, not limited. */
export const ARTICLE_UNIT = 'article'
/** Polar event name; a Polar meter sums `metadata.articles` (or `metadata.quantity`) of these. */
export const POLAR_USAGE_EVENT = 'rankpilot_usage'

export { allowanceRenewsOn, billingPeriodOf }

export interface UsageInput {
  userId: string
  businessId?: string | null
  /** What was billed, e.g. "article.generate". */
  source: string
  sourceDetails?: string | null
  quantity?: number
  unit: string
  metadata?: Record<string, unknown>
  /** Same action, same key: a retry records nothing new. */
  idempotencyKey: string
}

export interface RecordedUsage {
  id: string
  /** false when the key was recorded before (a retry). */
  created: boolean
}

/** Inserts the usage row unless this key was recorded already. */
export async function recordUsage(db: Pick<Database, 'insert' | 'select'>, input: UsageInput, now = new Date()): Promise<RecordedUsage> {
  const quantity = input.quantity ?? 1
  if (!Number.isInteger(quantity) || quantity < 1) throw new Error(`usage quantity must be a positive whole number, got ${quantity}`)
  const [inserted] = await db
    .insert(usage)
    .values({
      userId: input.userId,
      businessId: input.businessId ?? null,
      source: input.source,
      sourceDetails: input.sourceDetails ?? null,
      quantity,
      unit: input.unit,
      metadata: input.metadata ?? null,
      timestamp: now,
      billingPeriod: billingPeriodOf(now),
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: [usage.userId, usage.idempotencyKey] })
    .returning({ id: usage.id })
  if (inserted) return { id: inserted.id, created: true }
  const [existing] = await db
    .select({ id: usage.id })
    .from(usage)
    .where(and(eq(usage.userId, input.userId), eq(usage.idempotencyKey, input.idempotencyKey)))
  return { id: existing.id, created: false }
}

/** Articles used by the user in a billing period. */
export async function articlesUsed(db: Pick<Database, 'select'>, userId: string, period = billingPeriodOf()): Promise<number> {
  const [row] = await db
    .select({ total: sum(usage.quantity).mapWith(Number) })
    .from(usage)
    .where(and(eq(usage.userId, userId), eq(usage.billingPeriod, period), eq(usage.unit, ARTICLE_UNIT)))
  return row?.total ?? 0
}

export interface AllowanceCheck {
  plan: UserPlan
  /** Articles recorded in the period. */
  used: number
  /** Articles promised to actions still in flight (checkAllowance's `reserved`). */
  reserved: number
  /** Set on a metered plan once this action goes past the allowance: what it will cost. */
  overageNotice?: string
}

export interface AllowanceOptions {
  now?: Date
  /**
   * Articles already promised to actions in flight, not yet recorded (generations queued or
   * running): they count as used. Count them after lockPlanLimits, in the same transaction.
   */
  reserved?: number
}

const dollars = (amount: number) => `$${amount.toFixed(2)}`

// Where a user whose articles are used up can change plan; one constant for every plan limit.
export { UPGRADE_ACTION }

/**
 * Refuses an article beyond the plan's monthly allowance on a plan without metered pricing, with
 * the numbers and the way out. A metered plan may go over; the notice says what it will cost.
 *
 * On its own this is only a check: two callers may both pass it. An action that consumes the
 * allowance calls it inside the transaction that writes its reservation, after lockPlanLimits
 * (docs/product/limits.md), so no other reservation of the user's is made between this count and
 * that write: withBillableAction, the article service's enqueueGeneration and the generation's
 * save (src/server/articles/).
 */
export async function checkAllowance(
  db: Pick<Database, 'select'>,
  userId: string,
  quantity: number,
  { now = new Date(), reserved = 0 }: AllowanceOptions = {},
): Promise<AllowanceCheck> {
  const current = await findUserPlan(db, userId)
  if (!current) throw appError(PLAN_ERRORS.PLAN_REQUIRED, { redirectTo: '/paywall' })
  const period = billingPeriodOf(now)
  const used = await articlesUsed(db, userId, period)
  const over = used + reserved + quantity - current.articlesPerMonth
  if (over <= 0) return { plan: current, used, reserved }
  if (!current.hasMeteredPricing || current.meteredUnitPrice === null) {
    // Articles still being written count as used: say so, or the count on the billing card
    // (recorded articles only) would seem to contradict the refusal.
    const writing = reserved > 0 ? `; ${reserved} of them ${reserved === 1 ? 'is' : 'are'} still being written` : ''
    throw appError(USAGE_ERRORS.ALLOWANCE_REACHED, {
      message: current.selfHosted
        ? `You have used all ${current.articlesPerMonth} articles this server allows per account this month (billing is off)${writing}. ` +
          `Your allowance renews on ${allowanceRenewsOn(period)}.`
        : `You have used all ${current.articlesPerMonth} articles of your ${current.name} plan this month${writing}. Your allowance renews on ${allowanceRenewsOn(period)}; upgrade your plan to write more now.`,
      ...(current.selfHosted ? {} : { action: UPGRADE_ACTION }),
    })
  }
  const extra = Math.min(over, quantity)
  return {
    plan: current,
    used,
    reserved,
    overageNotice: `This goes past the ${current.articlesPerMonth} articles your ${current.name} plan includes this month: ${extra} extra article${extra === 1 ? '' : 's'} at ${dollars(current.meteredUnitPrice)} each (${dollars(extra * current.meteredUnitPrice)}) will be billed at the end of the period.`,
  }
}

/**
 * Sends one usage row to Polar's event ingestion (metered plans). Idempotent twice over: Polar
 * skips a known `external_id`, and a row already reported is not sent again. A failure is logged
 * and leaves `reportedAt` empty, so the next retry of the action reports it.
 */
export async function reportUsageToPolar(db: Pick<Database, 'select' | 'update'>, polar: Polar, usageId: string): Promise<boolean> {
  const [row] = await db.select().from(usage).where(eq(usage.id, usageId))
  if (!row || row.reportedAt) return false
  try {
    await polar.events.ingest({
      events: [
        {
          name: POLAR_USAGE_EVENT,
          externalCustomerId: row.userId,
          externalId: `${row.userId}:${row.idempotencyKey}`,
          timestamp: row.timestamp,
          metadata: {
            source: row.source,
            unit: row.unit,
            quantity: row.quantity,
            [`${row.unit}s`]: row.quantity,
            billingPeriod: row.billingPeriod,
            ...(row.businessId ? { businessId: row.businessId } : {}),
          },
        },
      ],
    })
  } catch (error) {
    logger.error(`polar usage ingestion failed for usage ${row.id}`, error)
    return false
  }
  await db
    .update(usage)
    .set({ reportedAt: sql`now()` })
    .where(eq(usage.id, row.id))
  return true
}

export interface BillableResult<T> {
  result: T
  /** The usage row, created now or by an earlier run with the same key. */
  usageId: string
  /** false when an earlier run with the same key was already charged. */
  charged: boolean
  overageNotice?: string
}

/**
 * Runs a billable action with its usage reserved atomically: the allowance check and the usage
 * row are written in one transaction under the user's lock (lockPlanLimits), so two actions
 * started at the same moment cannot both take the last article. A failed action (it throws) is
 * not charged: its reserved row is deleted. A metered plan's usage is reported to Polar only after
 * the action succeeded. A retry of a key already charged runs again without checking or counting
 * twice. If the process dies during the action, the reserved row stays: the action's retry (same
 * key) completes it without counting again.
 */
export async function withBillableAction<T>(
  deps: { db: Database; polar: Polar },
  input: UsageInput,
  action: () => Promise<T>,
): Promise<BillableResult<T>> {
  const { db, polar } = deps
  const byKey = and(eq(usage.userId, input.userId), eq(usage.idempotencyKey, input.idempotencyKey))
  const limited = input.unit === ARTICLE_UNIT
  const reservation = await db.transaction(async (tx) => {
    if (limited) await lockPlanLimits(tx, input.userId)
    const [previous] = await tx.select({ id: usage.id }).from(usage).where(byKey)
    // A retry of an action already charged: it runs again without being counted again.
    if (previous) return { id: previous.id, created: false, check: undefined }
    const check = limited ? await checkAllowance(tx, input.userId, input.quantity ?? 1) : undefined
    return { check, ...(await recordUsage(tx, input)) }
  })
  let result: T
  try {
    result = await action()
  } catch (error) {
    if (reservation.created) await db.delete(usage).where(and(byKey, eq(usage.id, reservation.id)))
    throw error
  }
  // Recorded again only when a first attempt running beside this retry failed and released the row.
  const recorded = reservation.created ? reservation : await recordUsage(db, input)
  const plan = reservation.check?.plan ?? (await findUserPlan(db, input.userId))
  if (plan?.hasMeteredPricing) await reportUsageToPolar(db, polar, recorded.id)
  return {
    result,
    usageId: recorded.id,
    charged: reservation.created || recorded.created,
    overageNotice: reservation.check?.overageNotice,
  }
}
