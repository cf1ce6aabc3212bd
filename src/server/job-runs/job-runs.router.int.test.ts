import { ORPCError } from '@orpc/server'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejectionOf, rpcClient, rpcContext, rpcFetch } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { createBrowserRpcClient } from '~/lib/orpc'
import { EVENT_STREAM_KEEP_ALIVE_MS, handleRpcRequest } from '~/server/app/rpc-handler'
import { jobRun, keywordCache } from '~/server/db/schema'
import { createId } from '~/server/ids'
import { JOB_ERRORS, type JobSnapshot } from './job-run.service'
import { demoCountJob } from '~/server/e2e/e2e.jobs'
import { PURGE_EXPIRED_CRON, purgeExpiredJob, VACUUM_CRON, vacuumJob } from '~/server/maintenance/maintenance.jobs'
import { FINISHED_JOB_RETENTION_DAYS, purgeExpired } from '~/server/maintenance/purge-expired'
import { JOB_KINDS, JOB_SCHEDULES } from '~/server/app/job-kinds'
import { router } from '~/server/app/router'
import { createJobQueue, type JobQueue } from '~/server/jobs/queue'

// job.get and job.watch as the browser reaches them (in-process and over HTTP through the
// browser's GET link), ownership, and the daily purge job and its schedule.
let app: TestApp
let owner: { userId: string; cookie: string }
let stranger: { userId: string; cookie: string }
let queue: JobQueue

beforeAll(async () => {
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
  stranger = await app.signUp({ plan: 'Growth' })
  queue = createJobQueue({
    handle: app.handle,
    kinds: JOB_KINDS,
    providers: app.providers,
    schedules: JOB_SCHEDULES,
    timings: { pollingIntervalSeconds: 0.5, monitorIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 },
    progressIntervalMs: 50,
  })
  await queue.start({ work: true })
})
afterAll(async () => {
  await queue?.stop({ graceMs: 0 })
  await app?.close()
})

const enqueueDemo = (steps = 4) => queue.enqueue(app.db, { kind: demoCountJob, userId: owner.userId, input: { steps, delayMs: 120 } })

async function drain(iterator: AsyncIterable<JobSnapshot>) {
  const snapshots: JobSnapshot[] = []
  for await (const snapshot of iterator) snapshots.push(snapshot)
  return snapshots
}

