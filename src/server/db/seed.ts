import { sql } from 'drizzle-orm'
import { env, type Env } from '~/env'
import type { Database } from './client'
import { plan } from './schema'

/**
 * The three plans (docs/product/limits.md). productId is the Polar product: these ids are the demo
 * Polar's products (its mock sells any id); live Polar's come from POLAR_PRODUCT_* (planProductIds).
 */
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

type ProductEnv = Partial<Pick<Env, 'POLAR_PRODUCT_STARTER' | 'POLAR_PRODUCT_GROWTH' | 'POLAR_PRODUCT_AGENCY'>>

/** Each seeded plan's Polar product id: the configured one, else the demo one. */
export function planProductIds(config: ProductEnv): Record<(typeof PLAN_SEEDS)[number]['name'], string> {
  return {
    Starter: config.POLAR_PRODUCT_STARTER ?? 'rankpilot-starter',
    Growth: config.POLAR_PRODUCT_GROWTH ?? 'rankpilot-growth',
    Agency: config.POLAR_PRODUCT_AGENCY ?? 'rankpilot-agency',
  }
}

/**
 * Inserts or updates the seeded plans by name (so configuring live product ids updates the same
 * plans users already hold); safe to run on every start.
 */
export async function seedPlans(db: Database, productIds = planProductIds(env())) {
  await db
    .insert(plan)
    .values(PLAN_SEEDS.map((seed) => ({ ...seed, productId: productIds[seed.name] })))
    .onConflictDoUpdate({
      target: plan.name,
      set: {
        productId: sql`excluded.product_id`,
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
