import { z } from 'zod'
import { ownedBusinessProcedure } from '~/server/rpc/procedures'
import { ARTICLE_TYPES } from '~/shared/articles/article-types'
import { setKeywordArticleType } from './article-type'
import { businessIdInput, rowId } from '~/shared/id-inputs'
import {
  cancelResearch,
  explainKeyword,
  listClusters,
  moveKeywordToCluster,
  researchStatus,
  setClusterPillar,
  startResearch,
} from './research.service'
import { addManualKeywords, MAX_MANUAL_KEYWORDS } from './manual-keywords'
import { allowKeyword, excludeKeywords, rescheduleKeyword, researchExclusions, setNegativeKeywords } from './exclusions'

/** Keyword research of one of the caller's businesses (docs/product/pipeline.md §3). */
export const researchRouter = {
  /** Starts a run ("Run research"); CONFLICT while one runs. Answers the job id to watch. */
  start: ownedBusinessProcedure(businessIdInput).handler(({ context }) =>
    startResearch(context.db, { userId: context.user.id, businessId: context.businessId }, 'manual'),
  ),
  /** The latest run (or null): state, stage, what each stage produced, provider calls, cache hits and cost. */
  status: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => researchStatus(context.db, context.businessId)),
  /** Negative terms and excluded keywords: what research leaves out. */
  exclusions: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => researchExclusions(context.db, context.businessId)),
  /** Replaces the negative terms (whole words; a keyword containing one is never planned). */
  setNegativeKeywords: ownedBusinessProcedure(
    businessIdInput.extend({
      negativeKeywords: z
        .array(z.string().max(80, 'A negative keyword can be at most 80 characters.'))
        .max(200, 'Keep at most 200 negative keywords.'),
    }),
  ).handler(({ context, input }) => setNegativeKeywords(context.db, context.businessId, input.negativeKeywords)),
  /** Lets research plan an excluded keyword again. */
  allowKeyword: ownedBusinessProcedure(businessIdInput.extend({ id: rowId('Excluded keyword id') })).handler(({ context, input }) =>
    allowKeyword(context.db, context.businessId, input.id),
  ),
  /** Cancels the running run; NOT_FOUND when none runs. */
  cancel: ownedBusinessProcedure(businessIdInput).handler(({ context }) =>
    cancelResearch(context.db, { userId: context.user.id, businessId: context.businessId }),
  ),
}

export const clusterRouter = {
  /** The business's topic clusters with pillar, keyword ids, totals and series dates. */
  list: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => listClusters(context.db, context.businessId)),
  /** Makes one of a topic's keywords its pillar (scheduled first); answers the clusters. */
  setPillar: ownedBusinessProcedure(businessIdInput.extend({ clusterId: rowId('Topic id'), keywordId: rowId('Keyword id') })).handler(
    ({ context, input }) => setClusterPillar(context.db, context.businessId, input),
  ),
  /** Moves a keyword to another topic of the business; answers the clusters. */
  moveKeyword: ownedBusinessProcedure(businessIdInput.extend({ clusterId: rowId('Topic id'), keywordId: rowId('Keyword id') })).handler(
    ({ context, input }) => moveKeywordToCluster(context.db, context.businessId, input),
  ),
}

/** The why-panel of one keyword: source, stage path, metrics, scores with the formula, cluster, merged duplicates. */
export const explainKeywordProcedure = ownedBusinessProcedure(businessIdInput.extend({ keywordId: rowId('Keyword id') }))
  .route({ method: 'GET' })
  .handler(({ context, input }) => explainKeyword(context.db, context.businessId, input.keywordId))

/**
 * Keywords the user adds by hand (a pasted list): measured, scored, checked against the plan,
 * put in a topic and scheduled. Answers what was added and, for the rest, why not.
 */
export const addKeywordsProcedure = ownedBusinessProcedure(
  businessIdInput.extend({
    keywords: z
      .array(z.string().max(200, 'A keyword can be at most 200 characters.'))
      .min(1, 'Add at least one keyword.')
      .max(MAX_MANUAL_KEYWORDS, `Add at most ${MAX_MANUAL_KEYWORDS} keywords at a time.`),
  }),
).handler(({ context, input }) => addManualKeywords(context.db, context.providers, context.business, input.keywords))

/** Excludes keywords for good: out of the plan, never planned again. */
export const excludeKeywordsProcedure = ownedBusinessProcedure(
  businessIdInput.extend({
    ids: z.array(rowId('Keyword id')).min(1, 'Select at least one keyword.').max(100, 'Select at most 100 keywords at a time.'),
  }),
).handler(({ context, input }) => excludeKeywords(context.db, context.businessId, input.ids))

/** Moves a keyword to another day (YYYY-MM-DD, from tomorrow on). */
export const rescheduleKeywordProcedure = ownedBusinessProcedure(
  businessIdInput.extend({ keywordId: rowId('Keyword id'), date: z.string().max(10) }),
).handler(({ context, input }) => rescheduleKeyword(context.db, context.businessId, input))

/** The type the keyword's article is written as (before it is written); null lets the writer choose. */
export const setKeywordArticleTypeProcedure = ownedBusinessProcedure(
  businessIdInput.extend({ keywordId: rowId('Keyword id'), type: z.enum(ARTICLE_TYPES).nullable() }),
).handler(({ context, input }) => setKeywordArticleType(context.db, context.businessId, input))
