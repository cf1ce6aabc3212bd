import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { checkoutJson, customerJson } from './objects'
import { customerOrderJson, customerStateJson, customerSubscriptionJson, subscriptionJson } from './subscription-objects'
import {
  activeSubscriptions,
  createSessionToken,
  customerByExternalId,
  nextId,
  polarStore,
  upsertCustomer,
  type IngestedEvent,
} from './store'

export { completeDemoCheckout, polarIngestedEvents, resetPolarMock, polarStore, type IngestedEvent } from './store'

/**
 * Polar's API as `@polar-sh/sdk` 0.47 and `@polar-sh/better-auth` 1.8 call it: customers on
 * sign-up, checkouts, customer sessions (portal), customer state, usage events and the
 * subscription lists. Hosted pages (checkout, portal) point at our stand-in pages under appUrl.
 */

type Json = Record<string, unknown>
type Metadata = Record<string, string | number | boolean>

const unauthorized = () =>
  HttpResponse.json(
    { error: 'Unauthorized', detail: 'The access token provided is expired, revoked, malformed, or invalid for other reasons.' },
    { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="polar", error="invalid_token"' } },
  )

const notFound = () => HttpResponse.json({ error: 'ResourceNotFound', detail: 'Not found' }, { status: 404 })

function validationError(loc: Array<string | number>, msg: string, input: unknown = null) {
  return HttpResponse.json({ detail: [{ loc, msg, type: 'value_error', input }] }, { status: 422 })
}

function bearer(request: Request) {
  const match = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')
  return match?.[1]
}

/** Any organization token works, except the literal "wrong" that tests use for a bad key. */
const authorized = (request: Request) => {
  const token = bearer(request)
  return Boolean(token) && token !== 'wrong'
}

function page<T>(items: T[], url: URL) {
  const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 10))
  const pageNumber = Math.max(1, Number(url.searchParams.get('page') ?? 1))
  return {
    items: items.slice((pageNumber - 1) * limit, pageNumber * limit),
    pagination: { total_count: items.length, max_page: Math.max(1, Math.ceil(items.length / limit)) },
  }
}

async function body(request: Request): Promise<Json> {
  const parsed: unknown = await request.json().catch(() => ({}))
  return parsed && typeof parsed === 'object' ? (parsed as Json) : {}
}

const nowIso = () => new Date().toISOString()

