import { eq, sql } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { keyword, keywordCluster, keywordClusterMembership, longTailKeyword, type business } from '~/server/db/schema'
import { findUserPlan } from '~/server/access/plan-access'
import type { Providers } from '~/server/providers'
import { cosineSimilarity } from '~/server/providers/embeddings/vectors'
import { compared, findDuplicate } from './duplicates'
import { plannedArticleType } from '~/shared/articles/article-types'
import { SEARCH_INTENTS, type SearchIntent } from '~/shared/keywords'
import { CLUSTER_DISTANCE_THRESHOLD, finalScore, opportunityScore, relevanceScore, trendScore } from '~/shared/research'
import { embedTexts, exclusionsOf, profileText } from './context'
import { createLedger } from '~/server/providers/cost-ledger'
import { keywordMarket } from '~/server/providers/dataforseo/market'
import { hasNegativeTerm, isUsableKeyword, normalizeKeyword, titleCase, variantKey } from './normalize'
import { publishingDays } from './plan-stages'
import { monthToPlan } from './research.service'

/** Keywords a user may paste at once. */
export const MAX_MANUAL_KEYWORDS = 50

export interface SkippedKeyword {
  keyword: string
  reason: string
}

const nextMonth = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, index, 1))
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
}

/**
 * Keywords the user adds by hand, treated like research's own: measured (volume, difficulty,
 * intent, trend), scored, checked against the plan (one too close to a planned keyword would
 * compete with it and is not added), put in the nearest topic (or a new one), and scheduled on
 * the least busy days left in the month the plan is filling, the next month when that one is full.
 */
export async function addManualKeywords(
  db: Database,
  providers: Providers,
  owner: typeof business.$inferSelect,
  texts: readonly string[],
  now = new Date(),
): Promise<{ added: AddedKeyword[]; skipped: SkippedKeyword[] }> {
  const skipped: SkippedKeyword[] = []
  const wanted = wantedKeywords(texts, skipped)
  const existing = await db
    .select({
      id: keyword.id,
      keyword: keyword.keyword,
      assignedMonth: keyword.assignedMonth,
      scheduledAt: keyword.scheduledAt,
      status: keyword.status,
    })
    .from(keyword)
    .where(eq(keyword.businessId, owner.id))
  const existingKeys = new Map(existing.map((row) => [variantKey(row.keyword), row.keyword]))
  const { negativeTerms, excluded } = await exclusionsOf(db, owner)
  const candidates: string[] = []
  for (const [key, text] of wanted) {
    const same = existingKeys.get(key)
    if (same) skipped.push({ keyword: text, reason: `already in your plan as “${same}”` })
    else if (excluded.has(key)) skipped.push({ keyword: text, reason: 'you excluded it from your plan' })
    else if (hasNegativeTerm(text, negativeTerms))
      skipped.push({ keyword: text, reason: 'it contains one of your negative keywords (Settings)' })
    else candidates.push(text)
  }
  if (candidates.length === 0) return { added: [], skipped }

  const ledger = createLedger()
  const measured = await measureKeywords(providers, owner, candidates)
  const context = { db, providers, ledger }
  const [profileVector, ...vectors] = await embedTexts(context, [profileText(owner), ...candidates])
  const existingVectors = await embedTexts(
    context,
    existing.map((row) => row.keyword),
  )
  const clusters = await db.select().from(keywordCluster).where(eq(keywordCluster.businessId, owner.id))

  // The same search as a keyword the business has, or one added just before (duplicates.ts).
  const taken = existing.map((row, i) => compared(row.keyword, existingVectors[i]!))
  const accepted: ManualKeyword[] = []
  for (const [index, text] of candidates.entries()) {
    const vector = vectors[index]!
    const clash = findDuplicate(compared(text, vector), taken)
    if (clash) {
      skipped.push({
        keyword: text,
        reason: `too close to “${taken[clash.index]!.keyword}” (${Math.round(clash.similarity * 100)}% similar): two articles would compete for the same search`,
      })
      continue
    }
    accepted.push({ text, vector })
    taken.push(compared(text, vector))
  }
  if (accepted.length === 0) return { added: [], skipped }

  const slots = await scheduleSlots(db, owner, existing, accepted.length, now)
  const added: AddedKeyword[] = []
  await db.transaction(async (tx) => {
    for (const [index, item] of accepted.entries()) {
      const row = await insertManualKeyword(tx, { owner, item, slot: slots[index]!, measured, profileVector: profileVector!, clusters })
      if (row) added.push(row)
      else skipped.push({ keyword: item.text, reason: 'already in your plan' })
    }
    for (const cluster of new Set(added.map((item) => item.cluster))) {
      await tx.execute(sql`
        update ${keywordCluster} c set keyword_count = k.count, total_volume = k.volume
        from (select count(*)::int as count, coalesce(sum(search_volume), 0)::int as volume from ${keyword}
              where business_id = ${owner.id} and cluster_id = (select id from ${keywordCluster} where business_id = ${owner.id} and label = ${cluster})) k
        where c.business_id = ${owner.id} and c.label = ${cluster}`)
    }
  })
  return { added, skipped }
}

