import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '~/server/demo-network/mock-faults'
import { verifyStandardWebhook } from '~/server/providers/webhook/signing'

/**
 * A customer's webhook endpoint: it checks the Standard Webhooks signature with the shared
 * secret, as a careful receiver would, stores each webhook-id once (a redelivery is acknowledged
 * and ignored) and answers where an article went live: `{url}` under its own origin's /blog.
 */

export interface WebhookDelivery {
  url: string
  id: string
  timestamp: string
  body: unknown
}

const state = { deliveries: [] as WebhookDelivery[], redeliveries: 0 }

export const webhookMock = {
  /** Each delivery the receiver stored, once per webhook-id. */
  get deliveries(): readonly WebhookDelivery[] {
    return state.deliveries
  },
  /** Deliveries of an id already stored: acknowledged, not stored again. */
  get redeliveries() {
    return state.redeliveries
  },
  reset() {
    state.deliveries = []
    state.redeliveries = 0
  },
}

/** Senders post JSON; anything else is kept as text so a test can see what arrived. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export function webhookHandlers(options: { url: string; secret: string }): RequestHandler[] {
  return [
    http.post(
      options.url,
      withFaults('webhook', async ({ request }) => {
        const body = await request.text()
        const headers = Object.fromEntries(request.headers.entries())
        try {
          verifyStandardWebhook(options.secret, body, headers)
        } catch (error) {
          return HttpResponse.json({ error: 'invalid_signature', message: (error as Error).message }, { status: 401 })
        }
        const id = headers['webhook-id'] ?? ''
        const parsed = parseBody(body)
        const slug = (parsed as { data?: { slug?: unknown } } | null)?.data?.slug
        const url = typeof slug === 'string' ? `${new URL(options.url).origin}/blog/${slug}` : undefined
        if (state.deliveries.some((delivery) => delivery.id === id)) {
          state.redeliveries += 1
          return HttpResponse.json({ received: true, duplicate: true, url })
        }
        state.deliveries.push({ url: options.url, id, timestamp: headers['webhook-timestamp'] ?? '', body: parsed })
        return HttpResponse.json({ received: true, url })
      }),
    ),
  ]
}
