import { tableListInputSchema } from '~/server/data-table/table-input'
import { ownedBusinessProcedure } from '~/server/rpc/procedures'
import { GAP_DEFAULT_SORT, GAP_FILTER_FIELDS, GAP_PAGE_SIZE, GAP_PAGE_SIZE_OPTIONS, GAP_SORTABLE_COLUMNS } from '~/shared/competitors'
import { businessIdInput } from '~/shared/id-inputs'
import { keywordGap, listCompetitorAnalyses } from './competitors.service'

/** The gap table's page, sort and filters: only its own columns (src/shared/competitors.ts). */
export const gapListInput = tableListInputSchema({
  fields: GAP_FILTER_FIELDS,
  sortable: GAP_SORTABLE_COLUMNS,
  defaultSort: GAP_DEFAULT_SORT,
  defaultPerPage: GAP_PAGE_SIZE,
  pageSizes: GAP_PAGE_SIZE_OPTIONS,
})

/**
 * The /competitors screen's reads (docs/product/competitors.md). Adding, removing and analysing a
 * competitor are setup's procedures (setup.addCompetitor, setup.removeCompetitor,
 * setup.analyzeCompetitor); adding gap keywords to the plan is keyword.add.
 */
export const competitorRouter = {
  /** Each competitor with its analysis: top ranking keywords, estimated visits, last analysed, its latest analysis job. */
  list: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => listCompetitorAnalyses(context.db, context.businessId)),

  /** The keyword gap: competitors' ranking keywords missing from the plan, one page of it. */
  gap: ownedBusinessProcedure(businessIdInput.extend(gapListInput.unwrap().shape))
    .route({ method: 'GET' })
    .handler(({ context, input }) => keywordGap(context.db, context.providers, context.business, input)),
}
