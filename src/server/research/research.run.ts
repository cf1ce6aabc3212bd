import { eq } from 'drizzle-orm'
import { business as businessTable, competitor, researchRun } from '~/server/db/schema'
import { findUserPlan } from '~/server/access/plan-access'
import type { JobContext } from '~/server/jobs/define'
import { JobError } from '~/server/jobs/errors'
import { emitWebhookEvent, researchFinishedData } from '~/server/publishing/events'
import { notifyPlanReady } from '~/server/notifications/notifications.service'
import { RESEARCH_STAGES, RESEARCH_STAGE_IDS, type ResearchStage } from '~/shared/research'
import type { Checkpoint, RunContext } from './context'
import { expandKeywords, scoreLongTail } from './expand-stages'
import { createLedger, type ProviderTally } from '~/server/providers/cost-ledger'
import { keywordMarket } from '~/server/providers/dataforseo/market'
import { guardAndSelect } from './guard-stage'
import { clusterSelected, planKeywords, planSeries } from './plan-stages'
import { collectSeeds, refineSeeds } from './seed-stages'
import { recordHistory } from '~/server/history/record'

/** Progress is counted in hundredths of a stage: 8 stages → 800. */
const STEPS_PER_STAGE = 100

export interface ResearchRunInput {
  businessId: string
}

export interface ResearchRunResult {
  planned: number
  counts: Record<string, number>
  cost: number
  paidCalls: number
  /** This attempt's stages in the order they ran: how long each took and what it asked the providers. */
  stages: Record<string, { ms: number; calls: Record<string, ProviderTally> }>
}

/**
 * One research run, stage after stage (docs/product/pipeline.md §3). The research_run row says
 * which stages are done: a retried attempt, or one picked up after its worker died, resumes after
 * the last finished stage. Stages a–d upsert by natural keys, so re-running one is harmless; e–h
 * write their rows and their checkpoint in one transaction.
 */
export async function runResearch(
  job: Pick<JobContext<ResearchRunInput>, 'input' | 'jobId' | 'db' | 'providers' | 'signal' | 'progress'>,
  options: { planningDate?: Date } = {},
) {
  const { db, jobId } = job
  const [run] = await db.select().from(researchRun).where(eq(researchRun.id, jobId))
  if (!run) throw new JobError('This research run was not found; it may have been deleted with its business.')
  const [business] = await db.select().from(businessTable).where(eq(businessTable.id, run.businessId))
  if (!business) return { planned: 0, counts: {}, cost: 0, paidCalls: 0, stages: {} }
  const plan = await findUserPlan(db, business.userId)
  if (!plan) throw new JobError('Keyword research needs an active plan. Choose a plan, then run research again.')
  const competitors = await db.select().from(competitor).where(eq(competitor.businessId, business.id))

  const ledger = createLedger(run.calls)
  const completed = new Set<string>(run.completedStages)
  const counts: Record<string, number> = { ...run.counts }
  const context: RunContext = {
    db,
    providers: job.providers,
    runId: run.id,
    business,
    competitors,
    market: keywordMarket(business),
    month: run.month,
    monthlyArticles: plan.articlesPerMonth,
    ledger,
    signal: job.signal,
    now: () => new Date(),
    planningDate: options.planningDate ?? new Date(),
    report(stage, fraction, message) {
      const index = RESEARCH_STAGE_IDS.indexOf(stage)
      job.progress(
        RESEARCH_STAGES[index]!.label,
        index * STEPS_PER_STAGE + Math.round(Math.min(1, Math.max(0, fraction)) * STEPS_PER_STAGE),
        RESEARCH_STAGES.length * STEPS_PER_STAGE,
        message,
      )
    },
  }
  const checkpoint: Checkpoint = async (tx, stage, count, extra = {}) => {
    completed.add(stage)
    counts[stage] = count
    Object.assign(counts, extra)
    const finishedAt = stage === 'plan' ? new Date() : null
    await tx
      .update(researchRun)
      .set({
        completedStages: RESEARCH_STAGE_IDS.filter((id) => completed.has(id)),
        counts,
        calls: ledger.snapshot(),
        ...(finishedAt ? { finishedAt } : {}),
      })
      .where(eq(researchRun.id, run.id))
    // Queued with the run's end, in its transaction (src/server/publishing/events.ts).
    if (finishedAt) {
      await emitWebhookEvent(tx, {
        type: 'research.finished',
        businessId: run.businessId,
        data: researchFinishedData({ ...run, counts, finishedAt }),
      })
      const planned = { trigger: run.trigger, planned: counts.plan ?? 0 }
      await recordHistory(tx, {
        kind: 'research',
        action: 'finished',
        businessId: run.businessId,
        title: run.month,
        detail: planned,
        jobId: run.id,
      })
      await notifyPlanReady(tx, { id: run.id, businessId: run.businessId, month: run.month, planned: counts.plan ?? 0 })
    }
  }
  const saveOutside = async (stage: ResearchStage, count: number) => {
    await db.transaction((tx) => checkpoint(tx, stage, count))
  }

  const stages: Record<ResearchStage, () => Promise<unknown>> = {
    seeds: async () => saveOutside('seeds', await collectSeeds(context)),
    refine: async () => saveOutside('refine', await refineSeeds(context)),
    expand: async () => saveOutside('expand', await expandKeywords(context)),
    score: async () => saveOutside('score', await scoreLongTail(context)),
    guard: () => guardAndSelect(context, checkpoint),
    cluster: () => clusterSelected(context, checkpoint),
    series: () => planSeries(context, checkpoint),
    plan: () => planKeywords(context, checkpoint),
  }
  const stageMs: Record<string, number> = {}
  for (const stage of RESEARCH_STAGE_IDS) {
    if (completed.has(stage)) continue
    job.signal.throwIfAborted()
    ledger.stage(stage)
    const started = performance.now()
    context.report(stage, 0)
    await stages[stage]()
    stageMs[stage] = Math.round(performance.now() - started)
    context.report(stage, 1, summary(stage, counts[stage] ?? 0))
  }
  const byStage = ledger.snapshotByStage()
  return {
    planned: counts.plan ?? 0,
    counts,
    cost: ledger.totalCost(),
    paidCalls: ledger.paidCalls(),
    stages: Object.fromEntries(Object.entries(stageMs).map(([stage, ms]) => [stage, { ms, calls: byStage[stage] ?? {} }])),
  } satisfies ResearchRunResult
}

function summary(stage: ResearchStage, count: number): string {
  switch (stage) {
    case 'seeds':
      return `${count} seeds collected`
    case 'refine':
      return `${count} refined seeds`
    case 'expand':
      return `${count} keywords found`
    case 'score':
      return `${count} long-tail keywords scored`
    case 'guard':
      return `${count} keywords selected`
    case 'cluster':
      return `${count} topic clusters`
    case 'series':
      return `${count} content series`
    case 'plan':
      return `${count} articles scheduled`
  }
}
