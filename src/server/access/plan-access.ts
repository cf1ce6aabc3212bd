import { desc, eq, sql } from 'drizzle-orm'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { plan, user } from '~/server/db/schema'
import { billingMode, type ProviderEnv } from '~/server/providers/modes'
import { appError } from '~/server/rpc/errors'
import { PLAN_ACCESS_ERRORS } from './access.errors'
import { singleton } from '~/server/singleton'

export interface UserPlan {
  id: string
  name: string
  businessLimit: number
  articlesPerMonth: number
  hasMeteredPricing: boolean
  /** Dollars per article past the allowance; null without metered pricing. */
  meteredUnitPrice: number | null
  /** Self-hosted (BILLING=off): the top plan's limits, given to everyone, with nothing to pay. */
  selfHosted: boolean
}

const planColumns = {
  id: plan.id,
  name: plan.name,
  businessLimit: plan.businessLimit,
  articlesPerMonth: plan.articlesPerMonth,
  hasMeteredPricing: plan.hasMeteredPricing,
  meteredUnitPrice: plan.meteredUnitPrice,
}

/**
 * The one place a user's effective plan is decided; every plan check (the paid procedures, the
 * business limit, the article allowance, the billing overview) goes through it.
 * - Billing on (Polar or its demo stand-in): the plan stored on the user by the Polar webhook,
 *   read from the database (the session's copy may be a minute old).
 * - Self-hosted (BILLING=off): the most expensive plan for every user, whatever is stored. It is
 *   decided here at read time rather than written onto users, so no sign-up or start-up step can
 *   miss a user, and turning billing on later sends everyone to the paywall instead of leaving
 *   free plans behind. Nothing is metered: no Polar to bill extra articles to.
 */
export async function findUserPlan(
  db: Pick<Database, 'select'>,
  userId: string,
  config: ProviderEnv = env(),
): Promise<UserPlan | undefined> {
  if (billingMode(config) === 'off') {
    const [top] = await db
      .select(planColumns)
      .from(user)
      // Any plan row goes with the user; the order picks the top one.
      .innerJoin(plan, sql`true`)
      .where(eq(user.id, userId))
      .orderBy(desc(plan.price), desc(plan.businessLimit), desc(plan.articlesPerMonth))
      .limit(1)
    return top && { ...top, hasMeteredPricing: false, meteredUnitPrice: null, selfHosted: true }
  }
  const [row] = await db.select(planColumns).from(user).innerJoin(plan, eq(plan.id, user.plan)).where(eq(user.id, userId))
  return row && { ...row, selfHosted: false }
}

/**
 * The paid layer of every procedure past sign-in (src/server/rpc/procedures.ts): the caller's
 * plan, read from the database, not from the session cookie (which may be a minute old after a
 * subscription ends).
 *
 * A plan found is remembered for this process for up to 60 s, so the hot paths (the keyword
 * table) do not pay a round trip per call. Every place that changes a user's plan in this process
 * calls `forgetPlanAccess`, so a revocation here is seen on the next request; another process sees
 * it within the same minute the session cookie cache already allows. "No plan" is never
 * remembered: a user who just paid is let in at once.
 */
const TTL_MS = 60_000
const MAX_ENTRIES = 10_000

const entries = singleton('__rankpilotPlanAccess', () => new Map<string, { plan: UserPlan; expires: number }>())

/** The caller's plan, or PLAN_REQUIRED (FORBIDDEN, sends the browser to /paywall). */
export async function requirePaidPlan(db: Database, userId: string, now = Date.now()): Promise<UserPlan> {
  const entry = entries.get(userId)
  if (entry && entry.expires > now) return entry.plan
  const plan = await findUserPlan(db, userId)
  if (!plan) {
    entries.delete(userId)
    throw appError(PLAN_ACCESS_ERRORS.PLAN_REQUIRED, { redirectTo: '/paywall' })
  }
  entries.delete(userId)
  entries.set(userId, { plan, expires: now + TTL_MS })
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  return plan
}

/** Call after changing a user's plan (webhook, revocation, account deletion). */
export function forgetPlanAccess(userId: string) {
  entries.delete(userId)
}

/** Tests only: starts from an empty memory. */
export function forgetAllPlanAccess() {
  entries.clear()
}
