import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createTestDatabase } from '~tests/fixtures/test-app'
import type { DatabaseHandle } from '~/server/db'
import { jobRun, user } from '~/server/db/schema'
import { createId } from '~/server/ids'
import { ProviderError } from '~/server/providers/http'
import { defineJob, deadLetterQueueOf } from './define'
import { ABANDONED_JOB_ERROR, GENERIC_JOB_ERROR } from './errors'
import { watchJobSnapshots, type JobSnapshot } from '~/server/job-runs/job-run.service'
import { DEMO_PROVIDER_FAILURE, demoCountJob } from '~/server/e2e/e2e.jobs'
import { createJobQueue, type JobQueue } from './queue'
import { noProviders } from '~tests/fixtures/no-providers'

// The job system end to end on the suite's database (PGlite, and PostgreSQL in the postgres
// project): pg-boss queues on the app's database, our job_run rows, retries, dead letters.
const FAST = { pollingIntervalSeconds: 0.5, monitorIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 }

const internalFailureJob = defineJob({
  name: 'test.internal-failure',
  input: z.object({}),
  retry: { retryLimit: 0, retryDelaySeconds: 1 },
  handler: async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'secret')")
  },
})
const providerFailureJob = defineJob({
  name: 'test.provider-failure',
  input: z.object({}),
  retry: { retryLimit: 0, retryDelaySeconds: 1 },
  handler: async () => {
    throw new ProviderError({
      provider: 'DataForSEO',
      kind: 'auth',
      status: 401,
      message: 'DataForSEO rejected the login: check DATAFORSEO_LOGIN.',
    })
  },
})
const STUCK_MS = 4000
const stuckJob = defineJob({
  name: 'test.stuck',
  input: z.object({}),
  retry: { retryLimit: 0, retryDelaySeconds: 1 },
  expireInSeconds: 1,
  // Ignores its signal on purpose: a handler wedged in a call that cannot be aborted.
  handler: () => new Promise((done) => setTimeout(() => done({ late: true }), STUCK_MS)),
})
// The demo kind's backoff capped at 1 s (its retries wait 1 s, 2 s, … up to 10 s otherwise): the
// tests watch retries happen, not how long they wait.
const KINDS = [
  { ...demoCountJob, retry: { ...demoCountJob.retry, retryDelayMaxSeconds: 1 } },
  internalFailureJob,
  providerFailureJob,
  stuckJob,
]

let handle: DatabaseHandle
let userId: string
const queues: JobQueue[] = []

async function startQueue(work = true, onCompleted?: (jobId: string) => void) {
  const queue = createJobQueue({ handle, kinds: KINDS, providers: noProviders(), timings: FAST, progressIntervalMs: 50, onCompleted })
  queues.push(queue)
  await queue.start({ work })
  return queue
}

beforeAll(async () => {
  handle = await createTestDatabase()
  userId = createId()
  await handle.db.insert(user).values({ id: userId, name: 'Job Owner', email: `${userId.toLowerCase()}@example.com` })
})
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop({ graceMs: 0 })))
})
afterAll(() => handle?.close())

const runOf = async (id: string) => (await handle.db.select().from(jobRun).where(eq(jobRun.id, id)))[0]

async function collect(id: string) {
  const snapshots: JobSnapshot[] = []
  for await (const snapshot of watchJobSnapshots(handle.db, userId, id, { intervalMs: 40 })) snapshots.push(snapshot)
  return snapshots
}

