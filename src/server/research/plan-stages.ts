import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { contentSeries, keyword, keywordCluster, keywordClusterMembership, keywordMerge, longTailKeyword } from '~/server/db/schema'
import { SERP_DEPTH } from '~/server/articles/sources'
import { logger } from '~/server/logger'
import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import { ProviderError } from '~/server/providers/http'
import { plannedArticleType } from '~/shared/articles/article-types'
import { SEARCH_INTENTS, type SearchIntent } from '~/shared/keywords'
import { CLUSTER_DISTANCE_THRESHOLD } from '~/shared/research'
import { centerVectors, clusterByCosine, serpOverlapMustLinks } from './clustering'
import { cachedLlmObject, embedTexts, mapLimit, type Checkpoint, type RunContext } from './context'
import { titleCase } from './normalize'
import { DAY_MS } from '~/shared/time'

/** Topic names asked of the LLM at once. */
export const LABEL_CONCURRENCY = 4
/** Articles are scheduled at this hour (UTC) of their day. */
const PUBLISH_HOUR_UTC = 9

type LongTailRow = typeof longTailKeyword.$inferSelect

const volumeOf = (row: LongTailRow) => Number((row.metrics as { searchVolume?: number | null } | null)?.searchVolume ?? 0)
const difficultyOf = (row: LongTailRow) => (row.metrics as { difficulty?: number | null } | null)?.difficulty ?? null

const round3 = (value: number) => Math.round(value * 1000) / 1000

const labelSchema = z.object({
  label: z.string().describe('A topic name of 2 to 4 words for the whole group, in title case.'),
  description: z.string().describe('One sentence: what a reader of this topic wants to know.'),
})

/** Results pages read at once for the SERP overlap. */
const SERP_CONCURRENCY = 4
/** Keywords sharing at least this many of their top-10 result URLs answer one search need. */
export const SERP_OVERLAP_MIN_SHARED = 3

/** A result URL as the overlap compares it: no scheme, no "www.", no fragment, no trailing slash. */
export function serpUrlKey(url: string): string {
  try {
    const parsed = new URL(url)
    const path = `${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`
    return `${parsed.hostname.toLowerCase().replace(/^www\./, '')}${path}`
  } catch {
    return url.trim().toLowerCase()
  }
}

/**
 * Must-link pairs from SERP overlap (docs/product/pipeline.md, step f): each keyword's top-10 organic
 * URLs, read through the keyword cache at the depth article writing reads (SERP_DEPTH), so an
 * article written later pays for no page this read; each read's cost or cache hit goes to the
 * run's ledger. A keyword whose results cannot be read joins no pair (logged), rather than failing
 * the clustering.
 */
export async function serpOverlapLinks(
  context: Pick<RunContext, 'providers' | 'market' | 'ledger' | 'signal'>,
  keywords: readonly string[],
): Promise<Array<[number, number]>> {
  const { keywordData } = context.providers
  const urls = await mapLimit(keywords, SERP_CONCURRENCY, async (keyword) => {
    context.signal.throwIfAborted()
    try {
      const serp = await keywordData.organicSerp(keyword, { ...context.market, depth: SERP_DEPTH })
      if (serp.fromCache) context.ledger.cached('dataforseo', 1)
      else context.ledger.paid('dataforseo', 1, serp.cost)
      return serp.data.organic.slice(0, 10).map((result) => serpUrlKey(result.url))
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      logger.warn(`research: no results page for "${keyword}" (${error.message}); it is clustered by meaning only`)
      return null
    }
  })
  return serpOverlapMustLinks(urls, { minShared: SERP_OVERLAP_MIN_SHARED, top: 10 })
}

/**
 * f. Clusters: the selected keywords grouped by meaning (agglomerative, average linkage, cosine
 * distance below the embedder's threshold: CLUSTER_DISTANCE_THRESHOLD for neural models, the local
 * embedder's own otherwise). With live keyword data, keywords sharing ≥ 3 of their top-10 result
 * URLs then join one cluster (serpOverlapLinks). The pillar is the most searched; the LLM names
 * the topic. A topic a previous run already has (same label) grows instead of repeating.
 */
