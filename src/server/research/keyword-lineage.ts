import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { article, keyword, keywordCluster, keywordMerge, longTailKeyword, refinedSeed, researchRun, seedKeyword } from '~/server/db/schema'
import { PEOPLE_ALSO_ASK } from '~/shared/research'

// A planned keyword's way through research, for explainKeyword (research.service.ts): the rows it
// came from, each read within the business, and the path they make.

/** The metrics research stored on the long-tail row. */
export interface LongTailMetrics {
  searchVolume?: number | null
  difficulty?: number | null
  cpc?: number | null
  competition?: number | null
  intent?: string | null
  trends?: Array<{ year: number; month: number; searchVolume: number | null }>
  seedKeyword?: string | null
  type?: string | null
}

type KeywordRow = typeof keyword.$inferSelect

/** The long-tail row, refined seed, seed, topic and merged duplicates of a keyword, and whether it has an article. */
export async function keywordLineage(db: Database, businessId: string, row: KeywordRow) {
  const [longTail] = row.longTailKeywordId
    ? await db
        .select()
        .from(longTailKeyword)
        .where(and(eq(longTailKeyword.id, row.longTailKeywordId), eq(longTailKeyword.businessId, businessId)))
    : []
  const [refined] = longTail?.refinedSeedId
    ? await db
        .select()
        .from(refinedSeed)
        .where(and(eq(refinedSeed.id, longTail.refinedSeedId), eq(refinedSeed.businessId, businessId)))
    : []
  const seedId = (refined?.metadata as { seedKeywordId?: string } | null)?.seedKeywordId
  const [seed] = seedId
    ? await db
        .select()
        .from(seedKeyword)
        .where(and(eq(seedKeyword.id, seedId), eq(seedKeyword.businessId, businessId)))
    : []
  const [cluster] = row.clusterId
    ? await db
        .select()
        .from(keywordCluster)
        .where(and(eq(keywordCluster.id, row.clusterId), eq(keywordCluster.businessId, businessId)))
    : []
  const merged = await db
    .select({ keyword: keywordMerge.keyword, similarity: keywordMerge.similarity, reason: keywordMerge.reason, rule: keywordMerge.rule })
    .from(keywordMerge)
    .where(and(eq(keywordMerge.businessId, businessId), eq(keywordMerge.mergedIntoKeywordId, row.id)))
    .orderBy(desc(keywordMerge.similarity))
  const forSeed = await ownSeedOf(db, row)
  const metrics = (longTail?.metrics ?? {}) as LongTailMetrics
  const [written] = await db.select({ id: article.id }).from(article).where(eq(article.keywordId, row.id))
  return { longTail, refined, seed, cluster, merged, forSeed, metrics, written: Boolean(written) }
}

export type KeywordLineage = Awaited<ReturnType<typeof keywordLineage>>

/** The user's seed this keyword was planned for (research_run.outcome of the run that planned it), if any. */
async function ownSeedOf(db: Database, row: KeywordRow) {
  const runId = (row.metadata as { runId?: unknown } | null)?.runId
  if (typeof runId !== 'string') return undefined
  const [run] = await db
    .select({ outcome: researchRun.outcome })
    .from(researchRun)
    .where(and(eq(researchRun.id, runId), eq(researchRun.businessId, row.businessId)))
  return run?.outcome?.seeds.find((seed) => seed.keyword === row.keyword && (seed.fate === 'planned' || seed.fate === 'variant'))
}

/** The stages a keyword went through, one sentence each; none for a keyword research did not find. */
export function keywordPath(row: KeywordRow, lineage: KeywordLineage): Array<{ stage: string; text: string }> {
  const { longTail, refined, seed, cluster, merged, forSeed, metrics } = lineage
  if (!longTail) return []
  return [
    ...(seed ? [{ stage: 'seeds', text: `Seed “${seed.keyword}” from ${seed.source.replace('_', ' ')}` }] : []),
    ...(refined
      ? [
          {
            stage: 'refine',
            text: `Refined seed “${refined.keyword}” (priority ${refined.priority}, relevance ${refined.relevance})`,
          },
        ]
      : []),
    {
      stage: 'expand',
      text:
        metrics.type === PEOPLE_ALSO_ASK
          ? `Asked under “People also ask” on the Google results page of “${metrics.seedKeyword ?? refined?.keyword ?? row.keyword}”`
          : `Found as a ${metrics.type ?? 'keyword'} of “${metrics.seedKeyword ?? refined?.keyword ?? row.keyword}”`,
    },
    { stage: 'score', text: `Scored ${longTail.finalScore}` },
    {
      stage: 'guard',
      text: [
        forSeed
          ? forSeed.fate === 'planned'
            ? `Planned because it is one of your seeds`
            : `Planned for your seed “${forSeed.seed}”, as its best long-tail variant`
          : '',
        merged.length > 0
          ? `${merged.length} ${merged.length === 1 ? 'duplicate' : 'duplicates'} merged into it (the same search in other words)`
          : 'No duplicate of your other keywords',
      ]
        .filter(Boolean)
        .join('; '),
    },
    ...(cluster ? [{ stage: 'cluster', text: `Grouped into “${cluster.label}”` }] : []),
    { stage: 'plan', text: row.scheduledAt ? `Scheduled for ${row.scheduledAt.toISOString().slice(0, 10)}` : 'Planned' },
  ]
}
