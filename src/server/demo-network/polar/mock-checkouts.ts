import { http, HttpResponse, type RequestHandler } from 'msw'
import { body, validationError, type Metadata, type PolarApi } from './mock-api'
import { checkoutJson, customerJson } from './objects'
import { createSessionToken, customerByExternalId, nextId } from './store'

/** Customer sessions (the portal's link) and checkouts, both pointing at the stand-in pages under appUrl. */
export function checkoutHandlers(api: PolarApi): RequestHandler[] {
  const { base, appUrl, store, authed } = api
  return [
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
  ]
}
