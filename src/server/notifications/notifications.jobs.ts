import { z } from 'zod'
import type { Database } from '~/server/db'
import { enqueueJob, jobQueueStarted } from '~/server/jobs'
import { defineJob } from '~/server/jobs/define'
import { logger } from '~/server/logger'
import { NOTIFICATION_KINDS } from '~/shared/notifications'
import { appNotificationDeps, queueDueDigests, sendNotification } from './notifications.service'

export const sendInput = z.object({
  userId: z.string().min(1),
  kind: z.enum(NOTIFICATION_KINDS),
  businessId: z.string().nullable(),
  /** The once-only key; with `daily`, the user's local date is added when sending. */
  key: z.string().min(1),
  daily: z.boolean(),
  data: z.record(z.string(), z.unknown()),
})
export type SendRequest = z.output<typeof sendInput>

/** Queues an email in the caller's transaction (a savepoint); logs and carries on when it cannot. */
export async function queueNotification(db: Database, request: SendRequest): Promise<void> {
  // Before the queue starts only boot's own work runs (the demo account's replayed research and
  // articles): past events, nobody to tell.
  if (!jobQueueStarted()) return
  try {
    await db.transaction((tx) =>
      enqueueJob(tx, {
        kind: notificationSendJob,
        userId: request.userId,
        businessId: request.businessId,
        input: request,
        singletonKey: `${request.userId}:${request.kind}:${request.key}`,
      }),
    )
  } catch (error) {
    logger.error(`notifications: ${request.kind} for user ${request.userId} not queued`, error instanceof Error ? error.message : error)
  }
}

export const notificationSendJob = defineJob({
  name: 'notification.send',
  input: sendInput,
  retry: { retryLimit: 5, retryDelaySeconds: 60, retryDelayMaxSeconds: 30 * 60 },
  expireInSeconds: 2 * 60,
  handler: ({ db, input, jobId }) => sendNotification(db, input, jobId, appNotificationDeps()),
})

/** Every hour, a few minutes past: each user's digest goes out at their local hour. */
export const NOTIFICATION_DIGEST_CRON = '7 * * * *'

export const notificationDigestJob = defineJob({
  name: 'notification.digest',
  input: z.object({}),
  retry: { retryLimit: 2, retryDelaySeconds: 60 },
  expireInSeconds: 10 * 60,
  handler: async ({ db }) => ({ queued: await queueDueDigests(db) }),
})
