import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { verifyStandardWebhook } from './signing'

/**
 * A customer's webhook endpoint: it checks the Standard Webhooks signature with the shared
 * secret, as a careful receiver would, and records what it accepted.
 */

export interface WebhookDelivery {
  url: string
  id: string
  timestamp: string
  body: unknown
}

const state = { deliveries: [] as WebhookDelivery[] }

export const webhookMock = {
  get deliveries(): readonly WebhookDelivery[] {
    return state.deliveries
  },
  reset() {
    state.deliveries = []
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
        state.deliveries.push({
          url: options.url,
          id: headers['webhook-id'] ?? '',
          timestamp: headers['webhook-timestamp'] ?? '',
          body: parseBody(body),
        })
        return HttpResponse.json({ received: true })
      }),
    ),
  ]
}
