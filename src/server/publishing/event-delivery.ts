import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/server/db'
import { publishing } from '~/server/db/schema'
import { defineJob } from '~/server/jobs/define'
import { JobError } from '~/server/jobs/errors'
import { ProviderError } from '~/server/providers/http'
import { deliverWebhook } from './connectors/webhook/webhook'
import { DecryptionError } from './crypto'
import { appPublishingDeps, connectorContext, integrationErrorMessage, type PublishingDeps } from './integrations.service'

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

/** The events sent through this job: article.published is publishing itself (publish.service.ts). */
export const OUTGOING_EVENT_TYPES = [
  'research.finished',
  'article.generated',
  'article.failed',
  'connector.broken',
  'drafts.waiting',
  'usage.threshold',
] as const
export type OutgoingEventType = (typeof OUTGOING_EVENT_TYPES)[number]

export const deliveryInput = z.object({
  businessId: z.string().min(1),
  integrationId: z.string().min(1),
  /** The webhook-id: one per event, the same for every endpoint and every attempt. */
  eventId: z.string().regex(/^msg_[A-Za-z0-9]+$/),
  type: z.enum(OUTGOING_EVENT_TYPES),
  /** When the event happened (ISO 8601). */
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
})
export type EventDelivery = z.output<typeof deliveryInput>

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

export const webhookDeliverJob = defineJob({
  name: 'webhook.deliver',
  input: deliveryInput,
  retry: { retryLimit: 8, retryDelaySeconds: 30, retryDelayMaxSeconds: 30 * 60 },
  expireInSeconds: 5 * 60,
  handler: ({ db, input, signal }) => deliverEvent(db, input, { ...appPublishingDeps(), signal }),
})
