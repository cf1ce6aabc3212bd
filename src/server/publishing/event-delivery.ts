import { and, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { publishing } from '~/server/db/schema'
import { JobError } from '~/server/jobs/errors'
import { ProviderError } from '~/server/providers/http'
import { deliverWebhook } from './connectors/webhook/webhook'
import { DecryptionError } from './crypto'
import { connectorContext, integrationErrorMessage, type PublishingDeps } from './integrations.service'
import type { EventDelivery } from './publishing.jobs'

/**
 * Delivering one outgoing event to one webhook endpoint (docs/product/publishing.md, "Outgoing
 * events"): its own job, so an endpoint that is down never holds up or fails the research run or
 * the article that emitted the event.
 *
 * The body (and its webhook-id, the event's id) is fixed when the event is emitted, so every
 * attempt sends the same message and a receiver that keeps the ids it processed stores it once;
 * only the signature's timestamp is new on each attempt (receivers refuse one over 5 minutes old).
 * 429, 5xx, timeouts and network errors are retried with backoff (inside the call, then by the
 * job: 30 s doubling to 30 minutes, 8 times); 4xx (and a refused address) fail the delivery at
 * once. A delivery that failed for good is a failed job run, listed on /history with Retry.
 */

/** The singleton key of a delivery: one unfinished job per endpoint and event. */
export const deliveryKeyOf = (integrationId: string, eventId: string) => `${integrationId}:${eventId}`

/** A refusal the endpoint will repeat: not retried. */
const isFinal = (error: unknown) =>
  error instanceof DecryptionError || (error instanceof ProviderError && ['auth', 'payment', 'rejected'].includes(error.kind))

export type DeliveryOutcome = { delivered: true } | { delivered: false; skipped: 'removed' | 'disabled' | 'unsubscribed' }

/**
 * One attempt. The endpoint is read again, within the event's business only: removed, paused or
 * no longer subscribed since the event, it is skipped.
 */
export async function deliverEvent(
  db: Database,
  input: EventDelivery,
  deps: Pick<PublishingDeps, 'keys' | 'fetchFor'> & { signal?: AbortSignal },
): Promise<DeliveryOutcome> {
  const [row] = await db
    .select()
    .from(publishing)
    .where(and(eq(publishing.id, input.integrationId), eq(publishing.businessId, input.businessId), eq(publishing.type, 'webhook')))
  if (!row) return { delivered: false, skipped: 'removed' }
  if (!row.enabled) return { delivered: false, skipped: 'disabled' }
  if (!row.events.includes(input.type)) return { delivered: false, skipped: 'unsubscribed' }
  try {
    const context = connectorContext<'webhook'>(row, deps, deps.signal)
    await deliverWebhook(context, input.eventId, {
      type: input.type,
      timestamp: input.timestamp,
      businessId: input.businessId,
      data: input.data,
    })
  } catch (error) {
    if (deps.signal?.aborted) throw error
    throw new JobError(integrationErrorMessage(error), { retry: !isFinal(error), cause: error })
  }
  return { delivered: true }
}
