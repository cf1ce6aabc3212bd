import { eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { plan } from '~/server/db/schema'
import { listPlans, type PlanSummary } from '~/server/plans/plans.service'
import { appError, defineErrorCodes } from '~/server/rpc/errors'
import { findUserPlan } from './plan-limits'
import { allowanceRenewsOn, articlesUsed, billingPeriodOf } from './usage'

export const BILLING_ERRORS = defineErrorCodes({
  PLAN_NOT_FOUND: { code: 'NOT_FOUND', message: 'That plan is not offered. Reload the page to see the current plans.' },
  ALREADY_ON_PLAN: { code: 'CONFLICT', message: 'This is already your plan.' },
  CHANGE_PLAN_IN_PORTAL: {
    code: 'CONFLICT',
    message: 'You already have a plan. Change it with Manage billing in Settings, so you are not billed twice.',
  },
  CHECKOUT_FAILED: { code: 'SERVICE_UNAVAILABLE', message: 'The checkout could not be started. Try again in a moment.' },
  PORTAL_FAILED: { code: 'SERVICE_UNAVAILABLE', message: 'The billing portal could not be opened. Try again in a moment.' },
})

export interface BillingOverview {
  plan: PlanSummary | null
  /** `YYYY-MM` (UTC) */
  period: string
  renewsOn: string
  articlesUsed: number
  articlesIncluded: number
  /** Articles past the allowance this period, and what they will cost (metered plans). */
  overArticles: number
  overageCost: number
}

/** The caller's plan and this period's article usage against its allowance. */
export async function billingOverview(db: Database, userId: string, now = new Date()): Promise<BillingOverview> {
  const period = billingPeriodOf(now)
  const [current, used, plans] = await Promise.all([findUserPlan(db, userId), articlesUsed(db, userId, period), listPlans(db)])
  const summary = current ? (plans.find((p) => p.id === current.id) ?? null) : null
  const included = summary?.articlesPerMonth ?? 0
  const over = summary ? Math.max(0, used - included) : 0
  return {
    plan: summary,
    period,
    renewsOn: allowanceRenewsOn(period),
    articlesUsed: used,
    articlesIncluded: included,
    overArticles: over,
    overageCost: summary?.hasMeteredPricing ? over * (summary.meteredUnitPrice ?? 0) : 0,
  }
}

/** The Polar product to sell for a plan the user may buy now, or the reason not. */
export async function productForCheckout(db: Database, userId: string, planId: string): Promise<string> {
  const [chosen] = await db.select({ id: plan.id, productId: plan.productId, name: plan.name }).from(plan).where(eq(plan.id, planId))
  if (!chosen) throw appError(BILLING_ERRORS.PLAN_NOT_FOUND)
  const current = await findUserPlan(db, userId)
  if (current?.id === chosen.id) throw appError(BILLING_ERRORS.ALREADY_ON_PLAN, { message: `${chosen.name} is already your plan.` })
  if (current) throw appError(BILLING_ERRORS.CHANGE_PLAN_IN_PORTAL)
  return chosen.productId
}
