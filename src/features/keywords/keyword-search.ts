import type { FilterItem } from '~/shared/data-table/filter-rules'
import { parseTableSearch, tableSearchToUrl, type TableUrlSearch } from '~/shared/data-table/search-state'
import { tableRules, type TableSearch } from '~/shared/data-table/table-rules'
import {
  KEYWORD_FILTER_FIELDS,
  KEYWORD_SORTABLE_COLUMNS,
  KEYWORDS_DEFAULT_SORT,
  KEYWORDS_PAGE_SIZE,
  KEYWORDS_PAGE_SIZE_OPTIONS,
} from '~/shared/keywords'

/**
 * The Keywords table's search-state rules (docs/product/keywords-table.md): the rules and options
 * keyword.list's input is built on (src/server/keywords/keywords.router.ts), so the URL keeps
 * exactly what the server accepts. Sorted by createdAt descending, 10 rows per page, only
 * the keyword columns.
 */
export const KEYWORDS_TABLE = tableRules({
  fields: KEYWORD_FILTER_FIELDS,
  sortable: KEYWORD_SORTABLE_COLUMNS,
  defaultSort: KEYWORDS_DEFAULT_SORT,
  defaultPerPage: KEYWORDS_PAGE_SIZE,
  pageSizes: KEYWORDS_PAGE_SIZE_OPTIONS,
})

export const KEYWORDS_SEARCH_DEFAULTS: TableSearch = KEYWORDS_TABLE.defaults

/** What a link or `navigate` may put in the URL; everything is optional (defaults are left out). */
export type KeywordsUrlSearch = TableUrlSearch

/**
 * Whether keyword.list would accept this filter: the column's own variant, a value of the right
 * shape, known options only, within the length limits.
 */
export const isAcceptedKeywordFilter = (filter: FilterItem): boolean => KEYWORDS_TABLE.filter(filter) !== undefined

/**
 * The route's `validateSearch`: never throws. A bad page, page size, sort or join falls back to
 * its default; a filter keyword.list would refuse (unknown column, wrong variant or operator,
 * malformed value) is dropped, so a hand-edited or stale link still shows the page.
 */
export const parseKeywordsSearch = (raw: Record<string, unknown>): TableSearch => parseTableSearch(raw, KEYWORDS_TABLE)

/** The URL form of a search state: defaults and the "and" join are dropped. */
export const keywordsSearchToUrl = (search: TableSearch): KeywordsUrlSearch => tableSearchToUrl(search, KEYWORDS_SEARCH_DEFAULTS)

/**
 * The route's `validateSearch`. The router writes what this returns back into the URL, so it
 * returns the URL form (sort as text, defaults left out) of the parsed state: a link stays
 * short and readable, and a bad value disappears from the address instead of lingering there.
 * The screen and the loader read the full state with `parseKeywordsSearch` of it.
 */
export const validateKeywordsSearch = (raw: Record<string, unknown>): KeywordsUrlSearch => keywordsSearchToUrl(parseKeywordsSearch(raw))
