import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm'
import { env } from '~/env'
import type { Database } from '~/server/db'
import {
  business,
  contentSeries,
  jobRun,
  keyword,
  keywordCluster,
  keywordClusterMembership,
  researchRun,
  TERMINAL_JOB_RUN_STATES,
  user,
} from '~/server/db/schema'
import { billingMode } from '~/server/providers/modes'
import { enqueueJob } from '~/server/jobs'
import { cancelJobRun } from '~/server/job-runs/job-run.service'
import { appError } from '~/server/rpc/errors'
import { PEOPLE_ALSO_ASK, RESEARCH_STAGE_IDS, researchStageLabel, SCORE_FORMULA, SCORE_WEIGHTS } from '~/shared/research'
import { keywordArticleType } from './article-type'
import { RESEARCH_ERRORS } from './research.errors'
import { keywordLineage, keywordPath } from './keyword-lineage'
import { researchRunJob } from './research.jobs'

export type ResearchTrigger = 'setup' | 'manual' | 'monthly'

/**
 * Starts next month's research for every business whose owner has a plan (every business when
 * billing is off). A business with a run already going, or already planned for that month by a
 * monthly run, is skipped, so the cron firing twice starts nothing twice.
 */
export async function startMonthlyResearch(db: Database, now = new Date()) {
  const month = monthToPlan(now, 'monthly')
  const paying = billingMode(env()) === 'off' ? sql`true` : isNotNull(user.plan)
  const businesses = await db
    .select({ businessId: business.id, userId: business.userId })
    .from(business)
    .innerJoin(user, eq(user.id, business.userId))
    .where(
      and(
        paying,
        sql`not exists (select 1 from ${researchRun} r where r.business_id = ${business.id} and r.month = ${month} and r.trigger = 'monthly')`,
      ),
    )
  let started = 0
  for (const target of businesses) {
    if (await activeRun(db, target.businessId)) continue
    await startResearch(db, target, 'monthly', now)
    started++
  }
  return { month, started, skipped: businesses.length - started }
}

/** Fewer days than this left in the month: a new plan is for next month. */
const MIN_DAYS_LEFT_TO_PLAN = 7

/** The month a run started `now` plans: this one, or the next when it is nearly over (or for the monthly run). */
export function monthToPlan(now: Date, trigger: ResearchTrigger): string {
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate()
  const next = trigger === 'monthly' || lastDay - now.getUTCDate() < MIN_DAYS_LEFT_TO_PLAN
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (next ? 1 : 0), 1))
  return `${target.getUTCFullYear()}-${String(target.getUTCMonth() + 1).padStart(2, '0')}`
}

const unfinished = notInArray(jobRun.state, [...TERMINAL_JOB_RUN_STATES])

async function activeRun(db: Database, businessId: string) {
  const [active] = await db
    .select({ id: jobRun.id })
    .from(jobRun)
    .where(and(eq(jobRun.kind, researchRunJob.name), eq(jobRun.businessId, businessId), unfinished))
  return active
}

/**
 * Starts a research run for a business the caller owns. Refused while one runs (the job's
 * singleton key makes the refusal hold under races too). The run row and the job are written in
 * one transaction.
 */
export async function startResearch(
  db: Database,
  target: { userId: string; businessId: string },
  trigger: ResearchTrigger,
  now = new Date(),
): Promise<{ jobId: string }> {
  if (await activeRun(db, target.businessId)) throw appError(RESEARCH_ERRORS.RESEARCH_RUNNING)
  const month = monthToPlan(now, trigger)
  const run = await db.transaction(async (tx) => {
    const queued = await enqueueJob(tx, {
      kind: researchRunJob,
      userId: target.userId,
      businessId: target.businessId,
      input: { businessId: target.businessId },
      singletonKey: target.businessId,
    })
    await tx.insert(researchRun).values({ id: queued.id, businessId: target.businessId, trigger, month }).onConflictDoNothing()
    return queued
  })
  return { jobId: run.id }
}

/** Stops the business's running research (what it wrote so far stays; a new run starts afresh). */
export async function cancelResearch(db: Database, target: { userId: string; businessId: string }) {
  const active = await activeRun(db, target.businessId)
  if (!active) throw appError(RESEARCH_ERRORS.RESEARCH_NOT_RUNNING)
  await cancelJobRun(db, target.userId, active.id)
  return researchStatus(db, target.businessId)
}

