import { tableSchema } from './data-table/table-schema'

/**
 * The top queries and pages tables of /performance (gsc.top, docs/product/search-console.md),
 * defined once: what the tables sort by and page through, and what the procedure accepts.
 */

/** What a table lists: the searches, or the pages of the site. */
export const TOP_DIMENSIONS = ['query', 'page'] as const
export type TopDimension = (typeof TOP_DIMENSIONS)[number]

/** `key` is the row's query or page; the rest are its metrics over the range. */
export const TOP_SORTABLE_COLUMNS = ['key', 'clicks', 'impressions', 'ctr', 'position'] as const
export type TopSortColumn = (typeof TOP_SORTABLE_COLUMNS)[number]

/** Most clicks first, as Search Console lists them. */
export const TOP_DEFAULT_SORT = [{ id: 'clicks', desc: true }] as const satisfies readonly { id: TopSortColumn; desc: boolean }[]

export const TOP_PAGE_SIZES = [10, 25, 50, 100] as const

export const TOP_TABLE = tableSchema({
  fields: {},
  sortable: TOP_SORTABLE_COLUMNS,
  defaultSort: TOP_DEFAULT_SORT,
  defaultPerPage: TOP_PAGE_SIZES[0],
  pageSizes: TOP_PAGE_SIZES,
})
