import { z } from 'zod'
import { tableListInputSchema } from '~/server/data-table/table-input'
import { businessProcedure } from '~/server/rpc/procedures'
import {
  KEYWORD_FILTER_FIELDS,
  KEYWORD_SORTABLE_COLUMNS,
  KEYWORD_STATUSES,
  KEYWORDS_BULK_LIMIT,
  KEYWORDS_DEFAULT_SORT,
  KEYWORDS_PAGE_SIZE,
  KEYWORDS_PAGE_SIZE_OPTIONS,
  SEARCH_INTENTS,
} from '~/shared/keywords'
import { deleteKeywords, listKeywords, restoreKeywords, setKeywordStatus } from './keywords.service'

/** Page, perPage, sort, filters and joinOperator: only the Keywords table's columns (spec §4, §5). */
export const keywordListInput = tableListInputSchema({
  fields: KEYWORD_FILTER_FIELDS,
  sortable: KEYWORD_SORTABLE_COLUMNS,
  defaultSort: KEYWORDS_DEFAULT_SORT,
  defaultPerPage: KEYWORDS_PAGE_SIZE,
  pageSizes: KEYWORDS_PAGE_SIZE_OPTIONS,
})

const tooMany = `Select at most ${KEYWORDS_BULK_LIMIT} keywords at a time.`
const keywordIds = z.array(z.string().min(1).max(64)).min(1, 'Select at least one keyword.').max(KEYWORDS_BULK_LIMIT, tooMany)

const score = z.number().int().min(0).max(100).nullable()
/** A whole keyword row as keyword.delete returned it. */
const keywordRecord = z.object({
  id: z.string().min(1).max(64),
  businessId: z.string().min(1).max(64),
  longTailKeywordId: z.string().max(64).nullable(),
  keyword: z.string().min(1).max(1000),
  searchIntent: z.enum(['', ...SEARCH_INTENTS]).nullable(),
  searchVolume: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullable(),
  difficulty: score,
  status: z.enum(KEYWORD_STATUSES),
  priority: score,
  scheduledAt: z.coerce.date().nullable(),
  generatedAt: z.coerce.date().nullable(),
  assignedAt: z.coerce.date().nullable(),
  completedAt: z.coerce.date().nullable(),
  assignedMonth: z.string().max(7).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
})

export const keywordRouter = {
  /** The current business's keywords: filtered, sorted (default newest first), one page, with the total. */
  list: businessProcedure
    .route({ method: 'GET' })
    .input(keywordListInput)
    .handler(({ context, input }) => listKeywords(context.db, { businessId: context.businessId, ...input })),

  /** Bulk status change ("Archive" is status archived). Any id not the business's refuses all: NOT_FOUND. */
  setStatus: businessProcedure
    .input(z.object({ ids: keywordIds, status: z.enum(KEYWORD_STATUSES) }))
    .handler(({ context, input }) => setKeywordStatus(context.db, context.businessId, input.ids, input.status)),

  /** Bulk delete; returns the deleted rows so keyword.restore can undo it. */
  delete: businessProcedure
    .input(z.object({ ids: keywordIds }))
    .handler(({ context, input }) => deleteKeywords(context.db, context.businessId, input.ids)),

  /** Undo of keyword.delete: re-inserts exactly those rows, for the caller's business only. */
  restore: businessProcedure
    .input(z.object({ rows: z.array(keywordRecord).min(1, 'Nothing to restore.').max(KEYWORDS_BULK_LIMIT, tooMany) }))
    .handler(({ context, input }) => restoreKeywords(context.db, context.businessId, input.rows)),
}
