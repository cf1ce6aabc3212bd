import type { Polar } from '@polar-sh/sdk'
import { z } from 'zod'
import { env } from '~/env'
import type { Database } from '~/server/db'
import { enqueueJob } from '~/server/jobs'
import { defineJob } from '~/server/jobs/define'
import { JobError } from '~/server/jobs/errors'
import { logger } from '~/server/logger'
import { billingMode } from '~/server/providers/modes'
import { deliverMeterEvents } from './metering'
import { createPolarClient } from '~/server/providers/polar'

/** Overage metering's jobs: what they send and why is in ./metering.ts. */

/** Every ten minutes, off the hour's start. */
export const METER_SWEEP_CRON = '3-59/10 * * * *'

/**
 * Queues the delivery of a meter event, in the caller's transaction (in a savepoint): it starts
 * once the usage is committed. A failure to queue is logged and changes nothing else: the row is
 * pending, and the sweep sends it.
 */
export async function queueMeterDelivery(db: Database, userId: string, meterEventId: string): Promise<void> {
  try {
    await db.transaction((tx) => enqueueJob(tx, { kind: meterDeliverJob, userId, input: { meterEventId }, singletonKey: meterEventId }))
  } catch (error) {
    logger.warn(
      `metering: delivery of meter event ${meterEventId} not queued; the sweep sends it`,
      error instanceof Error ? error.message : error,
    )
  }
}

/** Polar as the app is configured; null when billing is off (nothing is metered then). */
function configuredPolar(): Polar | null {
  const config = env()
  return billingMode(config) === 'off' ? null : createPolarClient(config)
}

/** Sends one meter event; a failure fails the attempt, so the job retries it with backoff. */
export const meterDeliverJob = defineJob({
  name: 'billing.meter-deliver',
  input: z.object({ meterEventId: z.string().min(1) }),
  retry: { retryLimit: 6, retryDelaySeconds: 30, retryDelayMaxSeconds: 30 * 60 },
  expireInSeconds: 2 * 60,
  handler: async ({ db, input }) => {
    const polar = configuredPolar()
    if (!polar) return { inserted: 0, duplicates: 0, failed: 0 }
    const report = await deliverMeterEvents(db, polar, { ids: [input.meterEventId] })
    if (report.failed > 0) throw new JobError(`Billing could not record an extra article with Polar: ${report.error}`)
    return report
  },
})

/** Sends every pending meter event that is due: the ones whose job gave up or was never queued. */
export const meterSweepJob = defineJob({
  name: 'billing.meter-sweep',
  input: z.object({}),
  retry: { retryLimit: 1, retryDelaySeconds: 60 },
  expireInSeconds: 5 * 60,
  handler: async ({ db }) => {
    const polar = configuredPolar()
    return polar ? deliverMeterEvents(db, polar) : { inserted: 0, duplicates: 0, failed: 0 }
  },
})
