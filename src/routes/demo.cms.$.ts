import { createFileRoute } from '@tanstack/react-router'
import { demoCmsResponse } from '~/server/demo/demo-cms-page'

const handle = ({ request }: { request: Request }) => demoCmsResponse(request)

/** The demo account's stand-in WordPress site (src/server/providers/demo-cms.ts): its published articles. */
export const Route = createFileRoute('/demo/cms/$')({
  server: { handlers: { GET: handle, HEAD: handle } },
})
