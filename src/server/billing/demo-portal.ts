import { randomBytes } from 'node:crypto'
import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { inArray } from 'drizzle-orm'
import type { Env } from '~/env'
import type { Auth } from '~/server/auth/auth'
import type { Database } from '~/server/db'
import { plan } from '~/server/db/schema'
import { demoPolar } from '~/server/providers/demo-mode'
import { demoPage, formatUsd, notFound } from '~/server/http/demo-page'
import { escapeHtml } from '~/shared/text'
import { polarIsDemo, type PolarEnv } from '~/server/providers/polar'
import { singleton } from '~/server/singleton'

/**
 * Demo mode's stand-in for Polar's customer portal (`/demo/polar/portal?customer_session_token=…`):
 * the subscription and the paid orders. Answers 404 when Polar is live, where the real portal
 * changes plans, cards and cancellations.
 *
 * The Polar mock names its customer sessions after a counter and the customer, which anyone could
 * work out; a link with such a token must not show a stranger's invoices. So the link handed to the
 * browser carries a token of our own instead: random, valid for a few minutes, and only for the
 * signed-in session that asked for it (billing.portal → /customer/portal, whose answer
 * `demoPortalLinks` rewrites). Another session, or none, gets "expired".
 *
 * The tokens live in this process's memory, not in the database: the portal shows the Polar mock's
 * store, which is itself in-process memory, so a token another process could check would find no
 * subscription there anyway; and a demo page then needs no table, writes or clean-up.
 */

export const DEMO_PORTAL_LABEL = 'Demo mode — this stands in for Polar’s customer portal'
export const DEMO_PORTAL_LINK_TTL_MS = 10 * 60 * 1000
const MAX_LINKS = 10_000

interface PortalLink {
  sessionId: string
  customerId: string
  expires: number
}

const portalLinks = () => singleton('__rankpilotDemoPortalLinks', () => new Map<string, PortalLink>())

/** A new portal token for one session's view of one Polar customer. */
export function issueDemoPortalToken(sessionId: string, customerId: string, now = Date.now()): string {
  const links = portalLinks()
  // Insertion order is expiry order: drop the expired (and, past the cap, the oldest) first.
  for (const [token, link] of links) {
    if (link.expires > now && links.size < MAX_LINKS) break
    links.delete(token)
  }
  const token = `polar_cst_${randomBytes(32).toString('base64url')}`
  links.set(token, { sessionId, customerId, expires: now + DEMO_PORTAL_LINK_TTL_MS })
  return token
}

/**
 * An after hook on the Polar plugin's /customer/portal (demo mode only, auth.ts): its URL's mock
 * token is swapped for one bound to the caller's session.
 */
export function demoPortalLinks() {
  return {
    id: 'rankpilot-demo-portal-links',
    hooks: {
      after: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === '/customer/portal',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { url?: unknown } | null | undefined
            if (isAPIError(returned) || typeof returned?.url !== 'string') return
            const session = ctx.context.session ?? (await getSessionFromCtx(ctx))
            const url = new URL(returned.url)
            const customerId = demoPolar.customerOfSession(url.searchParams.get('customer_session_token') ?? '')
            // Without both, the mock's own token stays, and the portal page refuses it.
            if (!session || !customerId) return
            url.searchParams.set('customer_session_token', issueDemoPortalToken(session.session.id, customerId))
            return ctx.json({ ...returned, url: url.toString() })
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}

/** The Polar customer a portal request may see: its token must be ours, unexpired, and the caller's. */
async function portalCustomer(request: Request, auth: Pick<Auth, 'api'>, now = Date.now()): Promise<string | undefined> {
  const token = new URL(request.url).searchParams.get('customer_session_token') ?? ''
  const link = portalLinks().get(token)
  if (!link) return undefined
  if (link.expires <= now) {
    portalLinks().delete(token)
    return undefined
  }
  const session = await auth.api.getSession({ headers: request.headers })
  return session?.session.id === link.sessionId ? link.customerId : undefined
}

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export interface DemoPortalDeps {
  env: PolarEnv & Pick<Env, 'APP_NAME'>
  db: Database
  auth: Pick<Auth, 'api'>
}

export async function handleDemoPortal(request: Request, deps: DemoPortalDeps): Promise<Response> {
  if (!polarIsDemo(deps.env)) return notFound()
  if (request.method !== 'GET') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET' } })
  const customerId = await portalCustomer(request, deps.auth)
  const back = `<div class="actions"><a class="button secondary" href="/settings">Back to ${escapeHtml(deps.env.APP_NAME)}</a></div>`
  if (!customerId) {
    return demoPage(
      'Billing session expired',
      `<span class="badge">${DEMO_PORTAL_LABEL}</span><h1>This billing session has expired</h1>` +
        '<p class="error">A billing link works for a few minutes, signed in as whoever opened it. ' +
        `Open Manage billing again from Settings.</p>${back}`,
      401,
    )
  }
  const subscriptions = demoPolar.subscriptions(customerId)
  const plans = subscriptions.length
    ? await deps.db
        .select()
        .from(plan)
        .where(
          inArray(
            plan.productId,
            subscriptions.map((s) => s.productId),
          ),
        )
    : []
  const orders = demoPolar.orders(customerId)
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
