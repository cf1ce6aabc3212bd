import { logger } from '~/server/logger'
import { REQUEST_ID_HEADER } from './request-id'

/**
 * A client that goes away while its request is answered (a closed tab, a navigation away, a
 * closed event stream) is normal, not a failure of ours. The server aborts the request's signal
 * then (on Node with `Error: aborted`, code ECONNRESET, as its reason), and whatever was waiting
 * on it, TanStack Start's handler among them, rejects with that reason. Only that error counts:
 * anything else thrown after the abort is still a failure and is logged as one.
 */
export function clientWentAway(request: Request, error: unknown): boolean {
  const { signal } = request
  if (!signal.aborted) return false
  return error === signal.reason || (error instanceof Error && error.cause !== undefined && error.cause === signal.reason)
}

/** Nginx's 499 "Client Closed Request": nobody reads it, the connection is gone. */
export const CLIENT_CLOSED_REQUEST = 499

/** The answer to a request whose client went away: one debug line (LOG_LEVEL=debug), no stack, no error. */
export function answerClientGone(request: Request): Response {
  const { pathname } = new URL(request.url)
  const requestId = request.headers.get(REQUEST_ID_HEADER) ?? 'none'
  logger.debug(`${request.method} ${pathname}: the client went away before the answer (request ${requestId})`)
  return new Response(null, { status: CLIENT_CLOSED_REQUEST, statusText: 'Client Closed Request' })
}