export function polarHandlers(options: { baseUrl?: string; appUrl: string }): RequestHandler[] {
  const base = (options.baseUrl ?? 'https://sandbox-api.polar.sh').replace(/\/$/, '')
  const appUrl = options.appUrl.replace(/\/$/, '')
  const store = polarStore

  const authed = (resolver: (args: { request: Request; params: Record<string, string> }) => Promise<Response> | Response) =>
    withFaults('polar', async ({ request, params }) =>
      authorized(request) ? resolver({ request, params: params as Record<string, string> }) : unauthorized(),
    )

  return [
    http.get(
      `${base}/v1/customers/`,
      authed(({ request }) => {
        const url = new URL(request.url)
        const email = url.searchParams.get('email')
        const query = url.searchParams.get('query')?.toLowerCase()
        const customers = [...store().customers.values()].filter(
          (customer) =>
            (!email || customer.email.toLowerCase() === email.toLowerCase()) &&
            (!query || customer.email.toLowerCase().includes(query) || customer.name?.toLowerCase().includes(query)),
        )
        return HttpResponse.json(page(customers.map(customerJson), url))
      }),
    ),

    http.post(
      `${base}/v1/customers/`,
      authed(async ({ request }) => {
        const input = await body(request)
        if (typeof input.email !== 'string' || !input.email.includes('@')) {
          return validationError(['body', 'email'], 'value is not a valid email address', input.email ?? null)
        }
        if ([...store().customers.values()].some((customer) => customer.email === input.email)) {
          return validationError(['body', 'email'], 'A customer with this email address already exists.', input.email)
        }
        const customer = upsertCustomer(
          { email: input.email, name: (input.name as string | null) ?? null, externalId: (input.external_id as string | null) ?? null },
          nowIso(),
        )
        customer.metadata = (input.metadata as Metadata | undefined) ?? {}
        return HttpResponse.json(customerJson(customer), { status: 201 })
      }),
    ),

    http.patch(
      `${base}/v1/customers/external/:externalId`,
      authed(async ({ request, params }) => {
        const customer = customerByExternalId(params.externalId ?? '')
        if (!customer) return notFound()
        const input = await body(request)
        if (typeof input.email === 'string') customer.email = input.email
        if (input.name !== undefined) customer.name = input.name as string | null
        if (input.metadata) customer.metadata = input.metadata as Metadata
        customer.modifiedAt = nowIso()
        return HttpResponse.json(customerJson(customer))
      }),
    ),

    http.get(
      `${base}/v1/customers/external/:externalId/state`,
      authed(({ params }) => {
        const customer = customerByExternalId(params.externalId ?? '')
        if (!customer) return notFound()
        return HttpResponse.json(customerStateJson(customer, activeSubscriptions(customer.id)))
      }),
    ),

    http.patch(
      `${base}/v1/customers/:id`,
      authed(async ({ request, params }) => {
        const customer = store().customers.get(params.id ?? '')
        if (!customer) return notFound()
        const input = await body(request)
        if (typeof input.email === 'string') customer.email = input.email
        if (input.name !== undefined) customer.name = input.name as string | null
        if (input.external_id !== undefined) {
          if (customer.externalId && customer.externalId !== input.external_id) {
            return validationError(['body', 'external_id'], 'Customer external ID cannot be updated once set.', input.external_id)
          }
          customer.externalId = input.external_id as string | null
        }
        if (input.metadata) customer.metadata = input.metadata as Metadata
        customer.modifiedAt = nowIso()
        return HttpResponse.json(customerJson(customer))
      }),
    ),

    http.delete(
      `${base}/v1/customers/:id`,
      authed(({ params }) => {
        if (!store().customers.delete(params.id ?? '')) return notFound()
        return new HttpResponse(null, { status: 204 })
      }),
    ),

    http.post(
      `${base}/v1/customer-sessions/`,
      authed(async ({ request }) => {
        const input = await body(request)
        const customer =
          typeof input.customer_id === 'string'
            ? store().customers.get(input.customer_id)
            : customerByExternalId(String(input.external_customer_id ?? ''))
        if (!customer) {
          const field = typeof input.customer_id === 'string' ? 'customer_id' : 'external_customer_id'
          return validationError(['body', field], 'Customer does not exist.', input[field] ?? null)
        }
        const token = createSessionToken(customer.id)
        const now = new Date()
        return HttpResponse.json(
          {
            created_at: now.toISOString(),
            modified_at: null,
            id: nextId('customer-session', customer.id),
            token,
            expires_at: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
            return_url: (input.return_url as string | null | undefined) ?? null,
            customer_portal_url: `${appUrl}/demo/polar/portal?customer_session_token=${token}`,
            customer_id: customer.id,
            customer: customerJson(customer),
          },
          { status: 201 },
        )
      }),
    ),

    http.post(
      `${base}/v1/checkouts/`,
      authed(async ({ request }) => {
        const input = await body(request)
        const products = Array.isArray(input.products) ? (input.products as unknown[]).filter((id) => typeof id === 'string') : []
        if (products.length === 0)
          return validationError(['body', 'products'], 'List should have at least 1 item after validation, not 0', input.products ?? null)
        const externalCustomerId = (input.external_customer_id as string | null | undefined) ?? null
        const id = nextId('checkout', ...(products as string[]), externalCustomerId ?? '')
        const created = new Date()
        const checkout = {
          id,
          productIds: products as string[],
          externalCustomerId,
          customerId:
            (input.customer_id as string | undefined) ??
            (externalCustomerId ? (customerByExternalId(externalCustomerId)?.id ?? null) : null),
          successUrl: (input.success_url as string | undefined) ?? `${appUrl}/`,
          returnUrl: (input.return_url as string | null | undefined) ?? null,
          metadata: (input.metadata as Metadata | undefined) ?? {},
          status: 'open' as const,
          url: `${appUrl}/demo/polar/checkout/${id}`,
          subscriptionId: null,
          createdAt: created.toISOString(),
          expiresAt: new Date(created.getTime() + 60 * 60 * 1000).toISOString(),
        }
        store().checkouts.set(id, checkout)
        const customer = checkout.customerId ? store().customers.get(checkout.customerId) : undefined
        return HttpResponse.json(checkoutJson(checkout, customer), { status: 201 })
      }),
    ),

    http.post(
      `${base}/v1/events/ingest`,
      authed(async ({ request }) => {
        const input = await body(request)
        const events = Array.isArray(input.events) ? (input.events as Json[]) : []
        // The whole batch is validated before any of it is stored, as Polar does.
        for (const [index, event] of events.entries()) {
          if (typeof event.name !== 'string') return validationError(['body', 'events', index, 'name'], 'Field required')
          if (typeof event.external_customer_id !== 'string' && typeof event.customer_id !== 'string')
            return validationError(['body', 'events', index, 'external_customer_id'], 'Field required')
        }
        let inserted = 0
        let duplicates = 0
        for (const event of events) {
          const externalId = typeof event.external_id === 'string' ? event.external_id : null
          if (externalId && store().events.some((seen) => seen.externalId === externalId)) {
            duplicates += 1
            continue
          }
          const stored: IngestedEvent = {
            name: event.name as string,
            externalCustomerId: (event.external_customer_id as string | undefined) ?? null,
            customerId: (event.customer_id as string | undefined) ?? null,
            externalId,
            metadata: (event.metadata as Record<string, unknown> | undefined) ?? {},
            timestamp: (event.timestamp as string | undefined) ?? nowIso(),
          }
          store().events.push(stored)
          inserted += 1
        }
        return HttpResponse.json({ inserted, duplicates })
      }),
    ),

    http.get(
      `${base}/v1/subscriptions/`,
      authed(({ request }) => {
        const url = new URL(request.url)
        const externalId = url.searchParams.get('external_customer_id')
        const referenceId = url.searchParams.get('metadata[referenceId]')
        const rows = [...store().subscriptions.values()].filter((subscription) => {
          const customer = store().customers.get(subscription.customerId)
          return (!externalId || customer?.externalId === externalId) && (!referenceId || subscription.metadata.referenceId === referenceId)
        })
        return HttpResponse.json(
          page(
            rows.map((subscription) => subscriptionJson(subscription, store().customers.get(subscription.customerId)!)),
            url,
          ),
        )
      }),
    ),

    ...customerPortalHandlers(base),
  ]
}

