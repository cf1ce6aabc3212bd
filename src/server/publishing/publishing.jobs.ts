import { z } from 'zod'
import { env } from '~/env'
import { defineJob } from '~/server/jobs/define'
import { notifyPublishingFailed } from '~/server/notifications/notifications.service'
import { deliverEvent } from './event-delivery'
import { articleFailedData, emitWebhookEvent } from './events'
import { appPublishingDeps } from './integrations.service'
import { appLiveCheckDeps, queueLiveCheck, runLiveCheck } from './live-check-job'
import { publishDueArticles, runPublish } from './publish.service'

// Publishing's background jobs, each with the input it takes: publishing an article
// (publish.service.ts), the publishing run every 5 minutes, the live check of a post
// (live-check-job.ts) and the delivery of an outgoing event (event-delivery.ts).
//
// The inputs are defined here rather than beside the code that runs each job: that code enqueues
// these jobs, so it imports this file, and a schema read from it while this file loads could be
// undefined yet (an import cycle).

export const publishInput = z.object({
  businessId: z.string(),
  articleId: z.string(),
  /** publish (create or update the posts) or unpublish (take them off the sites). */
  action: z.enum(['publish', 'unpublish']).default('publish'),
})

export const articlePublishJob = defineJob({
  name: 'article.publish',
  input: publishInput,
  retry: { retryLimit: 5, retryDelaySeconds: 30, retryDelayMaxSeconds: 30 * 60 },
  expireInSeconds: 10 * 60,
  handler: ({ db, input, signal }) => runPublish(db, input, { ...appPublishingDeps(), dataDir: env().DATA_DIR, signal, queueLiveCheck }),
  // Out of attempts (the CMS kept failing): the business's webhook hears of it.
  onFailed: async ({ db, input, error }) => {
    const stage = input.action === 'unpublish' ? 'unpublishing' : 'publishing'
    const data = await articleFailedData(db, { businessId: input.businessId, articleId: input.articleId, stage, error })
    await emitWebhookEvent(db, { type: 'article.failed', businessId: input.businessId, data })
    await notifyPublishingFailed(db, { businessId: input.businessId, articleId: input.articleId, error })
  },
})

/** Every 5 minutes. */
export const PUBLISH_DUE_CRON = '*/5 * * * *'

export const publishDueJob = defineJob({
  name: 'article.publish-due',
  input: z.object({}),
  retry: { retryLimit: 2, retryDelaySeconds: 60 },
  handler: ({ db }) => publishDueArticles(db),
})

export const liveCheckInput = z.object({
  businessId: z.string().min(1),
  articleId: z.string().min(1),
  publicationId: z.string().min(1),
  revision: z.number().int().min(1),
})
export type LiveCheckRequest = z.output<typeof liveCheckInput>

export const liveCheckJob = defineJob({
  name: 'publication.live-check',
  input: liveCheckInput,
  retry: { retryLimit: 2, retryDelaySeconds: 30, retryDelayMaxSeconds: 120 },
  expireInSeconds: 5 * 60,
  handler: ({ db, input, signal, progress }) =>
    runLiveCheck(db, input, {
      ...appLiveCheckDeps(),
      signal,
      onProgress: (step, done, total) =>
        progress(step, done, total, step === 'Checking images' ? `${done} of ${total} images answered` : undefined),
    }),
})

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

export const webhookDeliverJob = defineJob({
  name: 'webhook.deliver',
  input: deliveryInput,
  retry: { retryLimit: 8, retryDelaySeconds: 30, retryDelayMaxSeconds: 30 * 60 },
  expireInSeconds: 5 * 60,
  handler: ({ db, input, signal }) => deliverEvent(db, input, { ...appPublishingDeps(), signal }),
})
