import { z } from 'zod'
import type { RpcContext } from '~/server/rpc/context'
import { authedProcedure } from '~/server/rpc/procedures'
import { getOwnedBusiness, listBusinesses, selectBusiness } from './business.service'

// Ids are generated (src/server/ids.ts): anything else is refused as input, never sent to the
// database (a NUL byte there is a server error, not a user's).
const businessIdInput = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'A business id is required.')
    .max(64, 'That is not a business id.')
    .regex(/^[0-9A-Za-z_-]*$/, 'That is not a business id.'),
})

export const businessRouter = {
  /** The caller's businesses, oldest first. */
  list: authedProcedure.route({ method: 'GET' }).handler(({ context }) => listBusinesses(context.db, context.user.id)),

  /** One of the caller's businesses; someone else's id is NOT_FOUND. */
  get: authedProcedure
    .route({ method: 'GET' })
    .input(businessIdInput)
    .handler(({ context, input }) => getOwnedBusiness(context.db, context.user.id, input.id)),

  /** Sets user.selectedBusiness to one of the caller's own businesses. */
  select: authedProcedure.input(businessIdInput).handler(async ({ context, input }) => {
    const selected = await selectBusiness(context.db, context.user.id, input.id)
    await refreshSessionCookie(context)
    return selected
  }),
}

/**
 * The session cookie caches the user for a minute (auth cookieCache); re-reading the session
 * with the cache disabled re-issues it, so the access gate sees the new selection at once.
 */
async function refreshSessionCookie(context: RpcContext) {
  if (!context.resHeaders) return
  const { headers } = await context.auth.api.getSession({
    headers: context.headers,
    query: { disableCookieCache: true },
    returnHeaders: true,
  })
  for (const cookie of headers.getSetCookie()) context.resHeaders.append('set-cookie', cookie)
}
