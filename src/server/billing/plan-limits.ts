import { count, eq } from 'drizzle-orm'
import { findUserPlan, type UserPlan } from '~/server/access/plan-access'
import type { Database } from '~/server/db'
import { business, user } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { PLAN_ERRORS } from './billing.errors'

/** Where a user at one of the plan's limits can change plan: the settings' billing section. */
export const UPGRADE_ACTION = { label: 'See plans', path: '/settings#plan-and-billing' }

/** How many businesses the user has against the plan's businessLimit, and what to say at the limit. */
export interface BusinessAllowance {
  planName: string
  limit: number
  used: number
  selfHosted: boolean
  canAdd: boolean
  /** At the limit: the sentence BUSINESS_LIMIT_REACHED carries (docs/product/messages.md); else null. */
  message: string | null
  /** At the limit with billing on: where to upgrade. Self-hosted has nothing to sell. */
  action: { label: string; path: string } | null
}

function allowanceOf(current: UserPlan, used: number): BusinessAllowance {
  const canAdd = used < current.businessLimit
  const limit = `${current.businessLimit} business${current.businessLimit === 1 ? '' : 'es'}`
  const message = canAdd
    ? null
    : current.selfHosted
      ? `This server allows ${limit} per account (billing is off), and you have ${used}.`
      : `Your ${current.name} plan includes ${limit}, and you have ${used}. Upgrade your plan to add another business.`
  return {
    planName: current.name,
    limit: current.businessLimit,
    used,
    selfHosted: current.selfHosted,
    canAdd,
    message,
    action: canAdd || current.selfHosted ? null : UPGRADE_ACTION,
  }
}

/** The user's business allowance (the switcher asks before "Add business" opens setup). */
export async function businessAllowance(db: Pick<Database, 'select'>, userId: string): Promise<BusinessAllowance> {
  const current = await findUserPlan(db, userId)
  if (!current) throw appError(PLAN_ERRORS.PLAN_REQUIRED, { redirectTo: '/paywall' })
  const [{ owned }] = await db.select({ owned: count() }).from(business).where(eq(business.userId, userId))
  return allowanceOf(current, owned)
}

/**
 * Every plan limit is one atomic reservation: the check and the write it allows happen in one
 * transaction that first takes this lock on the user's row, held until the transaction ends. Two
 * creations of a business, or two generations of an article, of the same user queue here instead
 * of both seeing room for one more; the second counts what the first wrote. `FOR NO KEY UPDATE`
 * conflicts with itself (and with the `FOR UPDATE` of a business deletion) but not with the key
 * share lock a row referencing the user takes, so the user's other writes do not wait for it. The
 * same statement on PostgreSQL and PGlite (where one connection serialises transactions anyway).
 * Everything the transaction does after it must go through that transaction: on PostgreSQL a
 * query on another pooled connection could wait for a connection held by a reservation waiting
 * for this one. Outside a transaction the lock ends with its statement and guarantees nothing.
 */
export async function lockPlanLimits(tx: Pick<Database, 'select'>, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update')
}

/**
 * Refuses a new business beyond the plan's businessLimit (docs/product/limits.md), with a message that
 * says the limit and the way out (a "See plans" button, unless billing is off). Takes the user's
 * lock (lockPlanLimits) first: call it inside the transaction that inserts the business, so the
 * count it checks cannot change before that insert commits.
 */
export async function assertCanCreateBusiness(db: Pick<Database, 'select'>, userId: string): Promise<UserPlan> {
  await lockPlanLimits(db, userId)
  const current = await findUserPlan(db, userId)
  if (!current) throw appError(PLAN_ERRORS.PLAN_REQUIRED, { redirectTo: '/paywall' })
  const [{ owned }] = await db.select({ owned: count() }).from(business).where(eq(business.userId, userId))
  const allowance = allowanceOf(current, owned)
  if (!allowance.canAdd) {
    throw appError(PLAN_ERRORS.BUSINESS_LIMIT_REACHED, {
      message: allowance.message ?? undefined,
      ...(allowance.action ? { action: allowance.action } : {}),
    })
  }
  return current
}
