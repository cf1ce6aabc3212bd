import { ownedBusinessProcedure, paidProcedure } from '~/server/rpc/procedures'
import { reissueSessionCookie } from '~/server/rpc/session-cookie'
import { businessIdInput } from '~/shared/setup-wizard'
import { listBusinesses, selectBusiness } from './business.service'

export const businessRouter = {
  /** The caller's businesses, oldest first; `isCurrent` marks the one the app works on. */
  list: paidProcedure.route({ method: 'GET' }).handler(({ context }) => listBusinesses(context.db, context.user.id)),

  /** One of the caller's businesses; someone else's id is NOT_FOUND. */
  get: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => context.business),

  /** Sets user.selectedBusiness to one of the caller's own businesses. */
  select: ownedBusinessProcedure(businessIdInput).handler(async ({ context }) => {
    const selected = await selectBusiness(context.db, context.user.id, context.business)
    await reissueSessionCookie(context)
    return selected
  }),
}
