import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { referencePageResponse } from '~/server/api/reference-page'

/** The API reference (docs/product/api.md): Scalar over /api/v1/openapi.json, served from this server. */
export const Route = createFileRoute('/docs/api')({
  server: { handlers: { GET: () => referencePageResponse(env().APP_NAME) } },
})
