import type { Subscription } from '@polar-sh/sdk/models/components/subscription'
import { validateEvent } from '@polar-sh/sdk/webhooks'
import { webhooks } from '@polar-sh/better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { plan, user, webhookDelivery } from '~/server/db/schema'
import { recordPlanChange } from '~/server/history/record'
import { forgetPlanAccess } from '~/server/access/plan-access'
import { logger } from '~/server/logger'
import { DAY_MS } from '~/shared/time'

/**
 * Polar webhooks (`POST /api/auth/polar/webhooks`): the plugin verifies the Standard Webhooks
 * signature and its 5-minute timestamp tolerance; `webhookReplayGuard` refuses a delivery id seen
 * before; the handlers here turn subscription events into `user.plan`.
 */

export const POLAR_WEBHOOK_PATH = '/polar/webhooks'
export const WEBHOOK_REPLAYED = 'This webhook delivery was already received.'
/** Deliveries older than this are refused by the timestamp check, so their ids need not be kept. */
const DELIVERY_RETENTION_MS = DAY_MS

/** Statuses in which the customer has the plan; the ones that end it. Others leave it as it is. */
const GRANTING = new Set(['active', 'trialing'])
const ENDING = new Set(['canceled', 'unpaid', 'incomplete_expired'])

type SubscriptionEvent = 'created' | 'updated' | 'active' | 'canceled' | 'uncanceled' | 'revoked'

/**
 * Sets or clears the plan of the subscription's customer (our user id is Polar's external id).
 * A revoked subscription, or one whose status ended, clears the plan only if it is still the
 * plan that subscription paid for: a user who switched plans keeps the new one. A cancellation
 * at period end keeps status "active", so the plan stays until Polar revokes it.
 */
export async function applySubscriptionEvent(db: Database, event: SubscriptionEvent, subscription: Subscription) {
  const userId = subscription.customer.externalId
  if (!userId) {
    logger.warn(`polar webhook: subscription ${subscription.id} has no external customer id; ignored`)
    return
  }
  const [paidPlan] = await db.select({ id: plan.id }).from(plan).where(eq(plan.productId, subscription.productId))
  if (!paidPlan) {
    logger.warn(`polar webhook: product ${subscription.productId} is none of our plans; ignored`)
    return
  }
  const [before] = await db.select({ plan: user.plan }).from(user).where(eq(user.id, userId))
  const ends = event === 'revoked' || ENDING.has(subscription.status)
  if (ends) {
    await db
      .update(user)
      .set({ plan: null, updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.plan, paidPlan.id)))
  } else if (GRANTING.has(subscription.status)) {
    await db.update(user).set({ plan: paidPlan.id, updatedAt: new Date() }).where(eq(user.id, userId))
  }
  if (before) await recordPlanChange(db, userId, before.plan)
  forgetPlanAccess(userId)
}

/** The plugin's webhook endpoint with our subscription handlers. */
export function polarWebhooks(db: Database, secret: string | undefined) {
  const on = (event: SubscriptionEvent) => (payload: { data: Subscription }) => applySubscriptionEvent(db, event, payload.data)
  return webhooks({
    // The plugin refuses every delivery when the secret is missing (live Polar without one).
    secret: secret ?? '',
    onSubscriptionCreated: on('created'),
    onSubscriptionUpdated: on('updated'),
    onSubscriptionActive: on('active'),
    onSubscriptionCanceled: on('canceled'),
    onSubscriptionUncanceled: on('uncanceled'),
    onSubscriptionRevoked: on('revoked'),
  })
}

/**
 * Refuses a replayed delivery: a `webhook-id` already accepted gets 409 and changes nothing. The
 * id is claimed before the handlers run (so two copies arriving together cannot both apply) and
 * released if handling fails, so Polar's retry of a failed delivery is still processed. Only a
 * correctly signed delivery can claim an id: a forged one must not block the real one.
 */
export function webhookReplayGuard(db: Database, secret: string | undefined) {
  const isWebhook = (ctx: { path?: string }) => ctx.path === POLAR_WEBHOOK_PATH
  return {
    before: [
      {
        matcher: isWebhook,
        handler: createAuthMiddleware(async (ctx) => {
          const request = ctx.request
          if (!secret || !request) return
          const deliveryId = request.headers.get('webhook-id')
          if (!deliveryId) return
          try {
            validateEvent(await request.clone().text(), Object.fromEntries(request.headers), secret)
          } catch {
            // The plugin's own verification refuses it with the reason.
            return
          }
          await db.delete(webhookDelivery).where(lt(webhookDelivery.receivedAt, new Date(Date.now() - DELIVERY_RETENTION_MS)))
          const claimed = await db
            .insert(webhookDelivery)
            .values({ id: deliveryId, provider: 'polar' })
            .onConflictDoNothing()
            .returning({ id: webhookDelivery.id })
          if (claimed.length === 0) throw new APIError('CONFLICT', { message: WEBHOOK_REPLAYED, code: 'WEBHOOK_REPLAYED' })
        }),
      },
    ],
    after: [
      {
        matcher: isWebhook,
        handler: createAuthMiddleware(async (ctx) => {
          const returned = ctx.context.returned
          const failed = returned instanceof APIError || (returned instanceof Response && !returned.ok)
          const deliveryId = ctx.request?.headers.get('webhook-id')
          if (!failed || !deliveryId) return
          // Our own 409 for a replay must not release the first delivery's claim.
          if (returned instanceof APIError && returned.body?.code === 'WEBHOOK_REPLAYED') return
          await db.delete(webhookDelivery).where(eq(webhookDelivery.id, deliveryId))
        }),
      },
    ],
  }
}