describe('background jobs', () => {
  it('enqueue → a worker runs it → completed, with progress recorded on the way', async () => {
    const queue = await startQueue()
    const run = await queue.enqueue(handle.db, { kind: demoCountJob, userId, input: { steps: 5, delayMs: 150 } })
    expect(run).toMatchObject({ state: 'queued', kind: 'demo.count', userId, done: 0 })

    const snapshots = await collect(run.id)
    const dones = snapshots.map((snapshot) => snapshot.done)
    expect(dones).toEqual([...dones].sort((a, b) => a - b))
    expect(dones.some((done) => done > 0 && done < 5)).toBe(true)
    expect(snapshots.some((snapshot) => snapshot.state === 'running' && snapshot.step === 'Counting')).toBe(true)

    const final = await runOf(run.id)
    expect(final).toMatchObject({ state: 'completed', step: 'Done', done: 5, total: 5, message: 'Counted to 5', attempts: 1, error: null })
    expect(final.result).toEqual({ counted: 5 })
    expect(final.startedAt).toBeInstanceOf(Date)
    expect(final.finishedAt!.getTime()).toBeGreaterThanOrEqual(final.startedAt!.getTime())
    // pg-boss marks its job completed just after the handler returns (and the run row with it).
    await expect.poll(async () => (await queue.boss.findJobs(demoCountJob.name, { id: run.id }))[0]?.state).toBe('completed')
  })

  it('a failed attempt is retried with backoff and then succeeds', async () => {
    const queue = await startQueue()
    const run = await queue.enqueue(handle.db, { kind: demoCountJob, userId, input: { steps: 4, delayMs: 20, failAttempts: 1 } })
    const snapshots = await collect(run.id)
    expect(snapshots.find((snapshot) => snapshot.state === 'retrying')).toMatchObject({ error: DEMO_PROVIDER_FAILURE, attempts: 1 })
    expect(await runOf(run.id)).toMatchObject({ state: 'completed', attempts: 2, error: null, done: 4 })
    await expect.poll(async () => (await queue.boss.findJobs(demoCountJob.name, { id: run.id }))[0]?.state).toBe('completed')
    const [job] = await queue.boss.findJobs(demoCountJob.name, { id: run.id })
    expect(job).toMatchObject({ state: 'completed', retryCount: 1, retryBackoff: true, retryDelay: 1, retryDelayMax: 1 })
  })

  it('past its retries a job is dead-lettered and its run shows failed with the provider message', async () => {
    const queue = await startQueue()
    const run = await queue.enqueue(handle.db, { kind: demoCountJob, userId, input: { steps: 2, delayMs: 10, failAttempts: 99 } })
    const snapshots = await collect(run.id)
    expect(snapshots.at(-1)).toMatchObject({ state: 'failed', error: DEMO_PROVIDER_FAILURE, attempts: 3 })
    const final = await runOf(run.id)
    expect(final.finishedAt).toBeInstanceOf(Date)
    await expect.poll(async () => (await queue.boss.findJobs(demoCountJob.name, { id: run.id }))[0]?.state).toBe('failed')
    const [job] = await queue.boss.findJobs(demoCountJob.name, { id: run.id })
    expect(job).toMatchObject({ state: 'failed', retryCount: 2 })
    await expect
      .poll(async () => (await queue.boss.findJobs(deadLetterQueueOf(demoCountJob.name))).map((dead) => dead.sourceId), { timeout: 5000 })
      .toContain(run.id)
  })

  it.each([
    { kind: internalFailureJob, message: GENERIC_JOB_ERROR },
    { kind: providerFailureJob, message: 'DataForSEO rejected the login: check DATAFORSEO_LOGIN.' },
  ])('$kind.name: provider messages reach the user as they are, internal errors as a generic sentence', async ({ kind, message }) => {
    const queue = await startQueue()
    const run = await queue.enqueue(handle.db, { kind, userId, input: {} })
    expect((await collect(run.id)).at(-1)).toMatchObject({ state: 'failed', error: message, attempts: 1 })
  })

  it('an attempt that outlives its expiry is dead-lettered, shown failed, and never completes afterwards', async () => {
    const queue = await startQueue()
    const run = await queue.enqueue(handle.db, { kind: stuckJob, userId, input: {} })
    await expect.poll(async () => (await runOf(run.id)).state, { timeout: 8000, interval: 100 }).toBe('failed')
    expect(await runOf(run.id)).toMatchObject({ state: 'failed', error: ABANDONED_JOB_ERROR })
    // The stuck handler returns later; the failed run must not turn into a completed one. A
    // graceful stop waits for the handler to return and for the runner to settle the run after it.
    queues.splice(queues.indexOf(queue), 1)
    await queue.stop({ graceMs: STUCK_MS })
    expect(await runOf(run.id)).toMatchObject({ state: 'failed', result: null })
  })

  it('a singleton key returns the unfinished job instead of queueing a second one', async () => {
    const queue = await startQueue(false)
    const request = { kind: demoCountJob, userId, input: { steps: 1 }, singletonKey: `key-${createId()}` }
    const first = await queue.enqueue(handle.db, request)
    const second = await queue.enqueue(handle.db, request)
    expect(second.id).toBe(first.id)
    expect(await queue.boss.findJobs(demoCountJob.name, { key: request.singletonKey })).toHaveLength(0)
    expect(await queue.boss.findJobs(demoCountJob.name, { id: first.id })).toHaveLength(1)
  })

  it('the job_run row and the queued job are written together: a failed send leaves no row', async () => {
    const queue = await startQueue(false)
    const send = vi.spyOn(queue.boss, 'send').mockRejectedValueOnce(new Error('connection terminated'))
    const before = await handle.db.select({ id: jobRun.id }).from(jobRun)
    await expect(queue.enqueue(handle.db, { kind: demoCountJob, userId, input: { steps: 1 } })).rejects.toThrow('connection terminated')
    expect(send).toHaveBeenCalledOnce()
    expect(await handle.db.select({ id: jobRun.id }).from(jobRun)).toEqual(before)
  })

  it('a graceful stop hands a running job back; the next worker finishes it', async () => {
    const first = await startQueue()
    const run = await first.enqueue(handle.db, { kind: demoCountJob, userId, input: { steps: 30, delayMs: 100 } })
    await expect.poll(async () => (await runOf(run.id)).done, { timeout: 8000, interval: 50 }).toBeGreaterThan(1)
    await first.stop({ graceMs: 50 })
    queues.splice(queues.indexOf(first), 1)
    expect((await runOf(run.id)).state).toBe('retrying')

    await startQueue()
    await expect.poll(async () => (await runOf(run.id)).state, { timeout: 15_000, interval: 100 }).toBe('completed')
    expect(await runOf(run.id)).toMatchObject({ attempts: 2, done: 30 })
  }, 30_000)

  it('several workers on one database share the jobs; each job completes exactly once', async () => {
    const completions: string[][] = [[], [], []]
    const workers = await Promise.all(completions.map((list) => startQueue(true, (jobId) => list.push(jobId))))
    const runs = await Promise.all(
      Array.from({ length: 9 }, () => workers[0].enqueue(handle.db, { kind: demoCountJob, userId, input: { steps: 3, delayMs: 60 } })),
    )
    const ids = runs.map((run) => run.id).sort()
    await expect.poll(() => completions.flat().length, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(ids.length)
    await new Promise((done) => setTimeout(done, 500))
    expect(completions.flat().sort()).toEqual(ids)
    for (const id of ids) expect(await runOf(id)).toMatchObject({ state: 'completed', attempts: 1 })
  }, 30_000)
})
