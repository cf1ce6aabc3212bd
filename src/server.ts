import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { bootServer } from '~/server/app/boot'
import { handleAtEdge } from '~/server/http/edge'

// Migrations and the plan seed run before the first request is answered.
await bootServer()

export default createServerEntry({
  // Every request passes the edge (request id, body limits, security headers) first; the nonce
  // reaches the router through the request context (src/router.tsx).
  fetch(request) {
    return handleAtEdge(request, (limited, nonce) => handler.fetch(limited, { context: { nonce } }))
  },
})

export { shutdownServer } from '~/server/app/boot'
// For the static files scripts/serve.mjs answers before this entry: the same base headers.
export { withSecurityHeaders } from '~/server/http/security-headers'
export { compressHtml } from '~/server/http/compress'
