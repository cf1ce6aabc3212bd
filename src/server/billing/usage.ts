import { and, eq, sum } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { usage } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { recordOverage, releaseMeterEvent } from './metering'
import { queueMeterDelivery } from './billing.jobs'
import { PLAN_ERRORS, USAGE_ERRORS } from './billing.errors'
import { findUserPlan, type UserPlan } from '~/server/access/plan-access'
import { lockPlanLimits, UPGRADE_ACTION } from './plan-limits'
import { allowanceRenewsOn, billingPeriodOf } from '~/shared/billing-period'

/**
 * Usage (docs/product/entities.md, docs/product/limits.md): every billable action writes one `usage` row, once — the
 * action's idempotency key is unique per user. On a metered plan, the part of it past the
 * allowance is also one meter event for Polar (metering.ts, docs/product/billing.md).
 */

/** The allowance (plan.articlesPerMonth) counts this unit; other units are recorded, not limited. */
export const ARTICLE_UNIT = 'article'

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
  billingPeriod: string
  timestamp: Date
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
    .returning({ id: usage.id, billingPeriod: usage.billingPeriod, timestamp: usage.timestamp })
  if (inserted) return { ...inserted, created: true }
  const [existing] = await db
    .select({ id: usage.id, billingPeriod: usage.billingPeriod, timestamp: usage.timestamp })
    .from(usage)
    .where(and(eq(usage.userId, input.userId), eq(usage.idempotencyKey, input.idempotencyKey)))
  return { ...existing, created: false }
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
  /** Units of this action past the allowance on a metered plan: each one is billed (0 within it). */
  extra: number
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
  if (over <= 0) return { plan: current, used, reserved, extra: 0 }
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
    extra,
    overageNotice: `This goes past the ${current.articlesPerMonth} articles your ${current.name} plan includes this month: ${extra} extra article${extra === 1 ? '' : 's'} at ${dollars(current.meteredUnitPrice)} each (${dollars(extra * current.meteredUnitPrice)}) will be billed at the end of the period.`,
  }
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
 * not charged: its reserved row is deleted, and its meter event with it. On a metered plan, the
 * part past the allowance is a meter event written with the reservation, held until the action
 * succeeded, then sent to Polar (metering.ts). A retry of a key already charged runs again without
 * checking or counting twice. If the process dies during the action, the reserved row stays: the
 * action's retry (same key) completes it, and releases its meter event, without counting again.
 */
export async function withBillableAction<T>(
  deps: { db: Database },
  input: UsageInput,
  action: () => Promise<T>,
): Promise<BillableResult<T>> {
  const { db } = deps
  const byKey = and(eq(usage.userId, input.userId), eq(usage.idempotencyKey, input.idempotencyKey))
  const limited = input.unit === ARTICLE_UNIT
  /** Checks and records in `tx` (under the lock); a metered plan's extra units become a meter event. */
  const reserve = async (tx: Database, check: (tx: Database) => Promise<AllowanceCheck | undefined>, state: 'held' | 'pending') => {
    const checked = await check(tx)
    const recorded = await recordUsage(tx, input)
    if (recorded.created && checked && checked.extra > 0 && checked.plan.meteredUnitPrice !== null) {
      await recordOverage(tx, {
        userId: input.userId,
        usageId: recorded.id,
        idempotencyKey: input.idempotencyKey,
        billingPeriod: recorded.billingPeriod,
        quantity: checked.extra,
        unitPrice: checked.plan.meteredUnitPrice,
        occurredAt: recorded.timestamp,
        state,
      })
    }
    return { ...recorded, check: checked }
  }
  const reservation = await db.transaction(async (tx) => {
    if (limited) await lockPlanLimits(tx, input.userId)
    const [previous] = await tx.select({ id: usage.id }).from(usage).where(byKey)
    // A retry of an action already charged: it runs again without being counted again.
    if (previous) return { id: previous.id, created: false, check: undefined }
    return reserve(
      tx,
      (locked) => (limited ? checkAllowance(locked, input.userId, input.quantity ?? 1) : Promise.resolve(undefined)),
      'held',
    )
  })
  let result: T
  try {
    result = await action()
  } catch (error) {
    if (reservation.created) await db.delete(usage).where(and(byKey, eq(usage.id, reservation.id)))
    throw error
  }
  // Recorded again only when a first attempt running beside this retry failed and released the
  // row; the action has run, so it is recorded whatever the allowance says, and its extra billed.
  const recorded = reservation.created
    ? reservation
    : await db.transaction(async (tx) => {
        if (limited) await lockPlanLimits(tx, input.userId)
        return reserve(
          tx,
          (locked) =>
            limited ? checkAllowance(locked, input.userId, input.quantity ?? 1).catch(() => undefined) : Promise.resolve(undefined),
          'pending',
        )
      })
  const meterEventId = await releaseMeterEvent(db, recorded.id)
  if (meterEventId) await queueMeterDelivery(db, input.userId, meterEventId)
  return {
    result,
    usageId: recorded.id,
    charged: reservation.created || recorded.created,
    overageNotice: reservation.check?.overageNotice,
  }
}