/** The business's latest run: its job state and stage, what each stage produced, and what it cost. */
export async function researchStatus(db: Database, businessId: string) {
  const [latest] = await db
    .select({ run: researchRun, job: jobRun })
    .from(researchRun)
    // Finished job rows are purged after 90 days; the run's own row still tells how it ended.
    .leftJoin(jobRun, eq(jobRun.id, researchRun.id))
    .where(eq(researchRun.businessId, businessId))
    .orderBy(desc(researchRun.createdAt))
    .limit(1)
  if (!latest) return null
  const { run, job } = latest
  const calls = run.calls ?? {}
  return {
    jobId: run.id,
    trigger: run.trigger,
    month: run.month,
    state: job?.state ?? (run.finishedAt ? 'completed' : 'failed'),
    stage: job?.step ?? null,
    completedStages: run.completedStages,
    stages: RESEARCH_STAGE_IDS.map((id) => ({
      id,
      label: researchStageLabel(id),
      done: run.completedStages.includes(id),
      count: run.counts[id] ?? null,
    })),
    done: job?.done ?? 0,
    total: job?.total ?? null,
    message: job?.message ?? null,
    error: job?.error ?? null,
    counts: run.counts,
    outcome: run.outcome ?? null,
    calls,
    cost: Math.round(Object.values(calls).reduce((sum, tally) => sum + tally.cost, 0) * 1e6) / 1e6,
    paidCalls: Object.values(calls).reduce((sum, tally) => sum + tally.calls, 0),
    cacheHits: Object.values(calls).reduce((sum, tally) => sum + tally.cacheHits, 0),
    createdAt: run.createdAt,
    finishedAt: run.finishedAt ?? job?.finishedAt ?? null,
  }
}

/** The business's topic clusters, best first, each with its pillar, keyword ids and series. */
export async function listClusters(db: Database, businessId: string) {
  const clusters = await db
    .select()
    .from(keywordCluster)
    .where(eq(keywordCluster.businessId, businessId))
    .orderBy(asc(keywordCluster.priority), asc(keywordCluster.label))
  if (clusters.length === 0) return []
  const clusterIds = clusters.map((cluster) => cluster.id)
  const [members, series] = await Promise.all([
    db
      .select({
        id: keyword.id,
        keyword: keyword.keyword,
        clusterId: keyword.clusterId,
        searchVolume: keyword.searchVolume,
        difficulty: keyword.difficulty,
        status: keyword.status,
        scheduledAt: keyword.scheduledAt,
        isPillar: keywordClusterMembership.isPillar,
      })
      .from(keyword)
      .leftJoin(
        keywordClusterMembership,
        and(
          eq(keywordClusterMembership.longTailKeywordId, keyword.longTailKeywordId),
          eq(keywordClusterMembership.clusterId, keyword.clusterId),
        ),
      )
      .where(and(eq(keyword.businessId, businessId), inArray(keyword.clusterId, clusterIds)))
      .orderBy(asc(keyword.scheduledAt), asc(keyword.keyword)),
    db.select().from(contentSeries).where(inArray(contentSeries.clusterId, clusterIds)),
  ])
  return clusters.map((cluster) => {
    const own = members.filter((member) => member.clusterId === cluster.id)
    const pillar = own.find((member) => member.isPillar) ?? own.find((member) => member.keyword === cluster.pillarKeyword)
    const own_series = series.find((item) => item.clusterId === cluster.id)
    return {
      id: cluster.id,
      label: cluster.label,
      description: cluster.description,
      pillarKeywordId: pillar?.id ?? null,
      pillarKeyword: pillar?.keyword ?? cluster.pillarKeyword,
      keywordIds: own.map((member) => member.id),
      keywords: own.map(({ isPillar: _isPillar, clusterId: _clusterId, ...member }) => ({ ...member, isPillar: member.id === pillar?.id })),
      totalVolume: own.reduce((sum, member) => sum + (member.searchVolume ?? 0), 0),
      avgDifficulty: average(own.map((member) => member.difficulty)),
      finalScore: cluster.finalScore,
      series: own_series
        ? {
            title: own_series.title,
            pillarTitle: own_series.pillarTitle,
            estimatedArticles: own_series.estimatedArticles,
            estimatedCompletionWeeks: own_series.estimatedCompletionWeeks,
            startDate: own_series.scheduledStartDate,
            targetDate: own_series.targetCompletionDate,
          }
        : null,
    }
  })
}

