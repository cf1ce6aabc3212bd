import { z } from 'zod'
import { logger } from '~/server/logger'
import { paidProcedure, signedInProcedure } from '~/server/rpc/procedures'
import { appError } from '~/server/rpc/errors'
import { BILLING_ERRORS } from './billing.errors'
import { assertBillingOn, billingOverview, productForCheckout } from './billing.service'

/** Billing at /rpc: the caller's own plan and usage, and the way into Polar's checkout and portal. */
export const billingRouter = {
  /** Read from the database: right after a checkout the session's copy of the plan may be stale. */
  overview: paidProcedure.route({ method: 'GET' }).handler(({ context }) => billingOverview(context.db, context.user.id)),

  /**
   * Starts a Polar checkout for a plan through the better-auth plugin; returns where to send the
   * browser. BILLING_OFF on a self-hosted server.
   */
  checkout: signedInProcedure
    .input(z.object({ planId: z.string().trim().min(1, 'Choose a plan.').max(64) }))
    .handler(async ({ context, input }) => {
      const productId = await productForCheckout(context.db, context.user.id, input.planId)
      try {
        const { url } = await context.auth.api.checkout({ body: { products: [productId], redirect: false }, headers: context.headers })
        return { url }
      } catch (error) {
        logger.error('polar checkout failed', error)
        throw appError(BILLING_ERRORS.CHECKOUT_FAILED, { cause: error })
      }
    }),

  /** A Polar customer portal session (manage payment method, invoices, cancel); BILLING_OFF when self-hosted. */
  portal: paidProcedure.handler(async ({ context }) => {
    assertBillingOn()
    try {
      const { url } = await context.auth.api.portal({ body: { redirect: false }, headers: context.headers })
      return { url }
    } catch (error) {
      logger.error('polar portal failed', error)
      throw appError(BILLING_ERRORS.PORTAL_FAILED, { cause: error })
    }
  }),
}
