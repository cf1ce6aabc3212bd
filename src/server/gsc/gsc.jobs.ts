import { eq, ne } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/server/db'
import { business, gscData } from '~/server/db/schema'
import { enqueueJob } from '~/server/jobs'
import { defineJob } from '~/server/jobs/define'
import { logger } from '~/server/logger'
import { runGscSync } from './sync.service'

const syncInput = z.object({ businessId: z.string() })

export const gscSyncJob = defineJob({
  name: 'gsc.sync',
  input: syncInput,
  retry: { retryLimit: 5, retryDelaySeconds: 60, retryDelayMaxSeconds: 60 * 60 },
  expireInSeconds: 30 * 60,
  handler: async ({ db, input, providers, signal, progress }) => {
    const [owner] = await db.select({ userId: business.userId }).from(business).where(eq(business.id, input.businessId))
    if (!owner) return { status: 'not-connected' as const }
    return runGscSync(db, input.businessId, {
      client: providers.searchConsole(owner.userId),
      signal,
      progress: (done, total) =>
        progress('Reading Search Console', done, total, 'A month at a time, oldest first: the numbers fill in as each month arrives.'),
    })
  },
})

/** Starts (or joins) the sync of a business; answers the job id to watch. */
export async function enqueueGscSync(db: Database, target: { userId: string; businessId: string }) {
  const queued = await enqueueJob(db, {
    kind: gscSyncJob,
    userId: target.userId,
    businessId: target.businessId,
    input: { businessId: target.businessId },
    singletonKey: `gsc:${target.businessId}`,
  })
  return { jobId: queued.id }
}

/** Every day at 06:15 UTC, after Google's overnight update. */
export const GSC_SYNC_DUE_CRON = '15 6 * * *'

/** The daily sync: every connected property whose access still works. */
export async function syncDueProperties(db: Database) {
  const due = await db
    .select({ businessId: gscData.businessId, userId: business.userId })
    .from(gscData)
    .innerJoin(business, eq(business.id, gscData.businessId))
    .where(ne(gscData.syncStatus, 'reconnect'))
  const started: string[] = []
  for (const item of due) {
    try {
      await enqueueGscSync(db, item)
      started.push(item.businessId)
    } catch (error) {
      logger.warn(`search console: not starting the sync of ${item.businessId}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { started }
}

export const gscSyncDueJob = defineJob({
  name: 'gsc.sync-due',
  input: z.object({}),
  retry: { retryLimit: 2, retryDelaySeconds: 300 },
  handler: ({ db }) => syncDueProperties(db),
})
