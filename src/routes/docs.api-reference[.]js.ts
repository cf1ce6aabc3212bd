import { createFileRoute } from '@tanstack/react-router'
import { referenceScriptResponse } from '~/server/api/reference-page'

/** Scalar's browser bundle for /docs/api, from node_modules (no CDN). */
export const Route = createFileRoute('/docs/api-reference.js')({
  server: { handlers: { GET: ({ request }) => referenceScriptResponse(request), HEAD: ({ request }) => referenceScriptResponse(request) } },
})
