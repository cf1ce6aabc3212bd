import type { Database, DatabaseHandle } from '~/server/db'
import type { JobRun } from '~/server/db/schema'
import { logger } from '~/server/logger'
import { demoCountJob } from './kinds/demo-count'
import { PURGE_EXPIRED_CRON, purgeExpiredJob } from './kinds/purge-expired'
import { businessAnalyzeJob, competitorAnalyzeJob } from '~/server/setup/setup.jobs'
import { createJobQueue, type CronSchedule, type EnqueueRequest, type JobQueue, type JobQueueOptions } from './queue'

export { defineJob, type JobContext, type JobKind } from './define'
export type { EnqueueRequest, JobQueue } from './queue'

/** Every job kind the app runs; a kind missing here has no queue and no worker. */
export const JOB_KINDS = [demoCountJob, purgeExpiredJob, businessAnalyzeJob, competitorAnalyzeJob]

export const JOB_SCHEDULES: CronSchedule[] = [{ kind: purgeExpiredJob, cron: PURGE_EXPIRED_CRON }]

const globalForJobs = globalThis as typeof globalThis & { __rankpilotJobs?: JobQueue }

/**
 * Starts the process's job queue on its database. With `work: false` (JOB_WORKER=false) the
 * process only enqueues; another process (`npm run worker`) runs the jobs.
 */
export async function startJobs(handle: DatabaseHandle, options: { work: boolean } & Partial<JobQueueOptions>) {
  if (globalForJobs.__rankpilotJobs) return globalForJobs.__rankpilotJobs
  const queue = createJobQueue({ handle, kinds: JOB_KINDS, schedules: JOB_SCHEDULES, ...options })
  await queue.start({ work: options.work })
  globalForJobs.__rankpilotJobs = queue
  logger.info(`jobs ready (${options.work ? 'running jobs' : 'enqueue only'})`)
  return queue
}

export function getJobQueue(): JobQueue {
  const queue = globalForJobs.__rankpilotJobs
  if (!queue) throw new Error('jobs: the job queue has not been started (bootServer starts it)')
  return queue
}

/** Queues a job for a user; see JobQueue.enqueue. `db` may be a transaction of the caller's. */
export function enqueueJob<Input, InputIn>(db: Database, request: EnqueueRequest<Input, InputIn>): Promise<JobRun> {
  return getJobQueue().enqueue(db, request)
}

/** Graceful: running jobs get a few seconds to finish, the rest go back to the queue. */
export async function stopJobs() {
  const queue = globalForJobs.__rankpilotJobs
  globalForJobs.__rankpilotJobs = undefined
  await queue?.stop()
}
