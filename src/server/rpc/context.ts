import { presentedApiKey } from '~/server/access/api-key'
import type { Auth } from '~/server/auth'
import type { Database } from '~/server/db'
import type { Providers } from '~/server/providers'

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

/** A context turned into an API call's: credentials from its headers' key, its cookies dropped. */
export function withApiKeyCredentials(context: RpcContext): RpcContext {
  const headers = new Headers(context.headers)
  headers.delete('cookie')
  return { ...context, headers, apiCredentials: { key: presentedApiKey(context.headers) } }
}
