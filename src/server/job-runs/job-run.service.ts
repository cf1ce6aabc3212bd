import { and, eq, notInArray } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { jobRun, TERMINAL_JOB_RUN_STATES, type JobRunState } from '~/server/db/schema'
import { appError, defineErrorCodes } from '~/server/rpc/errors'

export const JOB_ERRORS = defineErrorCodes({
  JOB_NOT_FOUND: { code: 'NOT_FOUND', message: 'This job does not exist, or it is not yours.' },
})

/** What the browser sees of a job: its progress and outcome, not its input. */
export interface JobSnapshot {
  id: string
  kind: string
  state: JobRunState
  step: string | null
  done: number
  total: number | null
  message: string | null
  error: string | null
  attempts: number
  createdAt: Date
  startedAt: Date | null
  finishedAt: Date | null
  updatedAt: Date
}

const snapshotColumns = {
  id: jobRun.id,
  kind: jobRun.kind,
  state: jobRun.state,
  step: jobRun.step,
  done: jobRun.done,
  total: jobRun.total,
  message: jobRun.message,
  error: jobRun.error,
  attempts: jobRun.attempts,
  createdAt: jobRun.createdAt,
  startedAt: jobRun.startedAt,
  finishedAt: jobRun.finishedAt,
  updatedAt: jobRun.updatedAt,
}

export const isTerminal = (state: JobRunState) => TERMINAL_JOB_RUN_STATES.includes(state)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The user's job, or JOB_NOT_FOUND: someone else's job is indistinguishable from none. */
export async function getJobSnapshot(db: Database, userId: string, jobId: string): Promise<JobSnapshot> {
  // Not a uuid: the column would reject it with a database error rather than find nothing.
  if (!UUID.test(jobId)) throw appError(JOB_ERRORS.JOB_NOT_FOUND)
  const [row] = await db
    .select(snapshotColumns)
    .from(jobRun)
    .where(and(eq(jobRun.id, jobId), eq(jobRun.userId, userId)))
  if (!row) throw appError(JOB_ERRORS.JOB_NOT_FOUND)
  return row
}

const changeKey = (snapshot: JobSnapshot) =>
  [snapshot.state, snapshot.step, snapshot.done, snapshot.total, snapshot.message, snapshot.error, snapshot.attempts].join('\u0000')

/**
 * The job's snapshot now, then again each time it changes, ending after a terminal state.
 * Polls the row: a worker in another process writes it, and polling works across processes and
 * on both databases without a notification channel.
 */
export async function* watchJobSnapshots(
  db: Database,
  userId: string,
  jobId: string,
  options: { intervalMs?: number; signal?: AbortSignal } = {},
): AsyncGenerator<JobSnapshot, void> {
  const intervalMs = options.intervalMs ?? 400
  let last: string | undefined
  while (!options.signal?.aborted) {
    const snapshot = await getJobSnapshot(db, userId, jobId)
    const key = changeKey(snapshot)
    if (key !== last) {
      last = key
      yield snapshot
    }
    if (isTerminal(snapshot.state)) return
    await new Promise((done) => setTimeout(done, intervalMs))
  }
}

/**
 * Cancels the user's unfinished job: the row says so at once, whatever process runs it; a queued
 * job is skipped when a worker picks it up, a running one stops at its next progress report.
 * A job that already ended is left as it is.
 */
export async function cancelJobRun(db: Database, userId: string, jobId: string): Promise<JobSnapshot> {
  await getJobSnapshot(db, userId, jobId)
  await db
    .update(jobRun)
    .set({ state: 'cancelled', finishedAt: new Date() })
    .where(and(eq(jobRun.id, jobId), eq(jobRun.userId, userId), notInArray(jobRun.state, [...TERMINAL_JOB_RUN_STATES])))
  return getJobSnapshot(db, userId, jobId)
}
