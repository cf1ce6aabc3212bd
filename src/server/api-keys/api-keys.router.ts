import { z } from 'zod'
import { paidProcedure, signedInProcedure } from '~/server/rpc/procedures'
import { apiKeyCreateInput } from '~/shared/api-keys'
import { rowId } from '~/shared/id-inputs'
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service'

/**
 * The signed-in user's API keys (Settings → API keys, docs/product/api.md). Listing and revoking
 * are signed-in, not paid: a user whose plan ended can still see and revoke keys; creating one
 * needs a plan (PLAN_REQUIRED), as every call the key could make does. No scope in their meta, so an API key can
 * never reach them: keys are managed with a session only.
 */
export const apiKeyRouter = {
  /** The user's keys with their scopes, creation, last use and expiry; never the keys themselves. */
  list: signedInProcedure.route({ method: 'GET' }).handler(({ context }) => listApiKeys(context.db, context.user.id)),

  /** Creates a key; the answer carries it in clear, the only time it is shown. */
  create: paidProcedure.input(apiKeyCreateInput).handler(({ context, input }) => createApiKey(context.db, context.user, input)),

  /** Revokes a key at once. */
  revoke: signedInProcedure
    .input(z.object({ id: rowId('API key id') }))
    .handler(({ context, input }) => revokeApiKey(context.db, context.user.id, input.id)),
}
