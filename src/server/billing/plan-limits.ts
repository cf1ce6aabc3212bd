import { count, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { business, plan, user } from '~/server/db/schema'
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
}

/** The user's current plan, read from the database (the session's copy may be a minute old). */
export async function findUserPlan(db: Pick<Database, 'select'>, userId: string): Promise<UserPlan | undefined> {
  const [row] = await db
    .select({
      id: plan.id,
      name: plan.name,
      businessLimit: plan.businessLimit,
      articlesPerMonth: plan.articlesPerMonth,
      hasMeteredPricing: plan.hasMeteredPricing,
      meteredUnitPrice: plan.meteredUnitPrice,
    })
    .from(user)
    .innerJoin(plan, eq(plan.id, user.plan))
    .where(eq(user.id, userId))
  return row
}

/**
 * Refuses a new business beyond the plan's businessLimit (product.md §2), with a message that
 * says the limit and the way out. Call it inside the transaction that inserts the business.
 */
export async function assertCanCreateBusiness(db: Pick<Database, 'select'>, userId: string): Promise<UserPlan> {
  const current = await findUserPlan(db, userId)
  if (!current) throw appError(PLAN_ERRORS.PLAN_REQUIRED, { redirectTo: '/paywall' })
  const [{ owned }] = await db.select({ owned: count() }).from(business).where(eq(business.userId, userId))
  if (owned >= current.businessLimit) {
    const limit = `${current.businessLimit} business${current.businessLimit === 1 ? '' : 'es'}`
    throw appError(PLAN_ERRORS.BUSINESS_LIMIT_REACHED, {
      message: `Your ${current.name} plan includes ${limit}, and you have ${owned}. Upgrade your plan to add another business.`,
    })
  }
  return current
}
