import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { DEMO_EMAIL } from '~/server/demo/demo-account'

/**
 * The demo account is shared by everyone who clicks "Explore the demo": nobody may lock the others
 * out of it or take it over. Its credentials, email, linked accounts, other sessions and the
 * account itself cannot be changed; the data inside it can (a restart re-creates it).
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

export const DEMO_ACCOUNT_LOCKED = 'The demo account is shared, so its sign-in details cannot be changed. Create your own account to try this.'

export const guardDemoAccount = {
  matcher: (ctx: { path?: string }) => GUARDED_PATHS.has(ctx.path ?? ''),
  handler: createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx)
    if (session?.user.email === DEMO_EMAIL) throw new APIError('FORBIDDEN', { message: DEMO_ACCOUNT_LOCKED, code: 'DEMO_ACCOUNT_LOCKED' })
  }),
}
