import { createFileRoute } from '@tanstack/react-router'
import { handleApiRequest } from '~/server/api/api-handler'

const handle = ({ request }: { request: Request }) => handleApiRequest(request)

/** The public API, authenticated by API key only (docs/product/api.md); its document is /api/v1/openapi.json. */
export const Route = createFileRoute('/api/v1/$')({
  server: { handlers: { GET: handle, HEAD: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle } },
})
