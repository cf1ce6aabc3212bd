import { ORPCError } from '@orpc/server'
import { logger } from '~/server/logger'
import { REQUEST_ID_HEADER } from './request-id'

/** What the /rpc handler's request interceptors are given, as far as the log needs it. */
export interface RpcErrorLogOptions {
  request: { url: URL; headers: Record<string, string | string[] | undefined>; signal?: AbortSignal }
  prefix?: string
}

/** The error's stack, and its cause's: an ORPCError wrapping a failure carries the failure as its cause. */
function stackOf(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  const stack = error.stack ?? `${error.name}: ${error.message}`
  return error.cause instanceof Error ? `${stack}\nCaused by: ${stackOf(error.cause)}` : stack
}

/**
 * For `onError` in the /rpc handler's `interceptors`: an error that becomes a 5xx answer (a bug,
 * a database that is down) is logged with the request's id (given to every request by
 * src/server/http/edge.ts and returned as `x-request-id`), the procedure and the stack. Errors
 * that are the caller's (4xx) are answered, not logged, and so is a request whose caller left.
 */
export function logRpcServerError(error: unknown, { request, prefix = '' }: RpcErrorLogOptions): void {
  const status = error instanceof ORPCError ? error.status : 500
  if (status < 500 || request.signal?.aborted) return
  const procedure = request.url.pathname
    .slice(prefix.length)
    .replace(/^\/+|\/+$/g, '')
    .replaceAll('/', '.')
  const requestId = [request.headers[REQUEST_ID_HEADER]].flat()[0] ?? 'none'
  logger.error(`rpc ${procedure || '/'} failed with ${status} (request ${requestId})`, stackOf(error))
}
