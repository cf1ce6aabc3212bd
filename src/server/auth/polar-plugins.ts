import { checkout, polar, portal, type webhooks } from '@polar-sh/better-auth'
import type { BetterAuthPlugin } from 'better-auth'
import type { Env } from '~/env'
import { billingMode } from '~/server/providers/modes'
import { createPolarClient, polarWebhookSecret } from '~/server/providers/polar'

/** A better-auth plugin that only adds hooks: no endpoints, so it leaves the auth API's type as it is. */
export interface HooksPlugin {
  id: string
  hooks: NonNullable<BetterAuthPlugin['hooks']>
}

/**
 * What billing plugs into sign-in (src/server/billing/billing-auth.ts), handed to createAuth by the
 * composition root (src/server/app/auth.ts): sign-in mounts Polar's endpoints, billing decides what
 * a subscription event does.
 */
export interface BillingAuthParts {
  /** Polar's webhook endpoint with billing's subscription handlers. */
  webhooks(secret: string | undefined): ReturnType<typeof webhooks>
  /** The hooks around that endpoint (the replay guard). */
  webhookHooks(secret: string | undefined): HooksPlugin['hooks']
  /** Demo Polar only: the portal link bound to the session that asked for it. */
  demoPortalLinks(): HooksPlugin
}

/** Where Polar returns after payment; Polar appends `customer_session_token`. */
export const checkoutSuccessPath = '/setup?checkout=true'

/**
 * `@polar-sh/better-auth` under /api/auth: /checkout, /customer/portal, /customer/state and
 * /polar/webhooks, plus our replay guard on the webhook.
 *
 * The plugin's usage() is left out on purpose: its /usage/ingest lets any signed-in browser send
 * meter events with metadata of its choosing (e.g. `articles: -100` to lower its own bill). Usage
 * is reported by the server only: the extra articles of metered plans, from the `meter_event`
 * outbox (src/server/billing/metering.ts, docs/product/billing.md).
 *
 * createCustomerOnSignUp is off on purpose: it would make every sign-up fail whenever Polar is
 * unreachable. Polar creates the customer at checkout from `external_customer_id` (our user id),
 * and everything after (portal, usage events) finds the customer by that id.
 *
 * Self-hosted (BILLING=off): none of it is mounted, so nothing reaches Polar; billing.checkout and
 * billing.portal refuse with BILLING_OFF before they would call these endpoints.
 */
export function billingAuthPlugins({ env, billing }: { env: Env; billing: BillingAuthParts }) {
  if (billingMode(env) === 'off') return []
  const secret = polarWebhookSecret(env)
  return [
    polar({
      client: createPolarClient(env),
      createCustomerOnSignUp: false,
      use: [
        checkout({ authenticatedUsersOnly: true, successUrl: `${env.APP_URL}${checkoutSuccessPath}`, returnUrl: `${env.APP_URL}/paywall` }),
        portal({ returnUrl: `${env.APP_URL}/settings` }),
        billing.webhooks(secret),
      ],
    }),
    { id: 'rankpilot-polar-webhook-replay', hooks: billing.webhookHooks(secret) } satisfies HooksPlugin,
  ]
}
