import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgSchema, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { business } from './business'
import { id, timestamps } from './columns'
import { ARTICLE_TYPES, type ArticleType } from '~/shared/articles/article-types'
import { KEYWORD_STATUSES, SEARCH_INTENTS, type KeywordStatus, type SearchIntent } from '~/shared/keywords'
import type { ResearchOutcome } from '~/shared/research'

/** Keyword research lives in its own Postgres schema, apart from the app's tables. */
export const keywordsSchema = pgSchema('keywords')

// Defined in src/shared (the UI's filter options read them too); re-exported for server imports.
export { KEYWORD_STATUSES, SEARCH_INTENTS, type KeywordStatus, type SearchIntent }

const businessId = () =>
  text('business_id')
    .notNull()
    .references(() => business.id, { onDelete: 'cascade' })

/** Columns shared by seed, refined-seed and expanded keywords (docs/product/entities.md). */
const researchColumns = () => ({
  id: id(),
  businessId: businessId(),
  keyword: text('keyword').notNull(),
  source: text('source').notNull(),
  sourceId: text('source_id'),
  type: text('type'),
  originalText: text('original_text'),
  priority: integer('priority').notNull().default(50),
  relevance: integer('relevance').notNull().default(50),
  searchVolume: integer('search_volume'),
  keywordDifficulty: real('keyword_difficulty'),
  cpc: real('cpc'),
  competition: real('competition'),
  competitionLevel: text('competition_level'),
  searchIntent: text('search_intent'),
  categories: jsonb('categories'),
  serpFeatures: jsonb('serp_features'),
  trends: jsonb('trends'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  ...timestamps(),
})

export const seedKeyword = keywordsSchema.table('seed_keyword', researchColumns(), (table) => [
  unique('seed_keyword_business_keyword_source_unique').on(table.businessId, table.keyword, table.source),
])

export const refinedSeed = keywordsSchema.table('refined_seed', researchColumns(), (table) => [
  unique('refined_seed_business_keyword_source_unique').on(table.businessId, table.keyword, table.source),
])

export const expandedKeyword = keywordsSchema.table(
  'expanded_keyword',
  {
    ...researchColumns(),
    refinedSeedId: text('refined_seed_id').references(() => refinedSeed.id, { onDelete: 'set null' }),
    type: text('type').notNull().default('industry_term'),
  },
  (table) => [unique('expanded_keyword_business_keyword_unique').on(table.businessId, table.keyword)],
)

export const longTailKeyword = keywordsSchema.table(
  'long_tail_keyword',
  {
    id: id(),
    businessId: businessId(),
    refinedSeedId: text('refined_seed_id').references(() => refinedSeed.id, { onDelete: 'set null' }),
    expandedKeywordId: text('expanded_keyword_id').references(() => expandedKeyword.id, { onDelete: 'set null' }),
    seedKeywordId: text('seed_keyword_id').references(() => seedKeyword.id, { onDelete: 'set null' }),
    keyword: text('keyword').notNull(),
    metrics: jsonb('metrics').$type<Record<string, unknown>>(),
    relevanceScore: real('relevance_score'),
    opportunityScore: real('opportunity_score'),
    trendScore: real('trend_score'),
    finalScore: real('final_score').notNull().default(0),
    source: text('source').notNull().default('dataforseo'),
    sourceStage: text('source_stage'),
    isSelected: boolean('is_selected').notNull().default(false),
    /** The article written for it (one current article per long-tail keyword). */
    articleId: text('article_id'),
    /** The research run that last scored it. */
    researchRunId: uuid('research_run_id'),
    ...timestamps(),
  },
  (table) => [
    index('long_tail_keyword_business_score_idx').on(table.businessId, table.finalScore),
    unique('long_tail_keyword_business_keyword_unique').on(table.businessId, table.keyword),
  ],
)

/** A planned keyword: one row of the Keywords screen. Unique per business and keyword. */
export const keyword = keywordsSchema.table(
  'keyword',
  {
    id: id(),
    businessId: businessId(),
    longTailKeywordId: text('long_tail_keyword_id').references(() => longTailKeyword.id, { onDelete: 'set null' }),
    keyword: text('keyword').notNull(),
    /**
     * lower(keyword), kept by the database: "contains" filters match it without lowering every
     * row at query time (3-4x faster counts on 100,000 keywords, docs/decisions/0008).
     */
    keywordLower: text('keyword_lower').generatedAlwaysAs(sql`lower(keyword)`),
    searchIntent: text('search_intent').$type<SearchIntent | ''>(),
    searchVolume: integer('search_volume'),
    difficulty: integer('difficulty'),
    status: text('status').$type<KeywordStatus>().notNull().default('pending'),
    priority: integer('priority'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** `YYYY-MM` of the month it is planned for. */
    assignedMonth: text('assigned_month'),
    /** The topic cluster it belongs to (keyword research), when it has one. */
    clusterId: text('cluster_id'),
    /**
     * Where it came from: a research seed source (profile, service, competitor, search_console),
     * `people_also_ask` for a question from a seed's results page (docs/product/pipeline.md §3),
     * `manual` when the user added it. Shown and filtered on the Keywords screen.
     */
    source: text('source'),
    /**
     * The article type its article gets (src/shared/articles/article-types.ts) and why: chosen from
     * the keyword's wording and intent when it is planned, from its search results too when its
     * article is written, unless the user chose it (articleTypeByUser), which generation keeps.
     */
    articleType: text('article_type').$type<ArticleType>(),
    articleTypeReason: text('article_type_reason'),
    articleTypeByUser: boolean('article_type_by_user').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (table) => [
    unique('keyword_business_keyword_unique').on(table.businessId, table.keyword),
    check('keyword_status_check', sql.raw(`${table.status.name} in (${KEYWORD_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('keyword_search_intent_check', sql.raw(`${table.searchIntent.name} in ('', ${SEARCH_INTENTS.map((s) => `'${s}'`).join(', ')})`)),
    check('keyword_difficulty_range_check', sql`${table.difficulty} between 0 and 100`),
    check('keyword_priority_range_check', sql`${table.priority} between 0 and 100`),
    check('keyword_article_type_check', sql.raw(`${table.articleType.name} in (${ARTICLE_TYPES.map((t) => `'${t}'`).join(', ')})`)),
    // The Keywords screen filters and sorts within one business: every index leads with it.
    index('keyword_business_created_idx').on(table.businessId, table.createdAt.desc(), table.id),
    index('keyword_business_status_idx').on(table.businessId, table.status),
    index('keyword_business_intent_idx').on(table.businessId, table.searchIntent),
    index('keyword_business_volume_idx').on(table.businessId, table.searchVolume),
    index('keyword_business_difficulty_idx').on(table.businessId, table.difficulty),
    index('keyword_business_priority_idx').on(table.businessId, table.priority),
    index('keyword_business_scheduled_idx').on(table.businessId, table.scheduledAt),
    // keyword.list sorts `col asc` / `col desc nulls last`, then id asc (keywords.service.ts):
    // the indexes above serve the ascending sorts, these the descending ones (drizzle's .desc()
    // is DESC NULLS LAST) and createdAt ascending, so a sorted page reads only its rows.
    index('keyword_business_created_asc_idx').on(table.businessId, table.createdAt, table.id),
    index('keyword_business_keyword_desc_idx').on(table.businessId, table.keyword.desc()),
    // "Contains" / "does not contain" read only this index (an index-only scan) to count.
    index('keyword_business_keyword_lower_idx').on(table.businessId, table.keywordLower),
    index('keyword_business_volume_desc_idx').on(table.businessId, table.searchVolume.desc(), table.id),
    index('keyword_business_difficulty_desc_idx').on(table.businessId, table.difficulty.desc(), table.id),
    index('keyword_business_priority_desc_idx').on(table.businessId, table.priority.desc(), table.id),
    index('keyword_business_scheduled_desc_idx').on(table.businessId, table.scheduledAt.desc(), table.id),
    index('keyword_business_cluster_idx').on(table.businessId, table.clusterId),
    index('keyword_business_source_idx').on(table.businessId, table.source),
  ],
)

/**
 * Keywords deleted from the Keywords screen, kept so the owner can undo the delete: keyword.restore
 * puts back exactly these rows, never what a client sends. `id` is the deleted keyword's id; `row`
 * the whole keyword row as JSON. The daily purge drops rows older than a week.
 */
export const deletedKeyword = keywordsSchema.table(
  'deleted_keyword',
  {
    id: text('id').primaryKey(),
    businessId: businessId(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deleted_keyword_business_idx').on(table.businessId), index('deleted_keyword_deleted_at_idx').on(table.deletedAt)],
)

export const keywordCluster = keywordsSchema.table(
  'keyword_cluster',
  {
    id: id(),
    businessId: businessId(),
    label: text('label').notNull(),
    description: text('description'),
    totalVolume: integer('total_volume'),
    avgDifficulty: real('avg_difficulty'),
    avgCompetition: real('avg_competition'),
    avgCpc: real('avg_cpc'),
    opportunityScore: real('opportunity_score'),
    relevanceScore: real('relevance_score'),
    finalScore: real('final_score'),
    keywordCount: integer('keyword_count'),
    centroid: real('centroid').array(),
    clusteringMethod: text('clustering_method').notNull().default('semantic'),
    pillarKeyword: text('pillar_keyword'),
    pillarSearchVolume: integer('pillar_search_volume'),
    pillarDifficulty: real('pillar_difficulty'),
    status: text('status').notNull().default('active'),
    priority: integer('priority'),
    ...timestamps(),
  },
  (table) => [unique('keyword_cluster_business_label_unique').on(table.businessId, table.label)],
)

export const keywordClusterMembership = keywordsSchema.table(
  'keyword_cluster_membership',
  {
    id: id(),
    clusterId: text('cluster_id')
      .notNull()
      .references(() => keywordCluster.id, { onDelete: 'cascade' }),
    longTailKeywordId: text('long_tail_keyword_id')
      .notNull()
      .references(() => longTailKeyword.id, { onDelete: 'cascade' }),
    similarityScore: real('similarity_score'),
    isCore: boolean('is_core').notNull().default(false),
    isPillar: boolean('is_pillar').notNull().default(false),
    contentType: text('content_type').notNull().default('supporting'),
    ...timestamps(),
  },
  (table) => [unique('keyword_cluster_membership_unique').on(table.clusterId, table.longTailKeywordId)],
)

export const contentSeries = keywordsSchema.table(
  'content_series',
  {
    id: id(),
    businessId: businessId(),
    clusterId: text('cluster_id')
      .notNull()
      .references(() => keywordCluster.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    pillarTitle: text('pillar_title'),
    pillarKeyword: text('pillar_keyword'),
    estimatedArticles: integer('estimated_articles'),
    status: text('status').notNull().default('planned'),
    priority: integer('priority'),
    estimatedCompletionWeeks: integer('estimated_completion_weeks'),
    scheduledStartDate: timestamp('scheduled_start_date', { withTimezone: true }),
    targetCompletionDate: timestamp('target_completion_date', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (table) => [unique('content_series_business_cluster_unique').on(table.businessId, table.clusterId)],
)

/**
 * One keyword-research run of a business (docs/product/pipeline.md): its id is the job's id
 * (job_run holds state, stage and progress). The run records which stages are done, so a retried
 * or restarted job resumes after the last one; what each stage produced; and every provider
 * call it made, with cache hits and estimated cost.
 */
export const researchRun = keywordsSchema.table(
  'research_run',
  {
    /** The job's id (job_run.id, a uuid). */
    id: uuid('id').primaryKey(),
    businessId: businessId(),
    /** setup (finishing onboarding), manual (Run research), monthly (the cron). */
    trigger: text('trigger').notNull(),
    /** `YYYY-MM`: the month this run plans. */
    month: text('month').notNull(),
    completedStages: text('completed_stages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Per stage: how many rows it wrote (seeds, refined, expanded, scored, merged, clusters, planned). */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** Per provider: calls made, answers from cache, estimated cost in US dollars. */
    calls: jsonb('calls').$type<Record<string, { calls: number; cacheHits: number; cost: number }>>().notNull().default({}),
    /** What limited a run that planned fewer keywords than the month has room for, and what became of each of the user's seeds (src/shared/research.ts). */
    outcome: jsonb('outcome').$type<ResearchOutcome>(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [index('research_run_business_idx').on(table.businessId, table.createdAt)],
)

/**
 * The cannibalisation guard's record: a candidate keyword that is the same search (duplicates.ts) as
 * a keyword already planned or written, or to a Search Console query the site already ranks for,
 * is merged into it as a secondary keyword instead of getting its own article.
 */
export const keywordMerge = keywordsSchema.table(
  'keyword_merge',
  {
    id: id(),
    businessId: businessId(),
    researchRunId: uuid('research_run_id'),
    /** The candidate that was merged. */
    keyword: text('keyword').notNull(),
    longTailKeywordId: text('long_tail_keyword_id').references(() => longTailKeyword.id, { onDelete: 'set null' }),
    /** The planned keyword it was merged into, when it is one of ours. */
    mergedIntoKeywordId: text('merged_into_keyword_id').references(() => keyword.id, { onDelete: 'cascade' }),
    /** The keyword or Search Console query it was merged into, as text (kept if that row goes). */
    mergedInto: text('merged_into').notNull(),
    /** planned, written, search_console, or this_run (two candidates of one run). */
    reason: text('reason').notNull(),
    similarity: real('similarity').notNull(),
    /** Why the two are one search (src/server/research/duplicates.ts): same_words or close_wording; null on merges older than the rule. */
    rule: text('rule'),
    ...timestamps(),
  },
  (table) => [
    unique('keyword_merge_business_keyword_unique').on(table.businessId, table.keyword),
    index('keyword_merge_into_idx').on(table.mergedIntoKeywordId),
  ],
)

/**
 * Keywords the user excluded for good: research never plans them (or a singular/plural variant)
 * again and keyword.add refuses them. `variantKey` is the keyword's duplicate key (normalised, each
 * word singular).
 */
export const excludedKeyword = keywordsSchema.table(
  'excluded_keyword',
  {
    id: id(),
    businessId: businessId(),
    keyword: text('keyword').notNull(),
    variantKey: text('variant_key').notNull(),
    ...timestamps(),
  },
  (table) => [unique('excluded_keyword_business_variant_unique').on(table.businessId, table.variantKey)],
)
