import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { JobWithMetadata, PgBoss } from 'pg-boss'
import type { Database, DatabaseHandle } from '~/server/db'
import { jobRun, type JobRun } from '~/server/db/schema'
import { logger } from '~/server/logger'
import { bossDbFor, createBoss, DEFAULT_JOB_TIMINGS, type JobTimings } from './boss'
import { deadLetterQueueOf, type AnyJobKind, type JobKind } from './define'
import { ABANDONED_JOB_ERROR } from './errors'
import type { Providers } from '~/server/providers'
import { runJob, settleDeadLetter, type JobPayload } from './runner'

const NIL_UUID = '00000000-0000-0000-0000-000000000000'

export interface CronSchedule {
  kind: AnyJobKind
  /** Cron expression, evaluated in UTC. */
  cron: string
}

export interface JobQueueOptions {
  handle: DatabaseHandle
  kinds: AnyJobKind[]
  /** Handed to every handler (JobContext.providers). */
  providers: Providers
  schedules?: CronSchedule[]
  timings?: Partial<JobTimings>
  /** Jobs this process runs at once, per kind. */
  concurrency?: number
  progressIntervalMs?: number
  onCompleted?: (jobId: string) => void
}

export interface EnqueueRequest<Input, InputIn = Input> {
  kind: JobKind<Input, unknown, InputIn>
  userId: string
  businessId?: string | null
  input: InputIn
  /** While a job of this kind and key is unfinished, enqueueing again returns that job. */
  singletonKey?: string
}

export type JobQueue = ReturnType<typeof createJobQueue>

export function createJobQueue(options: JobQueueOptions) {
  const timings = { ...DEFAULT_JOB_TIMINGS, ...options.timings }
  const boss = createBoss(options.handle, timings)
  const db = options.handle.db
  const kinds = new Map(options.kinds.map((kind) => [kind.name, kind]))
  const shutdown = new AbortController()
  const active = new Set<Promise<unknown>>()
  let working = false

  boss.on('error', (error) => logger.error('jobs: pg-boss error', error instanceof Error ? error.message : error))

  /** Tracks a batch so shutdown can wait for it. */
  const track = <T>(promise: Promise<T>) => {
    active.add(promise)
    void promise.finally(() => active.delete(promise)).catch(() => {})
    return promise
  }

  async function startWorkers() {
    const workOptions = {
      includeMetadata: true as const,
      perJobResults: true as const,
      batchSize: options.concurrency ?? 2,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: timings.pollingIntervalSeconds,
    }
    for (const kind of kinds.values()) {
      await boss.work(kind.name, workOptions, (jobs: JobWithMetadata<JobPayload>[]) =>
        track(
          Promise.all(
            jobs.map((job) =>
              runJob(kind, job, {
                db,
                providers: options.providers,
                shutdown: shutdown.signal,
                progressIntervalMs: options.progressIntervalMs,
                onCompleted: options.onCompleted,
              }),
            ),
          ),
        ),
      )
      await boss.work(
        deadLetterQueueOf(kind.name),
        { includeMetadata: true, pollingIntervalSeconds: Math.max(timings.pollingIntervalSeconds, 1) } as const,
        async (jobs: JobWithMetadata<JobPayload>[]) => {
          for (const job of jobs) await settleDeadLetter(kind, db, job, ABANDONED_JOB_ERROR)
        },
      )
    }
    working = true
  }

  return {
    boss,
    /** Installs pg-boss' schema, creates the queues and schedules; runs jobs when `work` is set. */
    async start({ work }: { work: boolean }) {
      await boss.start()
      await createQueues(boss, kinds.values())
      for (const schedule of options.schedules ?? []) {
        await boss.schedule(schedule.kind.name, schedule.cron, { input: {}, tracked: false } satisfies JobPayload, { tz: 'UTC' })
      }
      if (work) await startWorkers()
    },

    /**
     * Writes the job_run row and queues the job in one transaction: a row never exists without
     * its queued job, nor a job without its row. `on` may be a caller's transaction.
     */
    enqueue: <Input, InputIn>(on: Database, request: EnqueueRequest<Input, InputIn>): Promise<JobRun> =>
      enqueueJob(boss, kinds, on, request),

    /**
     * Stops taking jobs, lets running ones finish for up to `graceMs`, then aborts the rest: they
     * are failed back to pg-boss, which retries them on the next worker.
     */
    async stop({ graceMs = 5000 }: { graceMs?: number } = {}) {
      if (working) {
        await Promise.all(
          [...kinds.keys()].flatMap((name) => [
            boss.offWork(name, { wait: false }),
            boss.offWork(deadLetterQueueOf(name), { wait: false }),
          ]),
        )
        let timer: ReturnType<typeof setTimeout> | undefined
        await Promise.race([Promise.allSettled([...active]), new Promise((done) => (timer = setTimeout(done, graceMs)))])
        clearTimeout(timer)
        shutdown.abort()
        await Promise.allSettled([...active])
      }
      shutdown.abort()
      await boss.stop({ graceful: true, timeout: 2000, close: true })
    },
  }
}

/** Creates each kind's queue and dead-letter queue, or brings an existing queue's policy up to date. */
async function createQueues(boss: PgBoss, kinds: Iterable<AnyJobKind>) {
  for (const kind of kinds) {
    const dead = deadLetterQueueOf(kind.name)
    const policy = {
      retryLimit: kind.retry.retryLimit,
      retryDelay: kind.retry.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: kind.retry.retryDelayMaxSeconds,
      heartbeatSeconds: kind.heartbeatSeconds,
      expireInSeconds: kind.expireInSeconds,
      deadLetter: dead,
    }
    if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { retryLimit: 5, retryDelay: 5, retryBackoff: true })
    // A kind's policy may change between releases: existing queues are brought up to date.
    if (await boss.getQueue(kind.name)) await boss.updateQueue(kind.name, policy)
    else await boss.createQueue(kind.name, policy)
    // pg-boss caches queues at start, before these existed, and on a miss `send` reads the
    // queue through its own connection even when given a transaction's. On PGlite (one
    // connection) that read waits for our open transaction: a deadlock. Any lookup by queue
    // name fills the cache, and its periodic refresh keeps every existing queue in it.
    await boss.findJobs(kind.name, { id: NIL_UUID })
  }
}

/** The job_run row and the queued job, in one transaction (JobQueue.enqueue). */
async function enqueueJob<Input, InputIn>(
  boss: PgBoss,
  kinds: Map<string, AnyJobKind>,
  on: Database,
  request: EnqueueRequest<Input, InputIn>,
): Promise<JobRun> {
  const { kind } = request
  if (!kinds.has(kind.name)) throw new Error(`jobs: unknown job kind "${kind.name}"`)
  const input = kind.input.parse(request.input)
  return on.transaction(async (tx) => {
    const id = randomUUID()
    const [row] = await tx
      .insert(jobRun)
      .values({
        id,
        kind: kind.name,
        userId: request.userId,
        businessId: request.businessId ?? null,
        input,
        singletonKey: request.singletonKey ?? null,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) {
      const [existing] = await tx
        .select()
        .from(jobRun)
        .where(
          and(
            eq(jobRun.kind, kind.name),
            eq(jobRun.singletonKey, request.singletonKey!),
            inArray(jobRun.state, ['queued', 'running', 'retrying']),
          ),
        )
      return existing
    }
    const payload: JobPayload = { input, tracked: true }
    await boss.send(kind.name, payload, { id, db: bossDbFor(tx) })
    return row
  })
}