function average(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null)
  return known.length === 0 ? null : Math.round((known.reduce((sum, value) => sum + value, 0) / known.length) * 10) / 10
}

/**
 * Why a keyword is in the plan: where it came from (which seed, competitor or Search Console
 * query, and how the seed got there), the stages it went through, its metrics, the three scores
 * with the formula, its topic and pillar, and the candidates merged into it.
 */
export async function explainKeyword(db: Database, businessId: string, keywordId: string) {
  const [row] = await db
    .select()
    .from(keyword)
    .where(and(eq(keyword.id, keywordId), eq(keyword.businessId, businessId)))
  if (!row) throw appError(RESEARCH_ERRORS.KEYWORD_NOT_FOUND)
  const lineage = await keywordLineage(db, businessId, row)
  const { longTail, seed, cluster, merged, forSeed, metrics } = lineage
  const seedMeta = (seed?.metadata ?? {}) as { rank?: number; url?: string }
  return {
    keyword: { id: row.id, keyword: row.keyword, status: row.status, scheduledAt: row.scheduledAt, source: row.source },
    articleType: keywordArticleType(row, lineage.written),
    source: seed
      ? {
          // A "people also ask" question names its own source, with the seed whose results page asked it.
          kind: row.source === PEOPLE_ALSO_ASK ? PEOPLE_ALSO_ASK : seed.source,
          seed: seed.keyword,
          originalText: seed.originalText,
          competitorId: seed.source === 'competitor' ? seed.sourceId : null,
          competitorRank: seedMeta.rank ?? null,
          competitorUrl: seedMeta.url ?? null,
        }
      : row.source
        ? { kind: row.source, seed: null, originalText: null, competitorId: null, competitorRank: null, competitorUrl: null }
        : null,
    path: keywordPath(row, lineage),
    metrics: {
      searchVolume: metrics.searchVolume ?? row.searchVolume,
      difficulty: metrics.difficulty ?? row.difficulty,
      cpc: metrics.cpc ?? null,
      competition: metrics.competition ?? null,
      intent: metrics.intent ?? (row.searchIntent || null),
      trend: metrics.trends ?? [],
    },
    scores: longTail
      ? {
          relevance: longTail.relevanceScore,
          opportunity: longTail.opportunityScore,
          trend: longTail.trendScore,
          final: longTail.finalScore,
          weights: SCORE_WEIGHTS,
          formula: SCORE_FORMULA,
        }
      : null,
    cluster: cluster
      ? { id: cluster.id, label: cluster.label, pillarKeyword: cluster.pillarKeyword, isPillar: cluster.pillarKeyword === row.keyword }
      : null,
    forSeed: forSeed?.seed ?? null,
    merged,
  }
}

async function clusterOf(db: Database, businessId: string, clusterId: string) {
  const [cluster] = await db
    .select()
    .from(keywordCluster)
    .where(and(eq(keywordCluster.id, clusterId), eq(keywordCluster.businessId, businessId)))
  if (!cluster) throw appError(RESEARCH_ERRORS.CLUSTER_NOT_FOUND)
  return cluster
}

async function plannedKeyword(db: Database, businessId: string, keywordId: string) {
  const [row] = await db
    .select()
    .from(keyword)
    .where(and(eq(keyword.id, keywordId), eq(keyword.businessId, businessId)))
  if (!row) throw appError(RESEARCH_ERRORS.KEYWORD_NOT_FOUND)
  return row
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Marks `pillar` as its topic's pillar (membership flags and the topic's pillar fields). */
async function markPillar(tx: Tx, clusterId: string, pillar: typeof keyword.$inferSelect | undefined) {
  await tx
    .update(keywordClusterMembership)
    .set({ isPillar: false, contentType: 'supporting' })
    .where(eq(keywordClusterMembership.clusterId, clusterId))
  if (pillar?.longTailKeywordId) {
    await tx
      .update(keywordClusterMembership)
      .set({ isPillar: true, contentType: 'pillar' })
      .where(
        and(eq(keywordClusterMembership.clusterId, clusterId), eq(keywordClusterMembership.longTailKeywordId, pillar.longTailKeywordId)),
      )
  }
  await tx
    .update(keywordCluster)
    .set({
      pillarKeyword: pillar?.keyword ?? null,
      pillarSearchVolume: pillar?.searchVolume ?? null,
      pillarDifficulty: pillar?.difficulty ?? null,
    })
    .where(eq(keywordCluster.id, clusterId))
}

