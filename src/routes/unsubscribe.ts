import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { getDb } from '~/server/db'
import { handleUnsubscribe } from '~/server/notifications/unsubscribe-page'

const handle = ({ request }: { request: Request }) => handleUnsubscribe(request, { db: getDb(), secret: env().BETTER_AUTH_SECRET })

/** The one-click unsubscribe of notification emails (src/server/notifications/unsubscribe-page.ts). */
export const Route = createFileRoute('/unsubscribe')({
  server: { handlers: { GET: handle, POST: handle } },
})
