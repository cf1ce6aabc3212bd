import { http, HttpResponse, type RequestHandler } from 'msw'
import { body, notFound, nowIso, page, validationError, type Metadata, type PolarApi } from './mock-api'
import { customerJson } from './objects'
import { customerStateJson } from './subscription-objects'
import { activeSubscriptions, customerByExternalId, upsertCustomer } from './store'

/** Customers: list and search, create on sign-up, update by id or external id, their state, delete. */
export function customerHandlers(api: PolarApi): RequestHandler[] {
  const { base, store, authed } = api
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
  ]
}
