import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ResearchChildEvent, ResearchChildSettings } from '~tests/fixtures/research-worker-child'
import { noProviders } from '~tests/fixtures/no-providers'
import { FAST_JOB_TIMINGS, startTestWorker } from '~tests/fixtures/test-worker'
import { retriedAtOnce, workerProcesses } from '~tests/fixtures/worker-process'
import type { DatabaseHandle } from '~/server/db/client'
import {
  business,
  competitor,
  contentSeries,
  jobRun,
  keyword,
  keywordCluster,
  keywordClusterMembership,
  longTailKeyword,
  plan,
  researchRun,
  user,
} from '~/server/db/schema'
import { seedPlans } from '~/server/db/seed'
import { createId } from '~/server/ids'
import { createJobQueue } from '~/server/jobs/queue'
import { RESEARCH_STAGE_IDS } from '~/shared/research'
import { researchRunJob } from './research.jobs'
import { startResearch } from './research.service'

// A research run whose worker process is SIGKILLed in the middle of it (docs/decisions/0006-jobs.md,
// docs/product/pipeline.md §3): a second worker process picks the job up once the dead worker's
// heartbeat lapses, resumes after the last finished stage, and the run completes exactly once
// with every row written once. On PGlite the children open a data folder of their own (one
// process per folder); on PostgreSQL they share the test database with this process.
const CHILD = 'tests/fixtures/research-worker-child.ts'
/** job_run.done counts hundredths of a stage (research.run.ts). */
const STEPS_PER_STAGE = 100
const workers = workerProcesses()

/** A worker child and the events it printed so far, with its progress events alone. */
function startWorker() {
  const worker = workers.start<ResearchChildEvent, ResearchChildSettings>(CHILD)
  const progress = () => worker.events.filter((event) => event.event === 'progress')
  return { ...worker, progress }
}

/** A Growth user's coffee roaster with a profile and two competitors, and a manual research run started for it. */
async function prepare(handle: DatabaseHandle) {
  const { db } = handle
  await seedPlans(db)
  const [growth] = await db.select({ id: plan.id }).from(plan).where(eq(plan.name, 'Growth'))
  const userId = createId()
  await db.insert(user).values({ id: userId, name: 'Research Crash', email: `${userId.toLowerCase()}@example.com`, plan: growth!.id })
  const [row] = await db
    .insert(business)
    .values({
      userId,
      name: 'Acme Roasters',
      url: 'https://acme-roasters.example',
      description: 'Small-batch specialty coffee roaster shipping single-origin beans within 48 hours of roasting.',
      industry: 'Specialty coffee',
      services: ['Coffee subscriptions', 'Wholesale coffee for cafés'],
      coreProducts: ['Ethiopia Yirgacheffe', 'Colombia Huila espresso'],
      seeds: ['specialty coffee beans', 'coffee subscription', 'pour over coffee', 'espresso beans'],
      keywordRegion: 'US',
      language: 'English',
    })
    .returning({ id: business.id })
  const businessId = row!.id
  await db.insert(competitor).values([
    { businessId, url: 'https://bluebottlecoffee.com', name: 'Blue Bottle' },
    { businessId, url: 'https://counterculturecoffee.com', name: 'Counter Culture' },
  ])
  // startResearch queues through the process's job queue; this process only enqueues.
  const jobs = await startTestWorker({ handle }, { work: false, kinds: [retriedAtOnce(researchRunJob)], providers: noProviders() })
  try {
    const { jobId } = await startResearch(db, { userId, businessId }, 'manual')
    return { jobId, businessId }
  } finally {
    await jobs.stop()
  }
}

