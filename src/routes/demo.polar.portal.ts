import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { getAuth } from '~/server/app/auth'
import { handleDemoPortal } from '~/server/billing/demo-portal'
import { getDb } from '~/server/db'

/** Demo mode's stand-in for Polar's customer portal (src/server/billing/demo-portal.ts). */
export const Route = createFileRoute('/demo/polar/portal')({
  server: { handlers: { GET: ({ request }) => handleDemoPortal(request, { env: env(), db: getDb(), auth: getAuth() }) } },
})
