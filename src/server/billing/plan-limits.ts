import { count, desc, eq, sql } from 'drizzle-orm'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { business, plan, user } from '~/server/db/schema'
import { billingMode, type ProviderEnv } from '~/server/providers/modes'
import { appError, defineErrorCodes } from '~/server/rpc/errors'

export const PLAN_ERRORS = defineErrorCodes({
  PLAN_REQUIRED: { code: 'FORBIDDEN', message: 'Choose a plan to continue.' },
  BUSINESS_LIMIT_REACHED: { code: 'FORBIDDEN', message: 'Your plan has no room for another business.' },
})

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
 * Refuses a new business beyond the plan's businessLimit (docs/product/limits.md), with a message that
 * says the limit and the way out. Call it inside the transaction that inserts the business.
 */
export async function assertCanCreateBusiness(db: Pick<Database, 'select'>, userId: string): Promise<UserPlan> {
  const current = await findUserPlan(db, userId)
  if (!current) throw appError(PLAN_ERRORS.PLAN_REQUIRED, { redirectTo: '/paywall' })
  const [{ owned }] = await db.select({ owned: count() }).from(business).where(eq(business.userId, userId))
  if (owned >= current.businessLimit) {
    const limit = `${current.businessLimit} business${current.businessLimit === 1 ? '' : 'es'}`
    throw appError(PLAN_ERRORS.BUSINESS_LIMIT_REACHED, {
      message: current.selfHosted
        ? `This server allows ${limit} per account (billing is off), and you have ${owned}.`
        : `Your ${current.name} plan includes ${limit}, and you have ${owned}. Upgrade your plan to add another business.`,
    })
  }
  return current
}