/** The customer portal API authenticates with a customer session token instead of the org token. */
function customerPortalHandlers(base: string): RequestHandler[] {
  const sessionCustomer = (request: Request) => polarStore().sessions.get(bearer(request) ?? '')
  const portal = (list: (customerId: string) => unknown[]) =>
    withFaults('polar', ({ request }) => {
      const customerId = sessionCustomer(request)
      if (!customerId) return unauthorized()
      return HttpResponse.json(page(list(customerId), new URL(request.url)))
    })
  return [
    http.get(
      `${base}/v1/customer-portal/subscriptions/`,
      portal((customerId) => activeSubscriptions(customerId).map(customerSubscriptionJson)),
    ),
    http.get(
      `${base}/v1/customer-portal/orders/`,
      portal((customerId) => {
        const customer = polarStore().customers.get(customerId)
        const orders = [...polarStore().orders.values()].filter((order) => order.subscription.customerId === customerId)
        return customer ? orders.map((order) => customerOrderJson(order, customer)) : []
      }),
    ),
    // Demo products carry no benefits and no meters, so these lists are truly empty.
    http.get(
      `${base}/v1/customer-portal/benefit-grants/`,
      portal(() => []),
    ),
    http.get(
      `${base}/v1/customer-portal/meters/`,
      portal(() => []),
    ),
  ]
}
