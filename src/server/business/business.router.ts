import { z } from 'zod'
import { env } from '~/env'
import { businessAllowance } from '~/server/billing/plan-limits'
import { ownedBusinessProcedure, paidProcedure } from '~/server/rpc/procedures'
import { reissueSessionCookie } from '~/server/rpc/session-cookie'
import { businessIdInput } from '~/shared/id-inputs'
import { listBusinesses, selectBusiness } from './business.service'
import { deleteBusiness } from './delete-business'

const deleteBusinessInput = businessIdInput.extend({
  /** The business's name as the user typed it: the server checks it too. */
  confirmation: z.string().max(300, 'Type the business’s name exactly as shown to delete it.'),
})

export const businessRouter = {
  /** The caller's businesses, oldest first; `isCurrent` marks the one the app works on. */
  list: paidProcedure.route({ method: 'GET' }).handler(({ context }) => listBusinesses(context.db, context.user.id)),

  /** How many businesses the plan allows and how many the caller has; at the limit, the message and the upgrade link. */
  allowance: paidProcedure.route({ method: 'GET' }).handler(({ context }) => businessAllowance(context.db, context.user.id)),

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

  /** Deletes one of the caller's businesses and all its data, once its name is typed; the session carries the new selection. */
  delete: ownedBusinessProcedure(deleteBusinessInput).handler(async ({ context, input }) => {
    const deleted = await deleteBusiness(context.db, context.user, context.business, input.confirmation, env().DATA_DIR)
    await reissueSessionCookie(context)
    return deleted
  }),
}
