import { sql } from 'drizzle-orm'
import type { Database } from './client'
import { plan } from './schema'

/** The three plans of product.md §1. productId is the Polar product; ours until Polar is wired. */
export const PLAN_SEEDS = [
  {
    productId: 'rankpilot-starter',
    name: 'Starter',
    description: 'For a founder growing one site: a month of articles, planned and published for you.',
    price: 49,
    basePrice: 49,
    businessLimit: 1,
    articlesPerMonth: 15,
    hasMeteredPricing: false,
    meteredUnitPrice: null,
    meteredUnit: null,
  },
  {
    productId: 'rankpilot-growth',
    name: 'Growth',
    description: 'For small teams with a few sites: an article a day, with extra articles when you need them.',
    price: 99,
    basePrice: 99,
    businessLimit: 3,
    articlesPerMonth: 30,
    hasMeteredPricing: true,
    meteredUnitPrice: 3,
    meteredUnit: 'article',
  },
  {
    productId: 'rankpilot-agency',
    name: 'Agency',
    description: 'For agencies running content for clients: ten businesses and ninety articles a month.',
    price: 249,
    basePrice: 249,
    businessLimit: 10,
    articlesPerMonth: 90,
    hasMeteredPricing: true,
    meteredUnitPrice: 2,
    meteredUnit: 'article',
  },
] as const

/** Inserts or updates the seeded plans by productId; safe to run on every start. */
export async function seedPlans(db: Database) {
  await db
    .insert(plan)
    .values(PLAN_SEEDS.map((seed) => ({ ...seed })))
    .onConflictDoUpdate({
      target: plan.productId,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        price: sql`excluded.price`,
        basePrice: sql`excluded.base_price`,
        businessLimit: sql`excluded.business_limit`,
        articlesPerMonth: sql`excluded.articles_per_month`,
        hasMeteredPricing: sql`excluded.has_metered_pricing`,
        meteredUnitPrice: sql`excluded.metered_unit_price`,
        meteredUnit: sql`excluded.metered_unit`,
      },
    })
}
