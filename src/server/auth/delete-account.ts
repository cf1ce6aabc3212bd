import { createAuthMiddleware, getAuthoritativeSessionFromCtx } from 'better-auth/api'
import { generateRandomString } from 'better-auth/crypto'
import { DELETE_ACCOUNT_TOKEN_TTL } from './emails'

export type SendDeleteAccountEmail = (input: { user: { email: string; name?: string | null }; url: string }) => Promise<void>

/**
 * Account deletion is immediate when the session is fresh or the password is supplied;
 * otherwise an emailed token is needed and its callback completes the deletion.
 *
 * better-auth 1.7.7 can't be configured that way: with `sendDeleteAccountVerification` set it
 * emails a token on every call without a token, even with the password or a fresh session; without
 * it a stale session gets 400 "Session expired". So `sendDeleteAccountVerification` stays unset and
 * this hook handles only the stale-session, no-password case, writing the same verification row
 * (`delete-account-<token>`, 32 characters, 24 hours) that better-auth's /delete-user/callback and
 * /delete-user {token} consume.
 */
export function emailDeleteTokenWhenStale(send: SendDeleteAccountEmail) {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === '/delete-user',
    handler: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as { password?: unknown; token?: unknown; callbackURL?: unknown }
      if (body.password || body.token) return
      const session = await getAuthoritativeSessionFromCtx(ctx)
      if (!session) return
      const freshAge = ctx.context.sessionConfig.freshAge
      const age = Date.now() - new Date(session.session.createdAt).getTime()
      if (freshAge === 0 || age < freshAge * 1000) return

      const token = generateRandomString(32, '0-9', 'a-z')
      await ctx.context.internalAdapter.createVerificationValue({
        identifier: `delete-account-${token}`,
        value: session.user.id,
        expiresAt: new Date(Date.now() + DELETE_ACCOUNT_TOKEN_TTL * 1000),
      })
      // callbackURL was checked against the trusted origins by better-auth's origin middleware.
      const callbackURL = typeof body.callbackURL === 'string' && body.callbackURL ? body.callbackURL : '/'
      const url = `${ctx.context.baseURL}/delete-user/callback?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`
      await send({ user: session.user, url })
      return ctx.json({ success: true, message: 'Verification email sent' })
    }),
  }
}
