import { presentedApiKey } from '~/server/api-keys/authenticate'
import type { Auth } from '~/server/auth'
import { getAuth } from '~/server/auth'
import type { Database } from '~/server/db'
import { getDb } from '~/server/db'
import { getProviders, type Providers } from '~/server/providers'

/**
 * What every procedure receives. The database and auth instance travel in the context, not as
 * module imports, so tests call the router in-process on their own database with
 * `createRouterClient(router, { context })`.
 */
export interface RpcContext {
  db: Database
  auth: Auth
  /** The outside services; tests pass their own or fakes. */
  providers: Providers
  /** The caller's request headers: the session cookie is read from them. */
  headers: Headers
  /**
   * Set by the transports that take API keys (/api/v1): the call is authenticated by this key
   * alone (null when the request sent none), never by a cookie. docs/decisions/0013-public-api.md
   */
  apiCredentials?: { key: string | null }
  /**
   * Headers to add to the HTTP response (ResponseHeadersPlugin). Absent for in-process calls
   * (SSR, tests): procedures that refresh cookies skip that step then.
   */
  resHeaders?: Headers
}

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

/** A context turned into an API call's: credentials from its headers' key, its cookies dropped. */
export function withApiKeyCredentials(context: RpcContext): RpcContext {
  const headers = new Headers(context.headers)
  headers.delete('cookie')
  return { ...context, headers, apiCredentials: { key: presentedApiKey(context.headers) } }
}