describe('job.get / job.watch', () => {
  it('get returns the owner’s job snapshot without its input', async () => {
    const run = await enqueueDemo()
    const snapshot = await rpcClient(app, owner.cookie).job.get({ id: run.id })
    // The worker may already have taken a step or two (a busy machine): what matters is whose
    // job it is, its progress fields, and that the input stays on the server.
    expect(snapshot).toMatchObject({ id: run.id, kind: 'demo.count' })
    expect(snapshot.done).toBeGreaterThanOrEqual(0)
    expect(snapshot.done).toBeLessThanOrEqual(4)
    expect(snapshot).not.toHaveProperty('input')
  })

  it('watch yields a snapshot at once, then each change, and ends at the terminal state', async () => {
    const run = await enqueueDemo(5)
    const snapshots = await drain(await rpcClient(app, owner.cookie).job.watch({ id: run.id }))
    expect(['queued', 'running']).toContain(snapshots[0].state)
    expect(snapshots.at(-1)).toMatchObject({ state: 'completed', done: 5, total: 5 })
    expect(snapshots.filter((snapshot) => snapshot.state === 'completed')).toHaveLength(1)
    expect(new Set(snapshots.map((snapshot) => snapshot.done)).size).toBeGreaterThan(2)
  })

  it('streams over HTTP through the browser link (GET, event stream)', async () => {
    const run = await enqueueDemo(3)
    const seen: string[] = []
    const fetch = rpcFetch(app)
    const client = createBrowserRpcClient({
      origin: TEST_APP_URL,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        seen.push(request.method)
        return fetch(request)
      },
    })
    const snapshots = await drain(await client.job.watch({ id: run.id }, { context: { headers: { cookie: owner.cookie } } }))
    expect(seen).toEqual(['GET'])
    expect(snapshots.at(-1)).toMatchObject({ state: 'completed', done: 3 })
    expect(snapshots.at(-1)!.finishedAt).toBeInstanceOf(Date)
  })

  it.each([
    ['get', (client: ReturnType<typeof rpcClient>, id: string) => client.job.get({ id })],
    ['watch', (client: ReturnType<typeof rpcClient>, id: string) => client.job.watch({ id })],
  ] as const)('%s: another user’s job, an unknown id and a non-uuid answer NOT_FOUND', async (_name, call) => {
    const run = await enqueueDemo(1)
    for (const id of [run.id, crypto.randomUUID(), 'not-a-uuid']) {
      const error = await rejectionOf(call(rpcClient(app, stranger.cookie), id))
      expect(error).toBeInstanceOf(ORPCError)
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: JOB_ERRORS.JOB_NOT_FOUND.message, data: { reason: 'JOB_NOT_FOUND' } })
    }
    expect(await rejectionOf(call(rpcClient(app), run.id))).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('an idle stream carries a keep-alive comment every 5000 ms', async () => {
    // A running job nobody works on: the stream stays open with nothing to report.
    const id = crypto.randomUUID()
    await app.db.insert(jobRun).values({ id, kind: 'demo.count', userId: owner.userId, state: 'running' })
    const url = new URL(`${TEST_APP_URL}/rpc/job/watch`)
    url.searchParams.set('data', JSON.stringify({ json: { id } }))
    const request = new Request(url, { headers: { origin: TEST_APP_URL, 'x-csrf-token': 'orpc', cookie: owner.cookie } })
    const response = await handleRpcRequest(request, { db: app.db, auth: app.auth, providers: app.providers, headers: request.headers })
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while (!text.includes('event: message')) text += (await reader.read()).value
    const sinceFirstEvent = Date.now()
    while (!/\n:[^\n]*\n\n$/.test(text.slice(text.lastIndexOf('event: message')))) text += (await reader.read()).value
    const waited = Date.now() - sinceFirstEvent
    await reader.cancel()
    expect(EVENT_STREAM_KEEP_ALIVE_MS).toBe(5000)
    expect(waited).toBeGreaterThan(EVENT_STREAM_KEEP_ALIVE_MS - 600)
    expect(waited).toBeLessThan(EVENT_STREAM_KEEP_ALIVE_MS + 1500)
  }, 15_000)

  it('cancel stops a running job: the row stays cancelled, the handler stops early, the stream ends', async () => {
    const run = await enqueueDemo(30)
    const client = rpcClient(app, owner.cookie)
    await expect.poll(async () => (await client.job.get({ id: run.id })).state, { timeout: 10_000 }).toBe('running')
    const watching = drain(await client.job.watch({ id: run.id }))
    expect(await client.job.cancel({ id: run.id })).toMatchObject({ state: 'cancelled' })
    const snapshots = await watching
    expect(snapshots.at(-1)!.state).toBe('cancelled')
    // Long after the 30 steps would have ended, it is still cancelled and stopped short.
    await new Promise((done) => setTimeout(done, 800))
    const after = await client.job.get({ id: run.id })
    expect(after.state).toBe('cancelled')
    expect(after.done).toBeLessThan(30)
    await expect.poll(async () => (await queue.boss.getJobById(demoCountJob.name, run.id))?.state, { timeout: 10_000 }).toBe('completed')
  })

  it('cancel leaves a finished job as it ended, and another user cannot cancel', async () => {
    const run = await enqueueDemo(1)
    const client = rpcClient(app, owner.cookie)
    await expect.poll(async () => (await client.job.get({ id: run.id })).state, { timeout: 10_000 }).toBe('completed')
    expect(await client.job.cancel({ id: run.id })).toMatchObject({ state: 'completed' })
    const pending = await enqueueDemo(20)
    expect(await rejectionOf(rpcClient(app, stranger.cookie).job.cancel({ id: pending.id }))).toMatchObject({ code: 'NOT_FOUND' })
    expect((await client.job.get({ id: pending.id })).state).not.toBe('cancelled')
    await client.job.cancel({ id: pending.id })
  })

  it('the test pages’ procedures are not in the router outside the browser suite (E2E_TEST_ROUTES off)', async () => {
    expect(router.e2e).toBeUndefined()
    const response = await handleRpcRequest(
      new Request('http://localhost:3000/rpc/e2e/startDemoJob', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': 'orpc', cookie: owner.cookie },
        body: JSON.stringify({ json: { steps: 2, delayMs: 10 } }),
      }),
      rpcContext(app, owner.cookie),
    )
    expect(response.status).toBe(404)
  })
})

