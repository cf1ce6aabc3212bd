import { createHash } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the sender and the receiver
 * share a `whsec_<base64>` secret; the signature is HMAC-SHA256 over "{id}.{timestamp}.{body}".
 */

export interface SignedWebhookHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

export function signStandardWebhook(options: {
  secret: string
  body: string
  /** Defaults to a hash of the body, so a redelivery of the same body keeps its id. */
  id?: string
  timestamp?: Date
}): SignedWebhookHeaders {
  const id = options.id ?? `msg_${createHash('sha256').update(options.body).digest('hex').slice(0, 24)}`
  const timestamp = options.timestamp ?? new Date()
  const signature = new Webhook(options.secret).sign(id, timestamp, options.body)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signature,
  }
}

/** Throws standardwebhooks' WebhookVerificationError on a bad signature or a timestamp over 5 minutes off. */
export function verifyStandardWebhook(secret: string, body: string, headers: Record<string, string>) {
  return new Webhook(secret).verify(body, headers)
}
