import { GAP_DEFAULT_SORT, GAP_FILTER_FIELDS, GAP_PAGE_SIZE, GAP_PAGE_SIZE_OPTIONS, GAP_SORTABLE_COLUMNS } from '~/shared/competitors'
import { parseTableSearch, tableSearchToUrl, type TableUrlSearch } from '~/shared/data-table/search-state'
import { tableRules, type TableSearch } from '~/shared/data-table/table-rules'

/**
 * The keyword gap's search-state rules: the rules and options competitor.gap's input is built on
 * (src/server/competitors/competitors.router.ts), so the URL keeps exactly what the server accepts.
 */
export const GAP_TABLE = tableRules({
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
