import { getAuth } from './auth'
import { getDb } from '~/server/db'
import { getProviders } from '~/server/providers'
import { withApiKeyCredentials, type RpcContext } from '~/server/rpc/context'

/** The app's context for a request: the process database, auth instance and providers. */
export function createRpcContext(headers: Headers): RpcContext {
  const db = getDb()
  const auth = getAuth()
  return { db, auth, providers: getProviders({ db, auth }), headers }
}

/**
 * The context of an API call (/api/v1, and any transport that takes API keys): the key the request
 * presents (`Authorization: Bearer …` or `x-api-key`) and its headers without cookies, so nothing
 * downstream can act on a browser session. Procedures called with it verify the key, its scope and
 * rate limit in signedInProcedure, then apply the same plan and ownership rules as the app.
 */
export function createApiKeyRpcContext(headers: Headers): RpcContext {
  return withApiKeyCredentials(createRpcContext(headers))
}
