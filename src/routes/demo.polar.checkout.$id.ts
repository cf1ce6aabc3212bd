import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { getAuth } from '~/server/app/auth'
import { handleDemoCheckout } from '~/server/billing/demo-checkout'
import { getDb } from '~/server/db'

const handle = ({ request, params }: { request: Request; params: { id: string } }) =>
  handleDemoCheckout(request, params.id, { env: env(), db: getDb(), authHandler: (webhook) => getAuth().handler(webhook) })

/** Demo mode's stand-in for Polar's hosted checkout (src/server/billing/demo-checkout.ts). */
export const Route = createFileRoute('/demo/polar/checkout/$id')({
  server: { handlers: { GET: handle, POST: handle } },
})
