import { env } from '~/env'
import { getDb } from '~/server/db'
import { createMailer, outboxDirFor } from '~/server/email/mailer'
import { createAuth, type Auth } from './auth'

export { createAuth, type Auth, type AuthSession } from './auth'

const globalForAuth = globalThis as typeof globalThis & { __rankpilotAuth?: Auth }

/** The app's better-auth instance, on the process database and mailer. */
export function getAuth(): Auth {
  if (!globalForAuth.__rankpilotAuth) {
    const current = env()
    globalForAuth.__rankpilotAuth = createAuth({
      db: getDb(),
      env: current,
      mailer: createMailer({ from: current.EMAIL_FROM, smtpUrl: current.SMTP_URL, outboxDir: outboxDirFor(current.DATA_DIR) }),
    })
  }
  return globalForAuth.__rankpilotAuth
}
