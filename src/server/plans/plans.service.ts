import { asc } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { plan } from '~/server/db/schema'

/** The columns the paywall and pricing cards show; timestamps stay on the server. */
const planColumns = {
  id: plan.id,
  name: plan.name,
  description: plan.description,
  price: plan.price,
  basePrice: plan.basePrice,
  productId: plan.productId,
  businessLimit: plan.businessLimit,
  articlesPerMonth: plan.articlesPerMonth,
  hasMeteredPricing: plan.hasMeteredPricing,
  meteredUnitPrice: plan.meteredUnitPrice,
  meteredUnit: plan.meteredUnit,
  meteredBillingFrequency: plan.meteredBillingFrequency,
}

export type PlanSummary = { [K in keyof typeof planColumns]: (typeof plan.$inferSelect)[K] }

/** Every plan, cheapest first. */
export function listPlans(db: Database): Promise<PlanSummary[]> {
  return db.select(planColumns).from(plan).orderBy(asc(plan.price), asc(plan.id))
}
