import { and, eq, notInArray } from 'drizzle-orm'
import type { JobResult, JobWithMetadata } from 'pg-boss'
import type { Database } from '~/server/db'
import type { Providers } from '~/server/providers'
import { jobRun, TERMINAL_JOB_RUN_STATES, type JobRunState } from '~/server/db/schema'
import { logger } from '~/server/logger'
import type { AnyJobKind } from './define'
import { JobError, userFacingJobError } from './errors'
import { createProgressWriter } from './progress'

/** What every queued job carries. `tracked` jobs have a job_run row with the job's id. */
export interface JobPayload {
  input: unknown
  tracked: boolean
}

const notTerminal = (id: string) => and(eq(jobRun.id, id), notInArray(jobRun.state, [...TERMINAL_JOB_RUN_STATES]))

export interface RunnerOptions {
  db: Database
  providers: Providers
  /** Aborted on shutdown: handlers stop, their jobs go back to the queue. */
  shutdown: AbortSignal
  progressIntervalMs?: number
  /** Called once per job_run that this process moved to 'completed' (tests count them). */
  onCompleted?: (jobId: string) => void
}

/** Runs one attempt of one job and settles its job_run row; pg-boss settles the job itself. */
export async function runJob(kind: AnyJobKind, job: JobWithMetadata<JobPayload>, options: RunnerOptions): Promise<JobResult> {
  const { db } = options
  const attempt = job.retryCount + 1
  const tracked = job.data?.tracked === true
  if (tracked) {
    const [claimed] = await db
      .update(jobRun)
      .set({ state: 'running', attempts: attempt, startedAt: job.startedOn ?? new Date() })
      .where(notTerminal(job.id))
      .returning({ id: jobRun.id })
    if (!claimed) {
      // Completed by an earlier attempt whose worker died before pg-boss heard of it, cancelled,
      // or deleted with its user: nothing left to do, and completing again would run it twice.
      const [existing] = await db.select({ state: jobRun.state, result: jobRun.result }).from(jobRun).where(eq(jobRun.id, job.id))
      return { id: job.id, status: 'completed', output: (existing?.result as object | undefined) ?? {} }
    }
  }

  // A user's cancel (job.cancel) marks the row from any process; the next progress write finds
  // it settled and stops the handler through its signal.
  const cancelled = new AbortController()
  const progress = createProgressWriter(async (snapshot) => {
    if (!tracked) return
    const written = await db.update(jobRun).set(snapshot).where(notTerminal(job.id)).returning({ id: jobRun.id })
    if (written.length === 0) cancelled.abort(new Error('cancelled by the user'))
  }, options.progressIntervalMs)
  const signal = AbortSignal.any([job.signal, options.shutdown, cancelled.signal])

  try {
    const input = kind.input.parse(job.data?.input)
    const result = await kind.handler({
      input,
      jobId: job.id,
      attempt,
      signal,
      db,
      providers: options.providers,
      progress: (step, done, total, message) => progress.report({ step, done, total, message: message ?? null }),
    })
    await progress.close()
    if (tracked) {
      const latest = progress.latest()
      const [completed] = await db
        .update(jobRun)
        .set({ state: 'completed', result: result ?? null, error: null, finishedAt: new Date(), ...(latest ?? {}) })
        .where(notTerminal(job.id))
        .returning({ id: jobRun.id })
      if (completed) options.onCompleted?.(job.id)
    }
    return { id: job.id, status: 'completed', output: { result: result ?? null } }
  } catch (error) {
    await progress.close()
    if (cancelled.signal.aborted) {
      // The row already says cancelled: nothing to retry, nothing to report.
      return { id: job.id, status: 'completed', output: { cancelled: true } }
    }
    if (options.shutdown.aborted) {
      // Not the job's fault: no error for the user; pg-boss retries it on the next worker.
      if (tracked) await db.update(jobRun).set({ state: 'retrying' }).where(notTerminal(job.id))
      return { id: job.id, status: 'failed', output: { message: 'worker shutting down' } }
    }
    const message = userFacingJobError(error)
    logger.error(`job ${kind.name} ${job.id} attempt ${attempt} failed`, error instanceof Error ? (error.stack ?? error.message) : error)
    const refused = error instanceof JobError && !error.retry
    const final = refused || job.retryCount >= job.retryLimit
    const state: JobRunState = final ? 'failed' : 'retrying'
    if (tracked) {
      if (final) await settleFailed(db, kind, job.id, job.data?.input, message)
      else await db.update(jobRun).set({ state, error: message }).where(notTerminal(job.id))
    }
    // pg-boss retries what it is told failed: a refusal for good is settled above and ends there.
    if (refused) return { id: job.id, status: 'completed', output: { failed: message } }
    return { id: job.id, status: 'failed', output: { message } }
  }
}

/**
 * Marks a run failed for good and, in the same transaction, tells its kind (JobKind.onFailed):
 * whatever that records exists exactly when the run is failed. The hook runs in a savepoint and
 * its errors are logged, so it can never keep the run from being settled.
 */
async function settleFailed(db: Database, kind: AnyJobKind, jobId: string, rawInput: unknown, error: string) {
  const failed = { state: 'failed' as const, error, finishedAt: new Date() }
  const onFailed = kind.onFailed
  if (!onFailed) {
    await db.update(jobRun).set(failed).where(notTerminal(jobId))
    return
  }
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(jobRun)
      .set(failed)
      .where(notTerminal(jobId))
      .returning({ userId: jobRun.userId, businessId: jobRun.businessId })
    const input = kind.input.safeParse(rawInput)
    if (!settled || !input.success) return
    try {
      await tx.transaction((inner) => onFailed({ input: input.data, jobId, error, db: inner, ...settled }))
    } catch (hookError) {
      logger.error(`job ${kind.name} ${jobId}: its failure hook failed`, hookError instanceof Error ? hookError.message : hookError)
    }
  })
}

/**
 * Dead letters are the end of a job's road. A handler's last failure has already marked its row
 * failed (so this changes nothing); a job whose workers kept dying (heartbeat lapsed on every
 * attempt) arrives here still 'running', and this is where the user gets to see it failed.
 */
export async function settleDeadLetter(kind: AnyJobKind, db: Database, job: JobWithMetadata<JobPayload>, message: string) {
  await settleFailed(db, kind, job.sourceId ?? job.id, job.data?.input, message)
}