describe('a research worker process killed mid-run', () => {
  it('the run is picked up by the next worker process, resumes after its last finished stage and completes exactly once', async () => {
    // Started first: it loads its modules while the database is prepared, and opens it when told.
    const first = startWorker()
    const { database, reopen, prepared } = await workers.sharedDatabase('rankpilot-research-crash-pglite-', prepare)
    const { jobId, businessId } = prepared
    const settings: ResearchChildSettings = { ...database, jobId }

    // Killed while expanding keywords, once its first seeds' keyword data is in: seeds and refined
    // seeds are checkpointed, the rest is not.
    first.open(settings)
    await first.waitFor(
      (event) => event.event === 'progress' && event.completedStages.includes('refine') && event.done > 2.1 * STEPS_PER_STAGE,
      30_000,
    )
    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(first.events.some((event) => event.event === 'completed')).toBe(false)
    const atCrash = first.progress().at(-1)!
    expect(atCrash).toMatchObject({ attempts: 1, state: 'running' })
    expect(atCrash.completedStages).not.toContain('plan')

    const second = startWorker()
    second.open(settings)
    // What the restarted worker finds first: the run not completed.
    await second.waitFor((event) => event.event === 'progress', 30_000)
    const found = second.progress()[0]!
    expect(found.state).not.toBe('completed')
    expect(found.completedStages).not.toContain('plan')
    // pg-boss gives the dead worker's attempt up once its heartbeat (10 s) lapses, and retries it at once.
    await second.waitFor((event) => event.event === 'completed', 60_000)
    const stopped = second.exited
    second.child.kill('SIGTERM')
    expect((await stopped).code).toBe(0)

    const completions = [...first.events, ...second.events].filter((event) => event.event === 'completed')
    expect(completions).toEqual([{ event: 'completed', jobId }])
    // The second attempt resumed: it never went back to a stage finished before the crash.
    const rerun = second.progress().filter((event) => event.attempts === 2)
    expect(rerun.length).toBeGreaterThan(0)
    expect(Math.min(...rerun.map((event) => event.done))).toBeGreaterThanOrEqual(atCrash.completedStages.length * STEPS_PER_STAGE)

    const handle = reopen()
    try {
      const { db } = handle
      const [job] = await db.select().from(jobRun).where(eq(jobRun.id, jobId))
      expect(job).toMatchObject({ state: 'completed', attempts: 2, error: null })
      const [run] = await db.select().from(researchRun).where(eq(researchRun.id, jobId))
      expect(run!.completedStages).toEqual(RESEARCH_STAGE_IDS)
      expect(run!.finishedAt).not.toBeNull()
      const counts = run!.counts
      expect(job!.result).toMatchObject({ planned: counts.plan })
      expect(counts.plan).toBeGreaterThan(0)

      // The plan: each keyword once, all scheduled, as many as the run says it planned.
      const planned = await db.select().from(keyword).where(eq(keyword.businessId, businessId))
      expect(planned).toHaveLength(counts.plan!)
      expect(new Set(planned.map((row) => row.keyword)).size).toBe(planned.length)
      expect(new Set(planned.map((row) => row.longTailKeywordId)).size).toBe(planned.length)
      for (const row of planned) {
        expect(row).toMatchObject({ status: 'scheduled', assignedMonth: run!.month })
        expect(row.longTailKeywordId).not.toBeNull()
        expect(row.clusterId).not.toBeNull()
      }

      // Long-tail keywords: one row per keyword, as many as the score stage wrote; guard's selection once.
      const longTail = await db.select().from(longTailKeyword).where(eq(longTailKeyword.businessId, businessId))
      expect(new Set(longTail.map((row) => row.keyword)).size).toBe(longTail.length)
      expect(longTail).toHaveLength(counts.score!)
      const selected = longTail.filter((row) => row.isSelected)
      expect(selected).toHaveLength(counts.guard!)

      // Topics: distinct labels, as many as the cluster stage made, one series each.
      const clusters = await db.select().from(keywordCluster).where(eq(keywordCluster.businessId, businessId))
      expect(new Set(clusters.map((row) => row.label.toLowerCase())).size).toBe(clusters.length)
      expect(clusters).toHaveLength(counts.cluster!)
      const series = await db.select().from(contentSeries).where(eq(contentSeries.businessId, businessId))
      expect(series).toHaveLength(counts.series!)
      expect(new Set(series.map((row) => row.clusterId)).size).toBe(series.length)

      // Memberships: every selected long-tail keyword in exactly one topic, once; the planned keyword agrees.
      const memberships = await db
        .select()
        .from(keywordClusterMembership)
        .where(
          inArray(
            keywordClusterMembership.clusterId,
            clusters.map((row) => row.id),
          ),
        )
      expect(memberships.map((row) => row.longTailKeywordId).sort()).toEqual(selected.map((row) => row.id).sort())
      for (const cluster of clusters) {
        const own = memberships.filter((row) => row.clusterId === cluster.id)
        expect(own).toHaveLength(cluster.keywordCount!)
        expect(own.filter((row) => row.isPillar)).toHaveLength(1)
      }
      const clusterOf = new Map(memberships.map((row) => [row.longTailKeywordId, row.clusterId]))
      for (const row of planned) expect(row.clusterId).toBe(clusterOf.get(row.longTailKeywordId!))

      const queue = createJobQueue({ handle, kinds: [researchRunJob], providers: noProviders(), timings: FAST_JOB_TIMINGS })
      await queue.start({ work: false })
      const [bossJob] = await queue.boss.findJobs(researchRunJob.name, { id: jobId })
      await queue.stop()
      expect(bossJob).toMatchObject({ state: 'completed', retryCount: 1 })
    } finally {
      await handle.close()
    }
  }, 120_000)
})
