import { http, HttpResponse, type RequestHandler } from 'msw'
import { body, nowIso, page, validationError, type Json, type PolarApi } from './mock-api'
import { subscriptionJson } from './subscription-objects'
import type { IngestedEvent } from './store'

/** Usage events (a batch validated whole, duplicates by external id skipped) and the subscription list. */
export function usageHandlers(api: PolarApi): RequestHandler[] {
  const { base, store, authed } = api
  return [
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
  ]
}
