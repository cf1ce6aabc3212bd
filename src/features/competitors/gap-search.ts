import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { GAP_DEFAULT_SORT, GAP_FILTER_FIELDS, GAP_PAGE_SIZE, GAP_PAGE_SIZE_OPTIONS, GAP_SORTABLE_COLUMNS } from '~/shared/competitors'
import { parseTableSearch, tableListInput, tableSearchToUrl, type TableUrlSearch } from '~/shared/data-table/search-state'
import { tableSchema, type TableSearch } from '~/shared/data-table/table-schema'

/**
 * The keyword gap's search-state rules: the same options competitor.gap's input is built with
 * (src/server/competitors/competitors.router.ts), so the URL keeps exactly what the server accepts.
 */
export const GAP_TABLE = tableSchema({
  fields: GAP_FILTER_FIELDS,
  sortable: GAP_SORTABLE_COLUMNS,
  defaultSort: GAP_DEFAULT_SORT,
  defaultPerPage: GAP_PAGE_SIZE,
  pageSizes: GAP_PAGE_SIZE_OPTIONS,
})

export const GAP_SEARCH_DEFAULTS: TableSearch = GAP_TABLE.defaults

export type GapUrlSearch = TableUrlSearch

/** Never throws: bad values fall back to the defaults, filters the server would refuse are dropped. */
export const parseGapSearch = (raw: Record<string, unknown>): TableSearch => parseTableSearch(raw, GAP_TABLE)
export const gapSearchToUrl = (search: TableSearch): GapUrlSearch => tableSearchToUrl(search, GAP_SEARCH_DEFAULTS)
export const validateGapSearch = (raw: Record<string, unknown>): GapUrlSearch => gapSearchToUrl(parseGapSearch(raw))

/** One page of the gap; the previous page stays on screen while the next loads. */
export const gapQuery = (businessId: string, search: TableSearch) =>
  orpc.competitor.gap.queryOptions({
    input: { businessId, ...tableListInput(search) },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

export const competitorListQuery = (businessId: string) => orpc.competitor.list.queryOptions({ input: { businessId }, staleTime: 10_000 })
