import { randomUUID } from 'node:crypto'
import { and, arrayContains, eq } from 'drizzle-orm'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { article, business, keyword, publishing } from '~/server/db/schema'
import { enqueueJob } from '~/server/jobs'
import { logger } from '~/server/logger'
import { appError } from '~/server/rpc/errors'
import { deliveryKeyOf } from './event-delivery'
import { deliveryInput, webhookDeliverJob, type OutgoingEventType } from './publishing.jobs'
import { INTEGRATION_ERRORS } from './publishing.errors'

/**
 * Outgoing events (docs/product/publishing.md): when research finishes, an article is written,
 * or writing or publishing an article fails for good, each enabled webhook of that business
 * subscribed to the event gets a signed delivery, queued as its own job (event-delivery.ts).
 *
 * Emitters call emitWebhookEvent inside the transaction that records what happened (the research
 * run finished, the article saved, the job failed), so an event is queued exactly when its cause
 * is committed: never lost to a crash in between, never queued for something rolled back. It runs
 * in a savepoint and never throws: a failure to queue is logged, the emitter's work stands.
 */

export interface OutgoingEvent {
  type: OutgoingEventType
  businessId: string
  data: Record<string, unknown>
}

const appUrl = (path: string) => `${env().APP_URL.replace(/\/+$/, '')}${path}`

/** Queues the event for each subscribed endpoint of its business; answers how many. */
export async function emitWebhookEvent(db: Database, event: OutgoingEvent, now = new Date()): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const targets = await tx
        .select({ id: publishing.id, userId: business.userId })
        .from(publishing)
        .innerJoin(business, eq(business.id, publishing.businessId))
        .where(
          and(
            eq(publishing.businessId, event.businessId),
            eq(publishing.type, 'webhook'),
            eq(publishing.enabled, true),
            arrayContains(publishing.events, [event.type]),
          ),
        )
      if (targets.length === 0) return 0
      const eventId = `msg_${randomUUID().replace(/-/g, '')}`
      for (const target of targets) {
        await enqueueJob(tx, {
          kind: webhookDeliverJob,
          userId: target.userId,
          businessId: event.businessId,
          input: {
            businessId: event.businessId,
            integrationId: target.id,
            eventId,
            type: event.type,
            timestamp: now.toISOString(),
            data: event.data,
          },
          singletonKey: deliveryKeyOf(target.id, eventId),
        })
      }
      return targets.length
    })
  } catch (error) {
    logger.error(
      `webhook events: ${event.type} for business ${event.businessId} could not be queued`,
      error instanceof Error ? (error.stack ?? error.message) : error,
    )
    return 0
  }
}

/**
 * Sends a delivery that failed again, as it was (the same webhook-id and body), to the business's
 * webhook if it still has one, on and subscribed to the event: answers the new job.
 */
export async function redeliverEvent(db: Database, target: { userId: string; businessId: string; delivery: unknown }) {
  const delivery = deliveryInput.parse(target.delivery)
  const [endpoint] = await db
    .select({ enabled: publishing.enabled, events: publishing.events })
    .from(publishing)
    .where(and(eq(publishing.id, delivery.integrationId), eq(publishing.businessId, target.businessId), eq(publishing.type, 'webhook')))
  if (!endpoint || delivery.businessId !== target.businessId) throw appError(INTEGRATION_ERRORS.INTEGRATION_NOT_FOUND)
  if (!endpoint.enabled) throw appError(INTEGRATION_ERRORS.WEBHOOK_PAUSED)
  if (!endpoint.events.includes(delivery.type)) throw appError(INTEGRATION_ERRORS.EVENT_NOT_CHOSEN)
  const queued = await enqueueJob(db, {
    kind: webhookDeliverJob,
    userId: target.userId,
    businessId: target.businessId,
    input: delivery,
    singletonKey: deliveryKeyOf(delivery.integrationId, delivery.eventId),
  })
  return { jobId: queued.id }
}

/** `research.finished`: the run's summary and where its plan is. */
export function researchFinishedData(run: {
  id: string
  month: string
  trigger: string
  counts: Record<string, number>
  createdAt: Date
  finishedAt: Date
}) {
  return {
    id: run.id,
    month: run.month,
    trigger: run.trigger,
    keywordsPlanned: run.counts.plan ?? 0,
    topicClusters: run.counts.cluster ?? 0,
    counts: run.counts,
    startedAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    url: appUrl('/keywords'),
  }
}

/** `article.generated`: the article as written, and where to review it. */
export function articleGeneratedData(written: {
  id: string
  title: string
  keyword: string
  keywordId: string
  status: string
  seoScore: number
  wordCount: number
  version: number
  regenerated: boolean
}) {
  return { ...written, url: appUrl(`/content/${written.id}`) }
}

export type FailedStage = 'generation' | 'publishing' | 'unpublishing'

/**
 * `article.failed`: the article (or, when writing failed before there was one, its keyword),
 * what failed and why. Read within the business only.
 */
export async function articleFailedData(
  db: Database,
  failure: {
    businessId: string
    articleId?: string
    keywordId?: string
    stage: FailedStage
    /** The publishing target that refused it (its label), when one did. */
    target?: string | null
    error: string
  },
) {
  const [row] = await db
    .select({ id: article.id, title: article.title, keyword: article.keyword, keywordId: article.keywordId, status: article.status })
    .from(article)
    .where(
      and(
        eq(article.businessId, failure.businessId),
        failure.articleId ? eq(article.id, failure.articleId) : eq(article.keywordId, failure.keywordId ?? ''),
      ),
    )
  const [planned] =
    !row && failure.keywordId
      ? await db
          .select({ keyword: keyword.keyword })
          .from(keyword)
          .where(and(eq(keyword.id, failure.keywordId), eq(keyword.businessId, failure.businessId)))
      : []
  return {
    id: row?.id ?? null,
    title: row?.title ?? null,
    keyword: row?.keyword ?? planned?.keyword ?? null,
    keywordId: row?.keywordId ?? failure.keywordId ?? null,
    status: row?.status ?? null,
    stage: failure.stage,
    target: failure.target ?? null,
    error: failure.error,
    url: appUrl(row ? `/content/${row.id}` : '/keywords'),
  }
}
