import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

/**
 * Our rule: POST /unlink-account takes `providerId` (required) and `accountId` (optional, the
 * provider's account id). better-auth 1.7.7 takes only `accountId`, meaning its own account row id.
 * A body with `providerId` is translated to that row id; a body without it is passed through as is.
 * No match leaves an id that matches nothing, so better-auth's own answers apply ("You can't unlink
 * your last account", "Account not found").
 */
export const unlinkByProvider = {
  matcher: (ctx: { path?: string }) => ctx.path === '/unlink-account',
  handler: createAuthMiddleware(async (ctx) => {
    const { providerId, accountId } = (ctx.body ?? {}) as { providerId?: unknown; accountId?: unknown }
    if (typeof providerId !== 'string') return
    const session = await getSessionFromCtx(ctx)
    if (!session) return
    const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id)
    const account = accounts.find(
      (candidate) => candidate.providerId === providerId && (accountId === undefined || candidate.accountId === accountId),
    )
    return { context: { body: { providerId, accountId: account?.id ?? '' } } }
  }),
}
