/**
 * Keyword research's rules that users see (docs/product/pipeline.md §3): the stages of a run, how
 * a keyword is scored, and the thresholds of the cannibalisation guard and the clustering. The
 * server computes with these and the Keywords screen shows them, so they are written once, here.
 */

export const RESEARCH_STAGES = [
  { id: 'seeds', label: 'Collecting seeds' },
  { id: 'refine', label: 'Refining seeds' },
  { id: 'expand', label: 'Expanding keywords' },
  { id: 'score', label: 'Scoring the long tail' },
  { id: 'guard', label: 'Checking for overlap with your articles' },
  { id: 'cluster', label: 'Grouping into topic clusters' },
  { id: 'series', label: 'Planning content series' },
  { id: 'plan', label: 'Scheduling the month' },
] as const

export type ResearchStage = (typeof RESEARCH_STAGES)[number]['id']

export const RESEARCH_STAGE_IDS = RESEARCH_STAGES.map((stage) => stage.id) as ResearchStage[]

export const researchStageLabel = (stage: string) => RESEARCH_STAGES.find((candidate) => candidate.id === stage)?.label ?? stage

/** Where a seed (and so the keywords grown from it) came from. */
export const SEED_SOURCES = ['profile', 'service', 'competitor', 'search_console'] as const
export type SeedSource = (typeof SEED_SOURCES)[number]

/**
 * A candidate's own source when it is not grown from a seed's keyword data: the questions Google
 * shows under "people also ask" on the results page of one of the user's own seeds.
 */
export const PEOPLE_ALSO_ASK = 'people_also_ask'

/**
 * Every value of keyword.source: a seed source, `people_also_ask` for those questions, or `manual`
 * for keywords the user added.
 */
export const KEYWORD_SOURCES = [...SEED_SOURCES, PEOPLE_ALSO_ASK, 'manual'] as const
export type KeywordSource = (typeof KEYWORD_SOURCES)[number]

export const KEYWORD_SOURCE_LABELS: Record<KeywordSource, string> = {
  profile: 'Business profile',
  service: 'Services and products',
  competitor: 'Competitor',
  search_console: 'Search Console',
  people_also_ask: 'People also ask',
  manual: 'Added by you',
}

/** The final score's weights; they add up to 1. */
export const SCORE_WEIGHTS = { relevance: 0.45, opportunity: 0.4, trend: 0.15 } as const

/** The scores as users read them next to each keyword. */
export const SCORE_FORMULA = {
  relevance: 'Relevance = 100 × cosine similarity of the keyword’s embedding to your business profile’s (0 when negative).',
  opportunity:
    'Opportunity = volume score × (100 − difficulty) / 100, where volume score = 20 × log10(1 + monthly searches), at most 100 (100,000 searches).',
  trend: 'Trend = 50 + 50 × the yearly change of the 12-month series (least-squares slope × 12 ÷ average), kept between 0 and 100.',
  final: `Final = ${SCORE_WEIGHTS.relevance} × relevance + ${SCORE_WEIGHTS.opportunity} × opportunity + ${SCORE_WEIGHTS.trend} × trend.`,
} as const

/**
 * The embeddings' half of the cannibalisation guard: a candidate this close in meaning to a
 * planned, written or ranking keyword is merged into it only when their words agree too
 * (src/server/research/duplicates.ts).
 */
export const CANNIBALISATION_SIMILARITY = 0.9

/**
 * Keywords closer than this cosine distance (average linkage) share a topic cluster: each cluster's members have a mean cosine similarity
 * of at least 0.7 with the rest of it. Embedding models such as nomic-embed-text v1.5 have a high
 * baseline: short queries on unrelated subjects typically still score around 0.4–0.6, and phrasings
 * of one topic ("crm for small business", "crm software for startups") above ~0.75, so 0.7 falls
 * between the two: a pillar with its supporting keywords, without chaining neighbouring topics
 * together. Lower it for tighter, article-level groups. `npm run bench -- clustering --input FILE.csv`
 * prints the agreement with hand-labelled keywords over a range of thresholds, to calibrate it for
 * another model.
 */
export const CLUSTER_DISTANCE_THRESHOLD = 0.3

/** Below this relevance a keyword is not planned however much it is searched: it is not about the business. */
export const MIN_PLANNED_RELEVANCE = 40

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))
const round1 = (value: number) => Math.round(value * 10) / 10

export function relevanceScore(cosine: number): number {
  return round1(clamp(cosine, 0, 1) * 100)
}

export function volumeScore(searchVolume: number | null): number {
  return clamp(20 * Math.log10(1 + Math.max(0, searchVolume ?? 0)), 0, 100)
}

/** Unknown difficulty counts as medium (50). */
export function opportunityScore(searchVolume: number | null, difficulty: number | null): number {
  return round1((volumeScore(searchVolume) * (100 - clamp(difficulty ?? 50, 0, 100))) / 100)
}

/** `series` oldest first; gaps (null) are skipped. Flat, short or empty series score 50. */
export function trendScore(series: Array<number | null>): number {
  const points = series.flatMap((value, index) => (value === null || !Number.isFinite(value) ? [] : [[index, value] as const]))
  if (points.length < 3) return 50
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length
  if (meanY <= 0) return 50
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0)
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0)
  const slope = variance === 0 ? 0 : covariance / variance
  return round1(50 + 50 * clamp((slope * 12) / meanY, -1, 1))
}

export function finalScore(scores: { relevance: number; opportunity: number; trend: number }): number {
  return round1(
    SCORE_WEIGHTS.relevance * scores.relevance + SCORE_WEIGHTS.opportunity * scores.opportunity + SCORE_WEIGHTS.trend * scores.trend,
  )
}

/**
 * Why a run planned fewer keywords than the month has room for: the market has too few searches
 * for its seeds, too few of those found are about the business, or the rest were duplicates of
 * keywords it has. Each names its own next step (src/features/research/research-outcome.ts).
 */
export const RESEARCH_LIMITS = ['market', 'relevance', 'duplicates'] as const
export type ResearchLimit = (typeof RESEARCH_LIMITS)[number]

/**
 * What became of one of the user's own seeds: planned as it is or as its best long-tail variant,
 * or why not (excluded or negative by the user, planned or written already, a search the site
 * already ranks in the top 3 for, no searches of two words or more, or the month was already full).
 */
export const SEED_FATES = [
  'planned',
  'variant',
  'excluded',
  'negative',
  'already_planned',
  'written',
  'ranking',
  'no_searches',
  'month_full',
] as const
export type SeedFate = (typeof SEED_FATES)[number]

export interface SeedOutcome {
  seed: string
  fate: SeedFate
  /** The keyword planned for it, or the one that already covers it. */
  keyword: string | null
}

/** Stored on the run (research_run.outcome) by the guard. */
export interface ResearchOutcome {
  /** null when the month was filled. */
  limitedBy: ResearchLimit | null
  seeds: SeedOutcome[]
  competitors: number
}
