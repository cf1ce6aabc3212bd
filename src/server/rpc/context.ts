import type { Auth } from '~/server/auth'
import { getAuth } from '~/server/auth'
import type { Database } from '~/server/db'
import { getDb } from '~/server/db'

/**
 * What every procedure receives. The database and auth instance travel in the context, not as
 * module imports, so tests call the router in-process on their own database with
 * `createRouterClient(router, { context })`.
 */
export interface RpcContext {
  db: Database
  auth: Auth
  /** The caller's request headers: the session cookie is read from them. */
  headers: Headers
  /**
   * Headers to add to the HTTP response (ResponseHeadersPlugin). Absent for in-process calls
   * (SSR, tests): procedures that refresh cookies skip that step then.
   */
  resHeaders?: Headers
}

/** The app's context for a request: the process database and auth instance. */
export function createRpcContext(headers: Headers): RpcContext {
  return { db: getDb(), auth: getAuth(), headers }
}
