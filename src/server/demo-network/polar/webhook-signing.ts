import { signStandardWebhook, type SignedWebhookHeaders } from '~/server/providers/webhook/signing'
import type { PolarWebhookEvent } from './store'

/**
 * Signs a Polar webhook the way Polar does. Polar's secret is used as raw bytes: the SDK's
 * `validateEvent` base64-encodes it before handing it to standardwebhooks, so we do the same.
 */
export function signPolarWebhook(
  event: PolarWebhookEvent,
  secret: string,
  options: { id?: string; timestamp?: Date } = {},
): { body: string; headers: SignedWebhookHeaders } {
  const body = JSON.stringify(event)
  const base64Secret = Buffer.from(secret, 'utf-8').toString('base64')
  return { body, headers: signStandardWebhook({ secret: base64Secret, body, ...options }) }
}
