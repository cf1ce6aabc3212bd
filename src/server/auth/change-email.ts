import { APIError, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx } from 'better-auth/api'
import { VERIFICATION_TOKEN_TTL } from './emails'

export const EMAIL_TAKEN_MESSAGE = "Couldn't update your email"

/**
 * Changing to an address another account already uses fails with "Couldn't update your
 * email". better-auth 1.7.7 answers 200 and sends nothing (so the caller can't probe addresses);
 * we choose the explicit error, for signed-in callers only (docs/product/messages.md).
 */
export const rejectTakenEmail = {
  matcher: (ctx: { path?: string }) => ctx.path === '/change-email',
  handler: createAuthMiddleware(async (ctx) => {
    const newEmail: unknown = ctx.body?.newEmail
    if (typeof newEmail !== 'string') return
    const session = await getSessionFromCtx(ctx)
    // No session, or the same address: better-auth's own answers (401, "Email is the same").
    if (!session || session.user.email === newEmail.toLowerCase()) return
    if (await ctx.context.internalAdapter.findUserByEmail(newEmail.toLowerCase())) {
      throw APIError.from('BAD_REQUEST', { code: 'EMAIL_TAKEN', message: EMAIL_TAKEN_MESSAGE })
    }
  }),
}

/**
 * The link in the confirmation email to a verified user's current address (the rule: a
 * change-email token for a verified user sets the new email to unverified and sends a new
 * verification). better-auth 1.7.7's own confirmation token instead leads to a second email whose
 * link sets the new address as verified; a token carrying only {email, updateTo} takes verify-email's
 * path that switches the address, marks it unverified and mails a verification to it. The
 * callbackURL of better-auth's link is kept.
 */
export async function changeEmailApprovalUrl(input: { secret: string; url: string; email: string; newEmail: string }) {
  const token = await createEmailVerificationToken(input.secret, input.email, input.newEmail, VERIFICATION_TOKEN_TTL)
  const url = new URL(input.url)
  url.searchParams.set('token', token)
  return url.toString()
}
