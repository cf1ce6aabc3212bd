import type { Register } from '@tanstack/react-router'
import { createServerEntry, createStartHandler, defaultStreamHandler, handleStartError } from '@tanstack/react-start/server'
import { bootServer } from '~/server/app/boot'
import { answerClientGone, clientWentAway } from '~/server/http/client-gone'
import { handleAtEdge } from '~/server/http/edge'

// Migrations and the plan seed run before the first request is answered.
await bootServer()

const startHandler = createStartHandler<Register>(defaultStreamHandler)

/**
 * TanStack Start's default entry (`@tanstack/react-start/server-entry`), but a request whose
 * client went away ends quietly (src/server/http/client-gone.ts): Start rethrows the request's
 * abort reason, and its own error handling would log it with its stack. Every other error gets
 * Start's answer and log, as with the default entry.
 */
const app = createServerEntry<Register>({
  async fetch(request, options) {
    try {
      return await startHandler(request, options)
    } catch (error) {
      if (clientWentAway(request, error)) return answerClientGone(request)
      return handleStartError(error)
    }
  },
})

export default createServerEntry({
  // Every request passes the edge (request id, body limits, security headers) first; the nonce
  // reaches the router through the request context (src/router.tsx).
  fetch(request) {
    return handleAtEdge(request, (limited, nonce) => app.fetch(limited, { context: { nonce } }))
  },
})

export { shutdownServer } from '~/server/app/boot'
// For the static files scripts/serve.mjs answers before this entry: the same base headers.
export { withSecurityHeaders } from '~/server/http/security-headers'
export { compressHtml } from '~/server/http/compress'
