import { randomUUID } from 'node:crypto'
import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import type { Env } from '~/env'
import type { Database } from '~/server/db'
import { schema } from '~/server/db'
import type { Mailer } from '~/server/email/mailer'
import { createId } from '~/server/ids'
import { businessIdsOf, removeBusinessMedia } from '~/server/media/media-store'
import { polarIsDemo } from '~/server/providers/polar'
import { API_KEY_HTTP_PATHS, apiKeyPlugin } from './api-key-plugin'
import { changeEmailApprovalUrl } from './change-email'
import { authEmails, DELETE_ACCOUNT_TOKEN_TTL, RESET_TOKEN_TTL, VERIFICATION_TOKEN_TTL } from './emails'
import { billingAuthPlugins, type BillingAuthParts } from './polar-plugins'
import { attachSessionRevocations, createSessionRevocations } from './revoked-sessions'
import { authSocialProviders, demoGoogle, providerTrustedOrigins, TRUSTED_LINKING_PROVIDERS } from './social-providers'
import { specCompatibility } from './spec-plugin'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/shared/password'

export interface AuthDependencies {
  db: Database
  env: Env
  mailer: Mailer
  /** What billing plugs into sign-in (Polar's webhook handlers, demo portal links): src/server/app/auth.ts gives it. */
  billing: BillingAuthParts
}

// One rule for the server and the forms that state it.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH }
/** The session cookie cache's max age: 60 seconds. */
export const SESSION_COOKIE_CACHE_MAX_AGE = 60

/** Set by scripts/serve.mjs on every request; any value a client sent is replaced. */
export const CLIENT_IP_HEADER = 'x-rankpilot-client-ip'

/**
 * better-auth at /api/auth (docs/product/messages.md, docs/product/limits.md). A factory, so tests build one on their own database
 * and outbox (createAppAuth, src/server/app/auth.ts); the app's instance is `getAuth()` there.
 */
export function createAuth({ db, env, mailer, billing }: AuthDependencies) {
  /** Business ids of an account being deleted, from just before its rows go to just after. */
  const mediaOfDeletedUsers = new Map<string, string[]>()
  const emails = authEmails(env.APP_NAME)
  // Twice the cookie cache's life: covers a cookie written just as its session was being deleted.
  const revocations = createSessionRevocations({ keepMs: 2 * SESSION_COOKIE_CACHE_MAX_AGE * 1000 })
  const auth = betterAuth({
    appName: env.APP_NAME,
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.APP_URL, ...providerTrustedOrigins(env)],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        apikey: schema.apikey,
      },
    }),
    // API keys are managed through the signed-in apiKey.* procedures only (src/server/auth/api-key-plugin.ts).
    disabledPaths: API_KEY_HTTP_PATHS,
    advanced: {
      database: { generateId: () => createId() },
      // The client address for rate limiting and session records comes only from the header
      // scripts/serve.mjs overwrites on every request (socket peer, or the proxy's forwarded
      // address when TRUST_PROXY says so): a client cannot choose its own bucket.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips origin and callbackURL checks whenever NODE_ENV is "test"; say no
      // explicitly so the tests exercise the checks production runs.
      disableOriginCheck: false,
    },
    ...(env.AUTH_RATE_LIMIT === undefined ? {} : { rateLimit: { enabled: env.AUTH_RATE_LIMIT } }),
    telemetry: { enabled: false },
    logger: { disabled: env.LOG_LEVEL === 'silent', level: env.LOG_LEVEL === 'silent' ? 'error' : env.LOG_LEVEL },
    ...mailFlows(env, mailer, emails),
    user: {
      additionalFields: {
        // Set by billing and onboarding on the server, never by the client (input: false makes
        // sign-up and update-user reject them with FIELD_NOT_ALLOWED).
        plan: { type: 'string', required: false, input: false },
        selectedBusiness: { type: 'string', required: false, input: false },
      },
      changeEmail: {
        enabled: true,
        // An unverified address has nothing to protect: switch at once, then verify the new one.
        updateEmailWithoutVerification: true,
        async sendChangeEmailConfirmation({ user, newEmail, url }) {
          const approvalUrl = await changeEmailApprovalUrl({ secret: env.BETTER_AUTH_SECRET, url, email: user.email, newEmail })
          await mailer.send(emails.confirmEmailChange(user, newEmail, approvalUrl))
        },
      },
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: DELETE_ACCOUNT_TOKEN_TTL,
        // No sendDeleteAccountVerification here: see delete-account.ts.
        // The rows cascade from the user; the businesses' article images on disk go once they have.
        beforeDelete: async (deleted) => {
          mediaOfDeletedUsers.set(deleted.id, await businessIdsOf(db, deleted.id))
        },
        afterDelete: async (deleted) => {
          const businessIds = mediaOfDeletedUsers.get(deleted.id) ?? []
          mediaOfDeletedUsers.delete(deleted.id)
          await Promise.all(businessIds.map((businessId) => removeBusinessMedia(env.DATA_DIR, businessId)))
        },
      },
    },
    account: accountOptions(env),
    // Reset, delete-account and OAuth-state identifiers are stored as their SHA-256: a read of the
    // table yields no usable link (docs/decisions/0015-tokens-at-rest.md).
    verification: { storeIdentifier: 'hashed' },
    socialProviders: authSocialProviders(env),
    session: {
      cookieCache: {
        enabled: true,
        maxAge: SESSION_COOKIE_CACHE_MAX_AGE,
        // A cookie cache is only trusted when the version it was written with equals this one now.
        // Live sessions are "1" (better-auth's default). A session revoked here (revoked-sessions.ts)
        // gets a new random value on every call, so no cache of it ever matches, not even one written
        // while it was being revoked: better-auth reads the deleted row, answers no session and
        // clears the cookies.
        version: (session) => (revocations.refuses(session) ? `revoked ${randomUUID()}` : '1'),
      },
    },
    databaseHooks: databaseHooks(revocations),
    plugins: [
      specCompatibility({
        async sendDeleteAccountEmail({ user, url }) {
          await mailer.send(emails.deleteAccount(user, url))
        },
      }),
      ...billingAuthPlugins({ env, billing }),
      ...(polarIsDemo(env) ? [billing.demoPortalLinks()] : []),
      apiKeyPlugin(),
      // Must stay last: it copies the final Set-Cookie headers into TanStack Start's response.
      tanstackStartCookies(),
    ],
  })
  return attachSessionRevocations(auth, revocations)
}

