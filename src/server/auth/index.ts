import { env } from '~/env'
import { getDb } from '~/server/db'
import { createMailer, outboxDirFor } from '~/server/email/mailer'
import { createAuth, type Auth } from './auth'
import { singleton } from '~/server/singleton'

export { createAuth, type Auth, type AuthSession } from './auth'

/** The app's better-auth instance, on the process database and mailer. */
export function getAuth(): Auth {
  return singleton('__rankpilotAuth', () => {
    const current = env()
    return createAuth({
      db: getDb(),
      env: current,
      mailer: createMailer({ from: current.EMAIL_FROM, smtpUrl: current.SMTP_URL, outboxDir: outboxDirFor(current.DATA_DIR) }),
    })
  })
}
