import { inArray } from 'drizzle-orm'
import type { Env } from '~/env'
import type { Database } from '~/server/db'
import { plan } from '~/server/db/schema'
import { activeSubscriptions, polarStore } from '~/server/providers/polar/store'
import { demoPage, escapeHtml, formatUsd, notFound } from '~/server/demo/demo-page'
import { polarIsDemo, type PolarEnv } from './polar'

/**
 * Demo mode's stand-in for Polar's customer portal (`/demo/polar/portal?customer_session_token=…`,
 * the URL the Polar mock returns for a customer session): the subscription and the paid orders.
 * Answers 404 when Polar is live, where the real portal changes plans, cards and cancellations.
 */

export const DEMO_PORTAL_LABEL = 'Demo mode — this stands in for Polar’s customer portal'

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export async function handleDemoPortal(request: Request, deps: { env: PolarEnv & Pick<Env, 'APP_NAME'>; db: Database }): Promise<Response> {
  if (!polarIsDemo(deps.env)) return notFound()
  if (request.method !== 'GET') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET' } })
  const token = new URL(request.url).searchParams.get('customer_session_token') ?? ''
  const customerId = polarStore().sessions.get(token)
  const back = `<div class="actions"><a class="button secondary" href="/settings">Back to ${escapeHtml(deps.env.APP_NAME)}</a></div>`
  if (!customerId) {
    return demoPage(
      'Billing session expired',
      `<span class="badge">${DEMO_PORTAL_LABEL}</span><h1>This billing session has expired</h1><p class="error">Open Manage billing again from Settings.</p>${back}`,
      401,
    )
  }
  const subscriptions = activeSubscriptions(customerId)
  const plans = subscriptions.length
    ? await deps.db.select().from(plan).where(inArray(plan.productId, subscriptions.map((s) => s.productId)))
    : []
  const orders = [...polarStore().orders.values()].filter((order) => order.subscription.customerId === customerId)
  const subscriptionRows = subscriptions
    .map((subscription) => {
      const matched = plans.find((p) => p.productId === subscription.productId)
      return `<dt>${escapeHtml(matched?.name ?? 'Subscription')}</dt><dd>${matched ? `${formatUsd(matched.price)} / month, ` : ''}renews ${date(subscription.periodEnd)}</dd>`
    })
    .join('')
  const orderRows = orders.map((order) => `<li>${escapeHtml(order.invoiceNumber)} — paid ${date(order.createdAt)}</li>`).join('')
  const body = `
    <span class="badge">${DEMO_PORTAL_LABEL}</span>
    <h1>Your subscription</h1>
    ${subscriptionRows ? `<dl>${subscriptionRows}</dl>` : '<p>No active subscription.</p>'}
    <h2>Invoices</h2>
    ${orderRows ? `<ul>${orderRows}</ul>` : '<p>No invoices yet.</p>'}
    <p>With Polar configured, this is where you change your plan or payment method and cancel. The demo takes no payments.</p>
    ${back}`
  return demoPage(`Billing — ${deps.env.APP_NAME}`, body)
}
