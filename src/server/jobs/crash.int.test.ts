import { readdir } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crashCountJob, type ChildEvent } from '~tests/fixtures/crash-count-job'
import type { JobChildSettings } from '~tests/fixtures/job-worker-child'
import { workerProcesses } from '~tests/fixtures/worker-process'
import type { DatabaseHandle } from '~/server/db/client'
import { jobRun, user } from '~/server/db/schema'
import { createId } from '~/server/ids'
import { createJobQueue } from './queue'
import { noProviders } from '~tests/fixtures/no-providers'

// The crash test (docs/decisions/0006-jobs.md): a real worker process is SIGKILLed in the middle of a job; a second
// worker process picks the job up once its heartbeat lapses, and the job completes exactly once
// with each step's side effect applied once. On PGlite the children open a data folder of their
// own (one process per folder); on PostgreSQL they share the test database with this process.
const CHILD = 'tests/fixtures/job-worker-child.ts'
const STEPS = 12
const FAST = { pollingIntervalSeconds: 0.5, monitorIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 }
const workers = workerProcesses()
const startWorker = () => workers.start<ChildEvent, JobChildSettings>(CHILD)

async function prepare(handle: DatabaseHandle, markerDir: string) {
  const userId = createId()
  await handle.db.insert(user).values({ id: userId, name: 'Crash Test', email: `${userId.toLowerCase()}@example.com` })
  const queue = createJobQueue({ handle, kinds: [crashCountJob], providers: noProviders(), timings: FAST })
  await queue.start({ work: false })
  const run = await queue.enqueue(handle.db, {
    kind: crashCountJob,
    userId,
    input: { steps: STEPS, delayMs: 250, rerunDelayMs: 20, markerDir },
  })
  await queue.stop()
  return run.id
}

describe('a worker process killed mid-job', () => {
  it('the job is picked up by the next worker process and completes exactly once', async () => {
    // Started first: it loads its modules while the database is prepared, and opens it when told.
    const first = startWorker()
    const markerDir = await workers.tempDir('rankpilot-crash-markers-')
    const {
      database,
      reopen,
      prepared: jobId,
    } = await workers.sharedDatabase('rankpilot-crash-pglite-', (handle) => prepare(handle, markerDir))

    first.open(database)
    await first.waitFor((event) => event.event === 'step' && event.done >= 3, 30_000)
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(first.events.some((event) => event.event === 'completed')).toBe(false)
    const doneBeforeCrash = (await readdir(markerDir)).length
    expect(doneBeforeCrash).toBeGreaterThanOrEqual(3)
    expect(doneBeforeCrash).toBeLessThan(STEPS)

    const second = startWorker()
    second.open(database)
    // pg-boss gives the dead worker's attempt up once its heartbeat (10 s) lapses, and retries it at once.
    await second.waitFor((event) => event.event === 'completed', 45_000)
    const stopped = second.exited
    second.child.kill('SIGTERM')
    expect((await stopped).code).toBe(0)

    const completions = [...first.events, ...second.events].filter((event) => event.event === 'completed')
    expect(completions).toEqual([{ event: 'completed', jobId }])
    // The rerun started again from step 0 as attempt 2: re-runnable steps, each effect once.
    const rerun = second.events.filter((event) => event.event === 'step')
    expect(rerun[0]).toMatchObject({ jobId, attempt: 2, done: 0 })
    expect(rerun).toHaveLength(STEPS)
    expect((await readdir(markerDir)).sort()).toEqual(Array.from({ length: STEPS }, (_, done) => `${jobId}-${done}`).sort())

    const handle = reopen()
    try {
      const [run] = await handle.db.select().from(jobRun).where(eq(jobRun.id, jobId))
      expect(run).toMatchObject({ state: 'completed', attempts: 2, done: STEPS, total: STEPS, error: null, result: { counted: STEPS } })
      const queue = createJobQueue({ handle, kinds: [crashCountJob], providers: noProviders(), timings: FAST })
      await queue.start({ work: false })
      const [job] = await queue.boss.findJobs(crashCountJob.name, { id: jobId })
      await queue.stop()
      expect(job).toMatchObject({ state: 'completed', retryCount: 1 })
    } finally {
      await handle.close()
    }
  }, 120_000)
})