describe('the hourly vacuum', () => {
  it('is scheduled with pg-boss (cron, UTC)', async () => {
    const [schedule] = await queue.boss.getSchedules(vacuumJob.name)
    expect(schedule).toMatchObject({ name: 'maintenance.vacuum', cron: VACUUM_CRON, timezone: 'UTC' })
  })

  it('gives the embedded database the statistics autovacuum would, and leaves PostgreSQL to its own', async () => {
    const tag = createId()
    await app.db.insert(keywordCache).values(
      Array.from({ length: 50 }, (_, index) => ({
        keyword: `vacuum ${tag} ${index}`,
        endpointType: 'volume',
        cacheKey: `vacuum-${tag}-${index}`,
      })),
    )
    const result = await vacuumJob.handler({ db: app.db } as Parameters<typeof vacuumJob.handler>[0])
    expect(result).toEqual({ vacuumed: app.handle.kind === 'pglite' })
    if (app.handle.kind !== 'pglite') return
    // ANALYZE sets the table's row estimate (-1 on a table never analysed) and vacuum its visibility map.
    const [stats] = (
      await app.db.execute<{ reltuples: number; relallvisible: number }>(
        sql`select reltuples, relallvisible from pg_class where oid = 'keyword_cache'::regclass`,
      )
    ).rows
    expect(Number(stats.reltuples)).toBeGreaterThanOrEqual(50)
    expect(Number(stats.relallvisible)).toBeGreaterThan(0)
  })
})

describe('the daily purge', () => {
  it('is scheduled with pg-boss (cron, UTC)', async () => {
    const [schedule] = await queue.boss.getSchedules(purgeExpiredJob.name)
    expect(schedule).toMatchObject({ name: 'maintenance.purge-expired', cron: PURGE_EXPIRED_CRON, timezone: 'UTC' })
  })

  it('deletes keyword answers older than 30 days and finished runs older than 90, nothing else', async () => {
    const now = new Date('2026-06-30T03:17:00Z')
    const day = 24 * 60 * 60 * 1000
    const ago = (days: number) => new Date(now.getTime() - days * day)
    const tag = createId()
    await app.db.insert(keywordCache).values([
      { keyword: `old ${tag}`, endpointType: 'volume', cacheKey: `old-${tag}`, updatedAt: ago(31) },
      { keyword: `fresh ${tag}`, endpointType: 'volume', cacheKey: `fresh-${tag}`, updatedAt: ago(29) },
    ])
    const row = (state: 'completed' | 'failed' | 'running', finishedDaysAgo: number | null) => ({
      id: crypto.randomUUID(),
      kind: `purge-test-${tag}`,
      userId: owner.userId,
      state,
      finishedAt: finishedDaysAgo === null ? null : ago(finishedDaysAgo),
      createdAt: ago(200),
    })
    const oldDone = row('completed', FINISHED_JOB_RETENTION_DAYS + 1)
    const oldFailed = row('failed', FINISHED_JOB_RETENTION_DAYS + 5)
    const recentDone = row('completed', FINISHED_JOB_RETENTION_DAYS - 1)
    const stillRunning = row('running', null)
    await app.db.insert(jobRun).values([oldDone, oldFailed, recentDone, stillRunning])

    const purged = await purgeExpired(app.db, now)
    expect(purged.jobRuns).toBe(2)
    expect(purged.keywordCache).toBeGreaterThanOrEqual(1)
    const keywords = await app.db.select({ cacheKey: keywordCache.cacheKey }).from(keywordCache)
    expect(keywords.map((k) => k.cacheKey)).toContain(`fresh-${tag}`)
    expect(keywords.map((k) => k.cacheKey)).not.toContain(`old-${tag}`)
    const runs = await app.db
      .select({ id: jobRun.id })
      .from(jobRun)
      .where(and(eq(jobRun.kind, `purge-test-${tag}`)))
    expect(runs.map((r) => r.id).sort()).toEqual([recentDone.id, stillRunning.id].sort())
  })
})