export async function clusterSelected(context: RunContext, checkpoint: Checkpoint): Promise<number> {
  const { db, business, runId } = context
  const selected = await db
    .select()
    .from(longTailKeyword)
    .where(and(eq(longTailKeyword.businessId, business.id), eq(longTailKeyword.researchRunId, runId), eq(longTailKeyword.isSelected, true)))
    .orderBy(desc(longTailKeyword.finalScore), longTailKeyword.keyword)
  if (selected.length === 0) {
    await db.transaction((tx) => checkpoint(tx, 'cluster', 0))
    return 0
  }
  const vectors = await embedTexts(
    context,
    selected.map((row) => row.keyword),
  )
  const threshold = context.providers.embeddings.clusterDistanceThreshold ?? CLUSTER_DISTANCE_THRESHOLD
  const mustLink = context.providers.keywordData.live
    ? await serpOverlapLinks(
        context,
        selected.map((row) => row.keyword),
      )
    : []
  const { labels } = clusterByCosine(context.providers.embeddings.centerBeforeClustering ? centerVectors(vectors) : vectors, {
    distanceThreshold: threshold,
    mustLink,
  })
  const groups = new Map<number, number[]>()
  labels.forEach((label, index) => groups.set(label, [...(groups.get(label) ?? []), index]))
  context.report('cluster', 0.3, `${groups.size} topics among ${selected.length} keywords`)

  const existingLabels = new Set(
    (await db.select({ label: keywordCluster.label }).from(keywordCluster).where(eq(keywordCluster.businessId, business.id))).map((row) =>
      row.label.toLowerCase(),
    ),
  )
  const usedThisRun = new Set<string>()
  const clusters: Array<{ label: string; description: string; members: number[]; pillar: number; centroid: number[] }> = []
  const named_ = await nameTopics(context, selected, [...groups.values()])
  for (const { members, pillar, object } of named_) {
    let label = object.label.trim().replace(/\s+/g, ' ').slice(0, 60) || titleCase(selected[pillar]!.keyword)
    // Two topics of one run never share a name; a name a previous run used joins that topic.
    if (usedThisRun.has(label.toLowerCase())) label = titleCase(selected[pillar]!.keyword).slice(0, 60)
    usedThisRun.add(label.toLowerCase())
    clusters.push({ label, description: object.description.trim(), members, pillar, centroid: centroidOf(members.map((i) => vectors[i]!)) })
  }

  await db.transaction(async (tx) => {
    for (const [rank, cluster] of clusters.entries()) {
      const rows = cluster.members.map((index) => selected[index]!)
      const pillarRow = selected[cluster.pillar]!
      const values = clusterValues(rows, pillarRow, cluster, rank)
      const [saved] = await tx
        .insert(keywordCluster)
        .values({ businessId: business.id, label: cluster.label, ...values })
        .onConflictDoUpdate({ target: [keywordCluster.businessId, keywordCluster.label], set: { ...values, updatedAt: sql`now()` } })
        .returning({ id: keywordCluster.id })
      await tx
        .insert(keywordClusterMembership)
        .values(
          cluster.members.map((index) => ({
            clusterId: saved!.id,
            longTailKeywordId: selected[index]!.id,
            similarityScore: round3(cosineSimilarity(vectors[index]!, cluster.centroid)),
            isCore: cosineSimilarity(vectors[index]!, cluster.centroid) >= 1 - threshold / 2,
            isPillar: index === cluster.pillar,
            contentType: index === cluster.pillar ? 'pillar' : 'supporting',
          })),
        )
        .onConflictDoNothing()
    }
    await checkpoint(tx, 'cluster', clusters.length)
  })
  if (existingLabels.size > 0) context.report('cluster', 1, `${clusters.length} topics`)
  return clusters.length
}

/** The LLM's name and description of each group of keywords, with its pillar (the most searched). */
async function nameTopics(context: RunContext, selected: LongTailRow[], groups: number[][]) {
  const { business } = context
  let named = 0
  // Topics are named 4 at a time (the LLM answers calls in parallel); names are settled in order.
  return mapLimit(groups, LABEL_CONCURRENCY, async (members) => {
    context.signal.throwIfAborted()
    const pillar = members.reduce((best, index) =>
      volumeOf(selected[index]!) > volumeOf(selected[best]!) ||
      (volumeOf(selected[index]!) === volumeOf(selected[best]!) && selected[index]!.finalScore > selected[best]!.finalScore)
        ? index
        : best,
    )
    const keywords = members.map((index) => selected[index]!.keyword)
    const object = await cachedLlmObject(context, {
      schema: labelSchema,
      schemaName: 'topic_label',
      system: `You name topics for a content plan in ${business.language}. Use the words of the keywords; no marketing language.`,
      prompt: `Keywords of one topic, most searched first:\n${[
        selected[pillar]!.keyword,
        ...keywords.filter((k) => k !== selected[pillar]!.keyword),
      ]
        .map((k) => `- ${k}`)
        .join('\n')}`,
    })
    named++
    context.report('cluster', 0.3 + (0.6 * named) / groups.length, `Named ${named} of ${groups.length} topics`)
    return { members, pillar, object }
  })
}

