import { z } from 'zod'
import { tableListInputSchema } from '~/server/data-table/table-input'
import { unpublishArchived } from '~/server/publishing/publish.service'
import { businessProcedure, currentOrOwnedBusinessProcedure } from '~/server/rpc/procedures'
import { rowId } from '~/shared/id-inputs'
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
}
