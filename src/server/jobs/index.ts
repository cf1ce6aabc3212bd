import type { Database, DatabaseHandle } from '~/server/db'
import type { JobRun } from '~/server/db/schema'
import { logger } from '~/server/logger'
import { createJobQueue, type EnqueueRequest, type JobQueue, type JobQueueOptions } from './queue'
import { globalSlot } from '~/server/singleton'

export { defineJob, type JobContext, type JobKind } from './define'
export type { CronSchedule, EnqueueRequest, JobQueue } from './queue'

const jobs = globalSlot<JobQueue>('__rankpilotJobs')

/**
 * Starts the process's job queue on its database with the app's job kinds and schedules (the
 * registry in src/server/app/job-kinds.ts). With `work: false` (JOB_WORKER=false) the process
 * only enqueues; another process (`npm run worker`) runs the jobs.
 */
export async function startJobs(
  handle: DatabaseHandle,
  options: { work: boolean } & Pick<JobQueueOptions, 'kinds' | 'providers'> &
    Partial<Omit<JobQueueOptions, 'handle' | 'kinds' | 'providers'>>,
) {
  const running = jobs.get()
  if (running) return running
  const queue = createJobQueue({ handle, ...options })
  await queue.start({ work: options.work })
  jobs.set(queue)
  logger.info(`jobs ready (${options.work ? 'running jobs' : 'enqueue only'})`)
  return queue
}

export function getJobQueue(): JobQueue {
  const queue = jobs.get()
  if (!queue) throw new Error('jobs: the job queue has not been started (bootServer starts it)')
  return queue
}

/** Whether this process's job queue is running (bootServer starts it after migrating and seeding). */
export const jobQueueStarted = () => Boolean(jobs.get())

/** Queues a job for a user; see JobQueue.enqueue. `db` may be a transaction of the caller's. */
export function enqueueJob<Input, InputIn>(db: Database, request: EnqueueRequest<Input, InputIn>): Promise<JobRun> {
  return getJobQueue().enqueue(db, request)
}

/** Graceful: running jobs get a few seconds to finish, the rest go back to the queue. */
export async function stopJobs() {
  const queue = jobs.get()
  jobs.set(undefined)
  await queue?.stop()
}