/**
 * Makes a keyword its topic's pillar. The pillar is written first: when it is scheduled after
 * another keyword of the topic, the two swap dates.
 */
export async function setClusterPillar(db: Database, businessId: string, input: { clusterId: string; keywordId: string }) {
  const cluster = await clusterOf(db, businessId, input.clusterId)
  const chosen = await plannedKeyword(db, businessId, input.keywordId)
  if (chosen.clusterId !== cluster.id) throw appError(RESEARCH_ERRORS.KEYWORD_NOT_IN_CLUSTER)
  await db.transaction(async (tx) => {
    await markPillar(tx, cluster.id, chosen)
    const [earliest] = await tx
      .select({ id: keyword.id, scheduledAt: keyword.scheduledAt })
      .from(keyword)
      .where(and(eq(keyword.businessId, businessId), eq(keyword.clusterId, cluster.id), eq(keyword.status, 'scheduled')))
      .orderBy(asc(keyword.scheduledAt))
      .limit(1)
    if (
      chosen.status === 'scheduled' &&
      earliest &&
      earliest.id !== chosen.id &&
      earliest.scheduledAt &&
      chosen.scheduledAt &&
      earliest.scheduledAt < chosen.scheduledAt
    ) {
      await tx.update(keyword).set({ scheduledAt: earliest.scheduledAt }).where(eq(keyword.id, chosen.id))
      await tx.update(keyword).set({ scheduledAt: chosen.scheduledAt }).where(eq(keyword.id, earliest.id))
    }
  })
  return listClusters(db, businessId)
}

/**
 * Moves a keyword to another of the business's topics. A topic that loses its pillar gets its
 * most searched remaining keyword as the new one.
 */
export async function moveKeywordToCluster(db: Database, businessId: string, input: { keywordId: string; clusterId: string }) {
  const target = await clusterOf(db, businessId, input.clusterId)
  const row = await plannedKeyword(db, businessId, input.keywordId)
  if (row.clusterId === target.id) return listClusters(db, businessId)
  await db.transaction(async (tx) => {
    const from = row.clusterId
    await tx.update(keyword).set({ clusterId: target.id }).where(eq(keyword.id, row.id))
    if (row.longTailKeywordId) {
      if (from) {
        await tx
          .delete(keywordClusterMembership)
          .where(and(eq(keywordClusterMembership.clusterId, from), eq(keywordClusterMembership.longTailKeywordId, row.longTailKeywordId)))
      }
      await tx
        .insert(keywordClusterMembership)
        .values({ clusterId: target.id, longTailKeywordId: row.longTailKeywordId, contentType: 'supporting' })
        .onConflictDoNothing()
    }
    if (from) {
      const [fromCluster] = await tx.select().from(keywordCluster).where(eq(keywordCluster.id, from))
      if (fromCluster?.pillarKeyword === row.keyword) {
        const [next] = await tx
          .select()
          .from(keyword)
          .where(and(eq(keyword.businessId, businessId), eq(keyword.clusterId, from)))
          .orderBy(sql`${keyword.searchVolume} desc nulls last`, asc(keyword.keyword))
          .limit(1)
        await markPillar(tx, from, next)
      }
    }
    const counts = await tx
      .select({
        clusterId: keyword.clusterId,
        count: sql<number>`count(*)::int`,
        volume: sql<number>`coalesce(sum(${keyword.searchVolume}), 0)::int`,
      })
      .from(keyword)
      .where(and(eq(keyword.businessId, businessId), inArray(keyword.clusterId, [target.id, ...(from ? [from] : [])])))
      .groupBy(keyword.clusterId)
    for (const clusterId of [target.id, ...(from ? [from] : [])]) {
      const count = counts.find((item) => item.clusterId === clusterId)
      await tx
        .update(keywordCluster)
        .set({ keywordCount: count?.count ?? 0, totalVolume: count?.volume ?? 0 })
        .where(eq(keywordCluster.id, clusterId))
    }
  })
  return listClusters(db, businessId)
}
