import type { BillingAuthParts } from '~/server/auth/polar-plugins'
import type { Database } from '~/server/db'
import { demoPortalLinks } from './demo-portal'
import { polarWebhooks, webhookReplayGuard } from './webhooks'

/**
 * What billing plugs into sign-in: the subscription handlers of Polar's webhook, its replay guard,
 * and demo Polar's portal links. Sign-in mounts them (src/server/auth/polar-plugins.ts); the
 * composition root hands them over (src/server/app/auth.ts).
 */
export function billingAuthParts(db: Database): BillingAuthParts {
  return {
    webhooks: (secret) => polarWebhooks(db, secret),
    webhookHooks: (secret) => webhookReplayGuard(db, secret),
    demoPortalLinks,
  }
}
