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
