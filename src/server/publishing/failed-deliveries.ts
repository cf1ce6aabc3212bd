import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { jobRun } from '~/server/db/schema'
import { WEBHOOK_EVENTS, type WebhookEvent } from '~/shared/integrations'

/**
 * Whether a webhook's outgoing events reach it (docs/product/publishing.md, "Outgoing events"):
 * the latest delivery to each endpoint that ended, read from its `webhook.deliver` job. When that
 * one failed (a 4xx, or out of attempts), the endpoint's card says so until a later delivery to it
 * succeeds, a Retry from /history included. A delivery skipped (the endpoint paused, or no longer
 * subscribed) or cancelled says nothing about the endpoint and is passed over.
 */
export interface FailedDelivery {
  /** The event that was not delivered. */
  event: WebhookEvent
  /** When its last attempt failed. */
  failedAt: Date
  /** Why, in the words /history shows. */
  error: string
  attempts: number
}

const DELIVER_KIND = 'webhook.deliver'
const integrationOf = sql<string>`${jobRun.input}->>'integrationId'`

/**
 * The failed latest delivery of each of the business's webhooks that has one, by integration id.
 * Read from the business's own jobs only; the caller matches them to its own integrations.
 */
export async function failedDeliveries(db: Database, businessId: string, integrationIds?: string[]) {
  const latest = await db
    .selectDistinctOn([integrationOf], {
      integrationId: integrationOf,
      state: jobRun.state,
      event: sql<string>`${jobRun.input}->>'type'`,
      failedAt: jobRun.finishedAt,
      error: jobRun.error,
      attempts: jobRun.attempts,
    })
    .from(jobRun)
    .where(
      and(
        eq(jobRun.businessId, businessId),
        eq(jobRun.kind, DELIVER_KIND),
        isNotNull(jobRun.finishedAt),
        integrationIds ? inArray(integrationOf, integrationIds) : undefined,
        or(eq(jobRun.state, 'failed'), and(eq(jobRun.state, 'completed'), sql`${jobRun.result}->>'delivered' = 'true'`)),
      ),
    )
    .orderBy(integrationOf, desc(jobRun.finishedAt), desc(jobRun.createdAt))
  const failed = new Map<string, FailedDelivery>()
  for (const row of latest) {
    if (row.state !== 'failed' || !row.failedAt || !(WEBHOOK_EVENTS as readonly string[]).includes(row.event)) continue
    failed.set(row.integrationId, {
      event: row.event as WebhookEvent,
      failedAt: row.failedAt,
      error: row.error ?? 'The endpoint did not accept it.',
      attempts: row.attempts,
    })
  }
  return failed
}
