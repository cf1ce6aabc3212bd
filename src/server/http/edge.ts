import { logger } from '~/server/logger'
import { enforceBodyLimit } from './body-limit'
import { REQUEST_ID_HEADER, requestIdFor } from './request-id'
import { createNonce, withSecurityHeaders } from './security-headers'

/** The app behind the edge: TanStack Start's handler, given the nonce its SSR scripts must carry. */
export type AppFetch = (request: Request, nonce: string) => Response | Promise<Response>

/**
 * What every request passes before the app (src/server.ts): it gets a request id (the caller's
 * own if sane, see request-id.ts) in its `x-request-id` header, which the handlers' logs quote
 * and the response returns; a body over its path's limit is refused with 413 before the app sees
 * it (body-limit.ts); and the response gets the security headers, with a CSP whose nonce the app
 * rendered its scripts with (security-headers.ts).
 */
export async function handleAtEdge(request: Request, app: AppFetch): Promise<Response> {
  const requestId = requestIdFor(request.headers)
  request.headers.set(REQUEST_ID_HEADER, requestId)
  const nonce = createNonce()
  let response: Response
  try {
    const limited = await enforceBodyLimit(request)
    if ('refused' in limited) {
      void limited.discard?.()
      response = limited.refused
    } else {
      response = await app(limited.request, nonce)
    }
  } catch (error) {
    const { pathname } = new URL(request.url)
    const detail = error instanceof Error ? (error.stack ?? error.message) : error
    logger.error(`${request.method} ${pathname} failed (request ${requestId})`, detail)
    response = new Response('Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  return withSecurityHeaders(response, { nonce, requestId })
}
