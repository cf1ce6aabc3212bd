import type { Database } from '~/server/db'
import { appError } from '~/server/rpc/errors'
import { findUserPlan, PLAN_ERRORS, type UserPlan } from './plan-limits'
import { singleton } from '~/server/singleton'

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
    throw appError(PLAN_ERRORS.PLAN_REQUIRED, { redirectTo: '/paywall' })
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
