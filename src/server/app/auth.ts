import { env } from '~/env'
import { createAuth, type Auth, type AuthDependencies } from '~/server/auth'
import { billingAuthParts } from '~/server/billing/billing-auth'
import { getDb } from '~/server/db'
import { createMailer, outboxDirFor } from '~/server/email/mailer'
import { singleton } from '~/server/singleton'

/**
 * The app's sign-in: better-auth (src/server/auth/auth.ts) with what the domains plug into it
 * (billing's Polar handlers), composed here so sign-in never imports a domain
 * (docs/decisions/0020-server-layers.md). Tests build one on their own database and outbox.
 */
export function createAppAuth(deps: Omit<AuthDependencies, 'billing'>): Auth {
  return createAuth({ ...deps, billing: billingAuthParts(deps.db) })
}

/** The app's better-auth instance, on the process database and mailer. */
export function getAuth(): Auth {
  return singleton('__rankpilotAuth', () => {
    const current = env()
    return createAppAuth({
      db: getDb(),
      env: current,
      mailer: createMailer({ from: current.EMAIL_FROM, smtpUrl: current.SMTP_URL, outboxDir: outboxDirFor(current.DATA_DIR) }),
    })
  })
}