interface AddedKeyword {
  id: string
  keyword: string
  scheduledAt: Date
  cluster: string
}

interface ManualKeyword {
  text: string
  vector: number[]
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Owner = typeof business.$inferSelect
type Measured = Awaited<ReturnType<typeof measureKeywords>>
type Cluster = typeof keywordCluster.$inferSelect

/** The pasted texts as keywords, one per variant; what is not a search keyword is skipped with its reason. */
function wantedKeywords(texts: readonly string[], skipped: SkippedKeyword[]): Map<string, string> {
  const wanted = new Map<string, string>()
  for (const text of texts) {
    const keywordText = normalizeKeyword(text)
    if (!isUsableKeyword(keywordText)) {
      if (text.trim()) skipped.push({ keyword: text.trim(), reason: 'not a search keyword (letters, at most 80 characters and 10 words)' })
      continue
    }
    const key = variantKey(keywordText)
    if (!wanted.has(key)) wanted.set(key, keywordText)
  }
  return wanted
}

/** Search volume, difficulty and intent of the candidates in the business's market, by keyword. */
async function measureKeywords(providers: Providers, owner: Owner, candidates: string[]) {
  const market = keywordMarket(owner)
  const [volumes, difficulties, intents] = await Promise.all([
    providers.keywordData.searchVolume(candidates, market),
    providers.keywordData.keywordDifficulty(candidates, market),
    providers.keywordData.searchIntent(candidates, market),
  ])
  const byKeyword = <T extends { keyword: string }>(items: T[]) => new Map(items.map((item) => [normalizeKeyword(item.keyword), item]))
  return { volumeOf: byKeyword(volumes.data), difficultyOf: byKeyword(difficulties.data), intentOf: byKeyword(intents.data) }
}

/**
 * A day for each of `count` keywords: the least busy publishing day of the month being filled,
 * this one (or next when this one is nearly over), then the one after once the plan's monthly
 * articles are taken.
 */
async function scheduleSlots(
  db: Database,
  owner: Owner,
  existing: Array<{ assignedMonth: string | null; scheduledAt: Date | null; status: string }>,
  count: number,
  now: Date,
): Promise<Array<{ month: string; at: Date }>> {
  const plan = await findUserPlan(db, owner.userId)
  const capacity = plan?.articlesPerMonth ?? 0
  let month = monthToPlan(now, 'manual')
  const load = new Map<string, number>()
  for (const row of existing) {
    if (row.scheduledAt && row.status !== 'archived') {
      const day = row.scheduledAt.toISOString().slice(0, 10)
      load.set(day, (load.get(day) ?? 0) + 1)
    }
  }
  const plannedIn = (target: string) => existing.filter((row) => row.assignedMonth === target && row.status !== 'archived').length
  let used = plannedIn(month)
  const slots: Array<{ month: string; at: Date }> = []
  for (let i = 0; i < count; i++) {
    if (capacity > 0 && used >= capacity) {
      month = nextMonth(month)
      used = plannedIn(month)
    }
    const days = publishingDays(month, now)
    const day = days.reduce((best, candidate) =>
      (load.get(candidate.toISOString().slice(0, 10)) ?? 0) < (load.get(best.toISOString().slice(0, 10)) ?? 0) ? candidate : best,
    )
    load.set(day.toISOString().slice(0, 10), (load.get(day.toISOString().slice(0, 10)) ?? 0) + 1)
    slots.push({ month, at: day })
    used++
  }
  return slots
}

/**
 * Writes one accepted keyword: its scored long-tail row, its topic membership and its planned
 * keyword. Undefined when a keyword of that text was planned meanwhile.
 */
async function insertManualKeyword(
  tx: Tx,
  {
    owner,
    item,
    slot,
    measured,
    profileVector,
    clusters,
  }: {
    owner: Owner
    item: ManualKeyword
    slot: { month: string; at: Date }
    measured: Measured
    profileVector: number[]
    clusters: Cluster[]
  },
): Promise<AddedKeyword | undefined> {
  const volume = measured.volumeOf.get(item.text)
  const difficulty = measured.difficultyOf.get(item.text)?.difficulty ?? null
  const intent = measured.intentOf.get(item.text)?.intent ?? null
  const monthly = [...(volume?.monthlySearches ?? [])].sort((a, b) => a.year - b.year || a.month - b.month)
  const scores = {
    relevance: relevanceScore(cosineSimilarity(item.vector, profileVector)),
    opportunity: opportunityScore(volume?.searchVolume ?? null, difficulty),
    trend: trendScore(monthly.map((point) => point.searchVolume)),
  }
  const final = finalScore(scores)
  const [longTail] = await tx
    .insert(longTailKeyword)
    .values({
      businessId: owner.id,
      keyword: item.text,
      metrics: {
        searchVolume: volume?.searchVolume ?? null,
        difficulty,
        cpc: volume?.cpc ?? null,
        competition: volume?.competitionIndex === null || volume?.competitionIndex === undefined ? null : volume.competitionIndex / 100,
        intent,
        trends: monthly,
        seedKeyword: null,
        type: 'manual',
      },
      relevanceScore: scores.relevance,
      opportunityScore: scores.opportunity,
      trendScore: scores.trend,
      finalScore: final,
      source: 'manual',
      sourceStage: 'manual',
      isSelected: true,
    })
    .onConflictDoUpdate({
      target: [longTailKeyword.businessId, longTailKeyword.keyword],
      set: { isSelected: true, source: 'manual', sourceStage: 'manual', updatedAt: sql`now()` },
    })
    .returning()

  // The nearest topic when it is close enough to belong, else a topic of its own.
  const nearest = clusters
    .filter((cluster) => cluster.centroid && cluster.centroid.length === item.vector.length)
    .map((cluster) => ({ cluster, similarity: cosineSimilarity(item.vector, cluster.centroid!) }))
    .sort((a, b) => b.similarity - a.similarity)[0]
  let cluster = nearest && 1 - nearest.similarity < CLUSTER_DISTANCE_THRESHOLD ? nearest.cluster : undefined
  if (!cluster) {
    const label = uniqueLabel(titleCase(item.text).slice(0, 60), clusters)
    ;[cluster] = await tx
      .insert(keywordCluster)
      .values({
        businessId: owner.id,
        label,
        description: `Added by you: ${item.text}.`,
        totalVolume: volume?.searchVolume ?? 0,
        avgDifficulty: difficulty,
        keywordCount: 1,
        centroid: item.vector,
        clusteringMethod: 'manual',
        pillarKeyword: item.text,
        pillarSearchVolume: volume?.searchVolume ?? null,
        pillarDifficulty: difficulty,
        finalScore: final,
        priority: clusters.length + 1,
      })
      .returning()
    clusters.push(cluster!)
  }
  const isPillar = cluster!.pillarKeyword === item.text
  await tx
    .insert(keywordClusterMembership)
    .values({
      clusterId: cluster!.id,
      longTailKeywordId: longTail!.id,
      similarityScore: nearest?.cluster.id === cluster!.id ? Math.round(nearest.similarity * 1000) / 1000 : 1,
      isPillar,
      contentType: isPillar ? 'pillar' : 'supporting',
    })
    .onConflictDoNothing()
  const intentValue: SearchIntent | '' = SEARCH_INTENTS.includes(intent as SearchIntent) ? (intent as SearchIntent) : ''
  const [row] = await tx
    .insert(keyword)
    .values({
      businessId: owner.id,
      keyword: item.text,
      longTailKeywordId: longTail!.id,
      clusterId: cluster!.id,
      source: 'manual',
      status: 'scheduled',
      scheduledAt: slot.at,
      assignedMonth: slot.month,
      searchVolume: volume?.searchVolume ?? null,
      difficulty: difficulty === null ? null : Math.round(difficulty),
      searchIntent: intentValue,
      ...plannedArticleType(item.text, intentValue),
      priority: Math.max(0, Math.min(100, Math.round(final))),
      metadata: { addedBy: 'user' },
    })
    .onConflictDoNothing({ target: [keyword.businessId, keyword.keyword] })
    .returning({ id: keyword.id })
  return row ? { id: row.id, keyword: item.text, scheduledAt: slot.at, cluster: cluster!.label } : undefined
}

function uniqueLabel(label: string, clusters: Array<{ label: string }>): string {
  const taken = new Set(clusters.map((cluster) => cluster.label.toLowerCase()))
  if (!taken.has(label.toLowerCase())) return label
  for (let n = 2; ; n++) if (!taken.has(`${label} ${n}`.toLowerCase())) return `${label} ${n}`
}
