import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { DEMO_PROFILE_LOCKED, isDemoAccount } from '~/shared/demo-account'

/**
 * The demo account is shared by everyone who clicks "Explore the demo": nobody may lock the others
 * out of it, take it over or show the next visitor something of their choosing. Its credentials,
 * email, profile (name, picture), linked accounts, other sessions and the account itself cannot be
 * changed; the data inside it can (a restart re-creates it).
 */
const GUARDED_PATHS = new Set([
  '/change-password',
  '/set-password',
  '/change-email',
  '/delete-user',
  '/link-social',
  '/unlink-account',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
])

export const DEMO_ACCOUNT_LOCKED =
  'The demo account is shared, so its sign-in details cannot be changed. Create your own account to try this.'
export { DEMO_PROFILE_LOCKED }

export const guardDemoAccount = {
  matcher: (ctx: { path?: string }) => GUARDED_PATHS.has(ctx.path ?? '') || ctx.path === '/update-user',
  handler: createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx)
    if (!session || !isDemoAccount(session.user)) return
    const message = ctx.path === '/update-user' ? DEMO_PROFILE_LOCKED : DEMO_ACCOUNT_LOCKED
    throw new APIError('FORBIDDEN', { message, code: 'DEMO_ACCOUNT_LOCKED' })
  }),
}

/**
 * Every demo visitor is signed into the same user, so list-sessions would show each of them the
 * others' addresses, browsers and session tokens. A demo visitor sees their own session only.
 */
export const ownDemoSessionOnly = {
  matcher: (ctx: { path?: string }) => ctx.path === '/list-sessions',
  handler: createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned
    if (isAPIError(returned) || !Array.isArray(returned)) return
    const session = ctx.context.session ?? (await getSessionFromCtx(ctx))
    if (!session || !isDemoAccount(session.user)) return
    return ctx.json(returned.filter((row: { id?: unknown }) => row.id === session.session.id))
  }),
}
