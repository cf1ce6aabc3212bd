import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { providerModes } from '~/server/providers/modes'
import { demoWebResponse } from '~/server/providers/demo-mode'

const handle = ({ request }: { request: Request }) => demoWebResponse(request, { simulated: providerModes(env()).dataforseo === 'demo' })

/** The demo web (src/server/demo-network/web/demo-web.ts): the pages simulated search results link to. */
export const Route = createFileRoute('/demo/web/$')({
  server: { handlers: { GET: handle, HEAD: handle, ANY: handle } },
})
