import { eq } from 'drizzle-orm'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { plan } from '~/server/db/schema'
import { billingMode, type BillingMode } from '~/server/providers/modes'
import { listPlans, type PlanSummary } from '~/server/plans/plans.service'
import { appError } from '~/server/rpc/errors'
import { meterSummary } from './metering'
import { findUserPlan } from '~/server/access/plan-access'
import { allowanceRenewsOn, articlesUsed, billingPeriodOf } from './usage'
import { BILLING_ERRORS } from './billing.errors'

/** Refuses checkout and portal on a self-hosted server (BILLING=off): there is nothing to pay. */
export function assertBillingOn(config = env()) {
  if (billingMode(config) === 'off') throw appError(BILLING_ERRORS.BILLING_OFF)
}

export interface BillingOverview {
  /** 'off': self-hosted, the plan is the top one for everyone and nothing is billed. */
  billing: BillingMode
  plan: PlanSummary | null
  /** `YYYY-MM` (UTC) */
  period: string
  renewsOn: string
  articlesUsed: number
  articlesIncluded: number
  /**
   * Extra articles this period on a metered plan, and what they will cost: the meter events
   * recorded for Polar (docs/product/billing.md), at the price each was written at.
   */
  overArticles: number
  overageCost: number
}

/** The caller's plan and this period's article usage against its allowance. */
export async function billingOverview(db: Database, userId: string, now = new Date()): Promise<BillingOverview> {
  const period = billingPeriodOf(now)
  const [current, used, plans, metered] = await Promise.all([
    findUserPlan(db, userId),
    articlesUsed(db, userId, period),
    listPlans(db),
    meterSummary(db, userId, period),
  ])
  const listed = current ? plans.find((p) => p.id === current.id) : undefined
  // Metering as findUserPlan decided it: a self-hosted server bills no extra articles.
  const summary =
    listed && current ? { ...listed, hasMeteredPricing: current.hasMeteredPricing, meteredUnitPrice: current.meteredUnitPrice } : null
  const included = summary?.articlesPerMonth ?? 0
  return {
    billing: billingMode(env()),
    plan: summary,
    period,
    renewsOn: allowanceRenewsOn(period),
    articlesUsed: used,
    articlesIncluded: included,
    overArticles: metered.extra,
    overageCost: metered.cost,
  }
}

/** The Polar product to sell for a plan the user may buy now, or the reason not. */
export async function productForCheckout(db: Database, userId: string, planId: string): Promise<string> {
  assertBillingOn()
  const [chosen] = await db.select({ id: plan.id, productId: plan.productId, name: plan.name }).from(plan).where(eq(plan.id, planId))
  if (!chosen) throw appError(BILLING_ERRORS.PLAN_NOT_FOUND)
  const current = await findUserPlan(db, userId)
  if (current?.id === chosen.id) throw appError(BILLING_ERRORS.ALREADY_ON_PLAN, { message: `${chosen.name} is already your plan.` })
  if (current) throw appError(BILLING_ERRORS.CHANGE_PLAN_IN_PORTAL)
  return chosen.productId
}