/** Password sign-in, its reset and the address verification: every message goes out through the mailer. */
function mailFlows(env: Env, mailer: Mailer, emails: ReturnType<typeof authEmails>) {
  return {
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL,
      // A reset is how someone takes their account back: every device signed in before it is signed out.
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(emails.resetPassword(user, url))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_TTL,
      async sendVerificationEmail({ user, url }) {
        await mailer.send(emails.verifyEmail(user, url))
      },
    },
  } satisfies Pick<BetterAuthOptions, 'emailAndPassword' | 'emailVerification'>
}

/** Linked accounts: their tokens at rest and which providers may link. */
function accountOptions(env: Env) {
  return {
    // Tokens at rest (docs/decisions/0015-tokens-at-rest.md): access and refresh tokens are
    // written encrypted under the auth secret; getAccessToken and refreshToken decrypt them.
    encryptOAuthTokens: true,
    accountLinking: {
      enabled: true,
      trustedProviders: TRUSTED_LINKING_PROVIDERS,
      // Linking from a signed-in session may use another address: Connect Search Console links
      // the Google account that manages the site, often not the one the user signed up with.
      // Implicit linking at sign-in still needs the same, verified email.
      allowDifferentEmails: true,
      // Demo Google (no Google credentials) signs in whoever types an address on the stand-in
      // consent page: it must never sign into an existing account by matching its email.
      // Linking from a signed-in session (Connect Search Console) still works.
      disableImplicitLinking: demoGoogle(env),
    },
  } satisfies BetterAuthOptions['account']
}

/** Row hooks: no id token kept, and every deleted session recorded as revoked (revoked-sessions.ts). */
function databaseHooks(revocations: ReturnType<typeof createSessionRevocations>) {
  return {
    // better-auth stores the provider's id token in clear even with encryptOAuthTokens; it was
    // checked at sign-in and nothing reads it afterwards, so it is not kept
    // (docs/decisions/0015-tokens-at-rest.md).
    account: {
      create: { before: async (data) => ({ data: { ...data, idToken: null } }) },
      update: { before: async (data) => ('idToken' in data ? { data: { ...data, idToken: null } } : undefined) },
    },
    session: {
      delete: {
        async before(session, context) {
          revocations.recordDeleted(session, context?.path)
        },
      },
    },
  } satisfies BetterAuthOptions['databaseHooks']
}

export type Auth = ReturnType<typeof createAuth>
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
