import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { handleConsentRequest } from '~/server/providers/demo-mode'

const handle = ({ request }: { request: Request }) => handleConsentRequest(request, env())

/** Demo mode's stand-in for Google's consent screen (src/server/demo-network/google/consent.ts). */
export const Route = createFileRoute('/api/demo/google/consent')({
  server: { handlers: { GET: handle, POST: handle } },
})