/** A topic's row: its keywords' totals and averages, its pillar, its rank. */
function clusterValues(rows: LongTailRow[], pillarRow: LongTailRow, cluster: { description: string; centroid: number[] }, rank: number) {
  const average = (values: Array<number | null>) => {
    const known = values.filter((value): value is number => value !== null && Number.isFinite(value))
    return known.length === 0 ? null : Math.round((known.reduce((sum, value) => sum + value, 0) / known.length) * 10) / 10
  }
  const metric = (row: LongTailRow, key: string) => {
    const value = (row.metrics as Record<string, unknown> | null)?.[key]
    return typeof value === 'number' ? value : null
  }
  return {
    description: cluster.description || null,
    totalVolume: rows.reduce((sum, row) => sum + volumeOf(row), 0),
    avgDifficulty: average(rows.map((row) => difficultyOf(row))),
    avgCompetition: average(rows.map((row) => metric(row, 'competition'))),
    avgCpc: average(rows.map((row) => metric(row, 'cpc'))),
    opportunityScore: average(rows.map((row) => row.opportunityScore)),
    relevanceScore: average(rows.map((row) => row.relevanceScore)),
    finalScore: average(rows.map((row) => row.finalScore)),
    keywordCount: rows.length,
    centroid: cluster.centroid,
    pillarKeyword: pillarRow.keyword,
    pillarSearchVolume: volumeOf(pillarRow),
    pillarDifficulty: difficultyOf(pillarRow),
    priority: rank + 1,
  }
}

function centroidOf(vectors: number[][]): number[] {
  const dimensions = vectors[0]?.length ?? 0
  const sum = new Array<number>(dimensions).fill(0)
  for (const vector of vectors) for (let d = 0; d < dimensions; d++) sum[d]! += vector[d]!
  const norm = Math.hypot(...sum) || 1
  return sum.map((value) => Math.round((value / norm) * 1e6) / 1e6)
}

interface PlannedKeyword {
  row: LongTailRow
  clusterId: string
  isPillar: boolean
  scheduledAt: Date
}

/** This run's selected keywords with their clusters, in publishing order, each with its date. */
async function scheduleOfRun(context: RunContext): Promise<PlannedKeyword[]> {
  const { db, business, runId, month } = context
  const members = await db
    .select({
      row: longTailKeyword,
      clusterId: keywordClusterMembership.clusterId,
      isPillar: keywordClusterMembership.isPillar,
      clusterScore: keywordCluster.finalScore,
    })
    .from(longTailKeyword)
    .innerJoin(keywordClusterMembership, eq(keywordClusterMembership.longTailKeywordId, longTailKeyword.id))
    .innerJoin(keywordCluster, eq(keywordCluster.id, keywordClusterMembership.clusterId))
    .where(and(eq(longTailKeyword.businessId, business.id), eq(longTailKeyword.researchRunId, runId), eq(longTailKeyword.isSelected, true)))
  const byCluster = new Map<string, typeof members>()
  for (const member of members) byCluster.set(member.clusterId, [...(byCluster.get(member.clusterId) ?? []), member])
  const queues = [...byCluster.values()]
    .sort((a, b) => (b[0]!.clusterScore ?? 0) - (a[0]!.clusterScore ?? 0))
    .map((group) => group.sort((a, b) => Number(b.isPillar) - Number(a.isPillar) || b.row.finalScore - a.row.finalScore))
  // Round robin over the topics: every pillar comes before its own supporting keywords, and the
  // month mixes topics rather than running one at a time.
  const order: typeof members = []
  for (let round = 0; order.length < members.length; round++) {
    for (const queue of queues) if (queue[round]) order.push(queue[round]!)
  }
  const days = publishingDays(month, context.planningDate)
  return order.map((member, index) => {
    const day = days[Math.floor((index * days.length) / order.length)]!
    return { row: member.row, clusterId: member.clusterId, isPillar: member.isPillar, scheduledAt: day }
  })
}

