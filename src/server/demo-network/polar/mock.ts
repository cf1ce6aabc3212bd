import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { bearer, page, polarApi, unauthorized, type PolarMockOptions } from './mock-api'
import { checkoutHandlers } from './mock-checkouts'
import { customerHandlers } from './mock-customers'
import { usageHandlers } from './mock-usage'
import { customerOrderJson, customerSubscriptionJson } from './subscription-objects'
import { activeSubscriptions, polarStore } from './store'

export { completeDemoCheckout, polarIngestedEvents, resetPolarMock, polarStore, type IngestedEvent } from './store'

/**
 * Polar's API as `@polar-sh/sdk` 0.47 and `@polar-sh/better-auth` 1.8 call it: customers on
 * sign-up, checkouts, customer sessions (portal), customer state, usage events and the
 * subscription lists. Hosted pages (checkout, portal) point at our stand-in pages under appUrl.
 */

/** The routes in the order MSW matches them: customers, sessions and checkouts, usage and subscriptions, the portal. */
export function polarHandlers(options: PolarMockOptions): RequestHandler[] {
  const api = polarApi(options)
  return [...customerHandlers(api), ...checkoutHandlers(api), ...usageHandlers(api), ...customerPortalHandlers(api.base)]
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
