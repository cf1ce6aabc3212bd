import { eq } from 'drizzle-orm'
import type { Env } from '~/env'
import type { Database } from '~/server/db'
import { plan, user } from '~/server/db/schema'
import { logger } from '~/server/logger'
import { demoPolar } from '~/server/providers/demo-mode'
import { polarIsDemo, polarWebhookSecret, type PolarEnv } from '~/server/providers/polar'
import { demoPage, formatUsd, notFound, seeOther } from '~/server/http/demo-page'
import { escapeHtml } from '~/shared/text'

/**
 * Demo mode's stand-in for Polar's hosted checkout (`/demo/polar/checkout/:id`, the URL the Polar
 * mock gives every checkout). "Pay" does what paying on Polar does: the mock completes the
 * checkout, each webhook Polar would send is signed like Polar signs it and POSTed to our own
 * webhook endpoint (so the real verification runs), then the browser goes to the success URL.
 * Answers 404 when Polar is live.
 */

export const DEMO_CHECKOUT_LABEL = 'Demo mode — no payment is taken'
export const WEBHOOK_PATH = '/api/auth/polar/webhooks'

export interface DemoCheckoutDeps {
  env: PolarEnv & Pick<Env, 'APP_URL' | 'APP_NAME'>
  db: Database
  /** Handles a request to /api/auth/* (the auth handler), where the webhook endpoint lives. */
  authHandler: (request: Request) => Promise<Response>
}

function refusal(title: string, message: string, status: number) {
  return demoPage(
    title,
    `<span class="badge">${DEMO_CHECKOUT_LABEL}</span><h1>${escapeHtml(title)}</h1><p class="error">${escapeHtml(message)}</p><div class="actions"><a class="button secondary" href="/paywall">Back to plans</a></div>`,
    status,
  )
}

async function renderCheckout(deps: DemoCheckoutDeps, checkoutId: string) {
  const checkout = demoPolar.checkout(checkoutId)
  if (!checkout) return refusal('Checkout not found', 'This checkout does not exist or has expired. Choose your plan again.', 404)
  if (checkout.status !== 'open') return refusal('Checkout already paid', 'This checkout has already been paid. Your plan is active.', 409)
  const [chosen] = await deps.db.select().from(plan).where(eq(plan.productId, checkout.productId))
  const name = chosen?.name ?? 'Subscription'
  const price = chosen ? chosen.price : checkout.amountCents / 100
  const details = chosen
    ? `<dl><dt>Businesses</dt><dd>${chosen.businessLimit}</dd><dt>Articles a month</dt><dd>${chosen.articlesPerMonth}</dd>${
        chosen.hasMeteredPricing && chosen.meteredUnitPrice !== null
          ? `<dt>Extra articles</dt><dd>${formatUsd(chosen.meteredUnitPrice)} each</dd>`
          : ''
      }</dl>`
    : ''
  const body = `
    <span class="badge">${DEMO_CHECKOUT_LABEL}</span>
    <h1>${escapeHtml(deps.env.APP_NAME)} ${escapeHtml(name)}</h1>
    <p>This page stands in for Polar's checkout because billing runs without Polar credentials. Paying here activates the plan; no card is asked for and nothing is charged.</p>
    <p><span class="price">${formatUsd(price)}</span> / month</p>
    ${details}
    <form method="post">
      <div class="actions">
        <button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
        <button class="primary" type="submit" name="decision" value="pay">Pay ${formatUsd(price)}</button>
      </div>
    </form>`
  return demoPage(`Checkout: ${name} — ${deps.env.APP_NAME}`, body)
}

/** POSTs each event to our webhook endpoint, signed with the webhook secret as Polar would. */
async function deliverWebhooks(deps: DemoCheckoutDeps, events: ReturnType<typeof demoPolar.pay>['webhookEvents']) {
  const secret = polarWebhookSecret(deps.env)
  if (!secret) throw new Error('no Polar webhook secret')
  for (const event of events) {
    const { body, headers } = demoPolar.signWebhook(event, secret)
    const response = await deps.authHandler(
      new Request(`${deps.env.APP_URL}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      }),
    )
    if (!response.ok) throw new Error(`webhook ${event.type} answered ${response.status}: ${await response.text()}`)
  }
}

/** Only back into this app: a checkout's success URL is set by whoever created it. */
function sameOriginOr(url: string, appUrl: string, fallback: string) {
  try {
    const target = new URL(url)
    return target.origin === new URL(appUrl).origin ? target.toString() : `${appUrl}${fallback}`
  } catch {
    return `${appUrl}${fallback}`
  }
}

async function pay(deps: DemoCheckoutDeps, checkoutId: string) {
  const checkout = demoPolar.checkout(checkoutId)
  if (!checkout) return refusal('Checkout not found', 'This checkout does not exist or has expired. Choose your plan again.', 404)
  if (checkout.status !== 'open') return refusal('Checkout already paid', 'This checkout has already been paid. Your plan is active.', 409)
  const [owner] = checkout.externalCustomerId
    ? await deps.db.select({ email: user.email }).from(user).where(eq(user.id, checkout.externalCustomerId))
    : []
  const completed = demoPolar.pay(checkoutId, { email: owner?.email })
  try {
    await deliverWebhooks(deps, completed.webhookEvents)
  } catch (error) {
    logger.error('demo checkout: webhook delivery failed', error)
    return refusal(
      'Payment not confirmed',
      'The demo payment went through, but the app refused Polar’s confirmation. Check the server log, then choose your plan again.',
      502,
    )
  }
  return seeOther(sameOriginOr(completed.redirectUrl, deps.env.APP_URL, '/setup?checkout=true'))
}

export async function handleDemoCheckout(request: Request, checkoutId: string, deps: DemoCheckoutDeps): Promise<Response> {
  if (!polarIsDemo(deps.env)) return notFound()
  if (request.method === 'GET') return renderCheckout(deps, checkoutId)
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, POST' } })
  // Only this page may pay: no cross-site form posts.
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== new URL(deps.env.APP_URL).origin) return new Response('Forbidden', { status: 403 })
  const form = new URLSearchParams(await request.text())
  if (form.get('decision') === 'pay') return pay(deps, checkoutId)
  const checkout = demoPolar.checkout(checkoutId)
  return seeOther(sameOriginOr(checkout?.returnUrl ?? '', deps.env.APP_URL, '/paywall'))
}