/** The days left in `month` from tomorrow on (all of it when it lies ahead), at the publishing hour. */
export function publishingDays(month: string, now: Date): Date[] {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate()
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  const days: Date[] = []
  for (let day = 1; day <= last; day++) {
    const date = new Date(Date.UTC(year, monthIndex - 1, day, PUBLISH_HOUR_UTC))
    if (date >= tomorrow) days.push(date)
  }
  return days.length > 0 ? days : [new Date(Date.UTC(year, monthIndex - 1, last, PUBLISH_HOUR_UTC))]
}

/** g. Content series: one per topic, with its pillar, article count, weeks, start and end dates. */
export async function planSeries(context: RunContext, checkpoint: Checkpoint): Promise<number> {
  const { db, business } = context
  const schedule = await scheduleOfRun(context)
  const byCluster = new Map<string, PlannedKeyword[]>()
  for (const item of schedule) byCluster.set(item.clusterId, [...(byCluster.get(item.clusterId) ?? []), item])
  const clusters = byCluster.size
    ? await db
        .select()
        .from(keywordCluster)
        .where(inArray(keywordCluster.id, [...byCluster.keys()]))
    : []
  await db.transaction(async (tx) => {
    for (const cluster of clusters) {
      const items = byCluster.get(cluster.id)!
      const start = items[0]!.scheduledAt
      const end = items[items.length - 1]!.scheduledAt
      const values = {
        title: cluster.label,
        description: cluster.description,
        pillarTitle: titleCase(cluster.pillarKeyword ?? items[0]!.row.keyword),
        pillarKeyword: cluster.pillarKeyword,
        estimatedArticles: items.length,
        priority: cluster.priority,
        estimatedCompletionWeeks: Math.max(1, Math.ceil((end.getTime() - start.getTime()) / (7 * DAY_MS))),
        scheduledStartDate: start,
        targetCompletionDate: end,
        metadata: { runId: context.runId, month: context.month },
      }
      await tx
        .insert(contentSeries)
        .values({ businessId: business.id, clusterId: cluster.id, ...values })
        .onConflictDoUpdate({ target: [contentSeries.businessId, contentSeries.clusterId], set: { ...values, updatedAt: sql`now()` } })
    }
    await checkpoint(tx, 'series', clusters.length)
  })
  return clusters.length
}

/**
 * h. The plan: each selected keyword becomes a `keyword` row, scheduled on its day of the month,
 * linked to its long-tail row and topic. A keyword the business already has is left as it is.
 */
export async function planKeywords(context: RunContext, checkpoint: Checkpoint): Promise<number> {
  const { db, business, runId, month } = context
  const schedule = await scheduleOfRun(context)
  let planned = 0
  await db.transaction(async (tx) => {
    if (schedule.length > 0) {
      const inserted = await tx
        .insert(keyword)
        .values(
          schedule.map((item) => {
            const metrics = (item.row.metrics ?? {}) as { searchVolume?: number | null; difficulty?: number | null; intent?: string | null }
            const intent: SearchIntent | '' = SEARCH_INTENTS.includes(metrics.intent as SearchIntent)
              ? (metrics.intent as SearchIntent)
              : ''
            return {
              businessId: business.id,
              keyword: item.row.keyword,
              longTailKeywordId: item.row.id,
              clusterId: item.clusterId,
              source: item.row.source,
              status: 'scheduled' as const,
              scheduledAt: item.scheduledAt,
              assignedMonth: month,
              searchVolume: metrics.searchVolume ?? null,
              difficulty: metrics.difficulty === null || metrics.difficulty === undefined ? null : Math.round(metrics.difficulty),
              searchIntent: intent,
              ...plannedArticleType(item.row.keyword, intent),
              priority: Math.max(0, Math.min(100, Math.round(item.row.finalScore))),
              metadata: { runId, isPillar: item.isPillar },
            }
          }),
        )
        .onConflictDoNothing({ target: [keyword.businessId, keyword.keyword] })
        .returning({ id: keyword.id, keyword: keyword.keyword })
      planned = inserted.length
      // Candidates merged into a keyword of this same run now point at its row.
      await tx.execute(sql`
        update ${keywordMerge} m set merged_into_keyword_id = k.id
        from ${keyword} k
        where m.research_run_id = ${runId} and m.reason = 'this_run' and m.merged_into_keyword_id is null
          and k.business_id = m.business_id and k.keyword = m.merged_into`)
    }
    await checkpoint(tx, 'plan', planned)
  })
  return planned
}
