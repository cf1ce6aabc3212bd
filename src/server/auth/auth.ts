import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import type { Env } from '~/env'
import type { Database } from '~/server/db'
import { schema } from '~/server/db'
import type { Mailer } from '~/server/email/mailer'
import { createId } from '~/server/ids'

export interface AuthDependencies {
  db: Database
  env: Env
  mailer: Mailer
}

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/**
 * better-auth at /api/auth (spec §4–§8). A factory, so tests build one on their own database
 * and outbox; the app's instance is `getAuth()`.
 */
export function createAuth({ db, env, mailer }: AuthDependencies) {
  return betterAuth({
    appName: env.APP_NAME,
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    advanced: {
      database: { generateId: () => createId() },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${env.APP_NAME} password`,
          text: `Someone asked to reset the password of your ${env.APP_NAME} account.\n\nSet a new password: ${url}\n\nThe link works for one hour. If it was not you, ignore this email.`,
        })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: `Verify your email for ${env.APP_NAME}`,
          text: `Welcome to ${env.APP_NAME}.\n\nVerify your email address: ${url}\n\nThe link works for one hour.`,
        })
      },
    },
    user: {
      additionalFields: {
        plan: { type: 'string', required: false, input: false },
        selectedBusiness: { type: 'string', required: false, input: false },
      },
    },
    session: {
      cookieCache: { enabled: true, maxAge: 60 },
    },
    plugins: [tanstackStartCookies()],
  })
}

export type Auth = ReturnType<typeof createAuth>
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
