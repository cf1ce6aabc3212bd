import { z } from 'zod'
import { tableListInputSchema } from '~/server/data-table/table-input'
import { unpublishArchived } from '~/server/publishing/publish.service'
import { explainKeyword } from '~/server/research/research.service'
import { setKeywordArticleType } from '~/server/research/article-type'
import { excludeKeywords, rescheduleKeyword } from '~/server/research/exclusions'
import { addManualKeywords, MAX_MANUAL_KEYWORDS } from '~/server/research/manual-keywords'
import { businessProcedure, currentOrOwnedBusinessProcedure, ownedBusinessProcedure } from '~/server/rpc/procedures'
import { ARTICLE_TYPES } from '~/shared/articles/article-types'
import { businessIdInput, rowId } from '~/shared/id-inputs'
import {
  KEYWORD_FILTER_FIELDS,
  KEYWORD_SORTABLE_COLUMNS,
  KEYWORD_STATUSES,
  KEYWORDS_BULK_LIMIT,
  KEYWORDS_DEFAULT_SORT,
  KEYWORDS_PAGE_SIZE,
  KEYWORDS_PAGE_SIZE_OPTIONS,
} from '~/shared/keywords'
import { deleteKeywords, listKeywords, restoreKeywords, setKeywordStatus } from './keywords.service'

/** Page, perPage, sort, filters and joinOperator: only the Keywords table's columns (docs/product/keywords-table.md). */
export const keywordListInput = tableListInputSchema({
  fields: KEYWORD_FILTER_FIELDS,
  sortable: KEYWORD_SORTABLE_COLUMNS,
  defaultSort: KEYWORDS_DEFAULT_SORT,
  defaultPerPage: KEYWORDS_PAGE_SIZE,
  pageSizes: KEYWORDS_PAGE_SIZE_OPTIONS,
})

const tooMany = `Select at most ${KEYWORDS_BULK_LIMIT} keywords at a time.`
const keywordId = z.string().min(1).max(64)
const keywordIds = z.array(keywordId).min(1, 'Select at least one keyword.').max(KEYWORDS_BULK_LIMIT, tooMany)

export const keywordRouter = {
  /**
   * A business's keywords (the one `businessId` names, else the current one): filtered, sorted
   * (default newest first), one page, with the total.
   */
  list: currentOrOwnedBusinessProcedure(
    keywordListInput
      .unwrap()
      .extend({ businessId: rowId('Business id').optional() })
      .prefault({}),
  )
    .route({ method: 'GET' })
    .handler(({ context, input: { businessId: _named, ...query } }) =>
      listKeywords(context.db, { businessId: context.businessId, ...query }),
    ),

  /**
   * Bulk status change ("Archive" is status archived) by the one status model
   * (src/shared/keyword-status.ts). Any id not the business's refuses all: NOT_FOUND; any keyword
   * the rule refuses refuses all with its reason.
   */
  setStatus: businessProcedure
    .input(z.object({ ids: keywordIds, status: z.enum(KEYWORD_STATUSES) }))
    .handler(async ({ context, input }) => {
      const { updated, archivedArticleIds } = await setKeywordStatus(context.db, context.businessId, input.ids, input.status)
      // An archived keyword's article was archived with it: its posts come off the sites (where the CMS allows), in the background.
      for (const articleId of archivedArticleIds) {
        await unpublishArchived(context.db, { userId: context.user.id, businessId: context.businessId, articleId })
      }
      return { updated, articlesArchived: archivedArticleIds.length }
    }),

  /** Bulk delete; the rows are kept server-side for an undo, the answer is their ids. */
  delete: businessProcedure
    .input(z.object({ ids: keywordIds }))
    .handler(({ context, input }) => deleteKeywords(context.db, context.businessId, input.ids)),

  /**
   * Undo of keyword.delete, by the ids it answered: re-inserts exactly the rows it kept for the
   * caller's business. Any other id (unknown, another business's, already restored) is NOT_FOUND.
   */
  restore: businessProcedure
    .input(z.object({ ids: z.array(keywordId).min(1, 'Nothing to restore.').max(KEYWORDS_BULK_LIMIT, tooMany) }))
    .handler(({ context, input }) => restoreKeywords(context.db, context.businessId, input.ids)),

  /** The why-panel of one keyword: source, stage path, metrics, scores with the formula, cluster, merged duplicates. */
  explain: ownedBusinessProcedure(businessIdInput.extend({ keywordId: rowId('Keyword id') }))
    .route({ method: 'GET' })
    .handler(({ context, input }) => explainKeyword(context.db, context.businessId, input.keywordId)),

  /**
   * Keywords the user adds by hand (a pasted list): measured, scored, checked against the plan,
   * put in a topic and scheduled. Answers what was added and, for the rest, why not.
   */
  add: ownedBusinessProcedure(
    businessIdInput.extend({
      keywords: z
        .array(z.string().max(200, 'A keyword can be at most 200 characters.'))
        .min(1, 'Add at least one keyword.')
        .max(MAX_MANUAL_KEYWORDS, `Add at most ${MAX_MANUAL_KEYWORDS} keywords at a time.`),
    }),
  ).handler(({ context, input }) => addManualKeywords(context.db, context.providers, context.business, input.keywords)),

  /** Excludes keywords for good: out of the plan, never planned again. */
  exclude: ownedBusinessProcedure(
    businessIdInput.extend({
      ids: z.array(rowId('Keyword id')).min(1, 'Select at least one keyword.').max(100, 'Select at most 100 keywords at a time.'),
    }),
  ).handler(({ context, input }) => excludeKeywords(context.db, context.businessId, input.ids)),

  /** Moves a keyword to another day (YYYY-MM-DD, from tomorrow on). */
  reschedule: ownedBusinessProcedure(businessIdInput.extend({ keywordId: rowId('Keyword id'), date: z.string().max(10) })).handler(
    ({ context, input }) => rescheduleKeyword(context.db, context.businessId, input),
  ),

  /** The type the keyword's article is written as (before it is written); null lets the writer choose. */
  setArticleType: ownedBusinessProcedure(
    businessIdInput.extend({ keywordId: rowId('Keyword id'), type: z.enum(ARTICLE_TYPES).nullable() }),
  ).handler(({ context, input }) => setKeywordArticleType(context.db, context.businessId, input)),
}
