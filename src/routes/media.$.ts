import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { mediaResponse } from '~/server/media/media-store'

const handle = ({ request }: { request: Request }) => mediaResponse(env().DATA_DIR, request)

/**
 * Article images and infographics (src/server/media/media-store.ts): public, as published
 * articles show them. Other methods get the handler's 405 rather than the app's page.
 */
export const Route = createFileRoute('/media/$')({
  server: { handlers: { GET: handle, HEAD: handle, ANY: handle } },
})
