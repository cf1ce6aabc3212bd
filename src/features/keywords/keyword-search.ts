import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import type { JoinOperator } from '~/shared/data-table/config'
import { filterValueIssue, type FilterItem } from '~/shared/data-table/filter-schema'
import { parseTableSearch, tableSearchToUrl, type TableSearch, type TableSearchDefaults } from '~/shared/data-table/search-state'
import {
  KEYWORD_FILTER_FIELDS,
  KEYWORD_SORTABLE_COLUMNS,
  KEYWORDS_DEFAULT_SORT,
  KEYWORDS_PAGE_SIZE,
  type FilterFieldDefinition,
} from '~/shared/keywords'

/**
 * The Keywords screen's URL search state (spec §5): sorted by createdAt descending, 10 rows per
 * page, and only the keyword columns may appear in sort and filters.
 */
export const KEYWORDS_SEARCH_DEFAULTS: TableSearchDefaults = {
  columnIds: KEYWORD_SORTABLE_COLUMNS,
  sort: KEYWORDS_DEFAULT_SORT.map((item) => ({ ...item })),
  perPage: KEYWORDS_PAGE_SIZE,
}

/** What a link or `navigate` may put in the URL; everything is optional (defaults are left out). */
export type KeywordsUrlSearch = {
  page?: number
  perPage?: number
  /** "createdAt.desc,keyword.asc" */
  sort?: string
  filters?: FilterItem[]
  joinOperator?: JoinOperator
}

/** Limits keyword.list enforces; the URL keeps within them so a hand-edited link never fails the page. */
const MAX_PAGE = 1_000_000
const MAX_FILTERS = 50
const MAX_VALUE_LENGTH = 500
const MAX_VALUES = 100

/**
 * Whether keyword.list would accept this filter: the column's own variant, a value of the right
 * shape, known options only, within the length limits.
 */
export function isAcceptedKeywordFilter(filter: FilterItem): boolean {
  const field: FilterFieldDefinition | undefined = KEYWORD_FILTER_FIELDS[filter.id as keyof typeof KEYWORD_FILTER_FIELDS]
  if (!field || field.variant !== filter.variant) return false
  const values = typeof filter.value === 'string' ? [filter.value] : filter.value
  if (values.length > MAX_VALUES || values.some((value) => value.length > MAX_VALUE_LENGTH)) return false
  if (filterValueIssue(filter)) return false
  if (field.options && ['inArray', 'notInArray', 'eq', 'ne'].includes(filter.operator)) {
    const allowed = field.options.map((option) => option.value)
    if (values.some((value) => value !== '' && !allowed.includes(value))) return false
  }
  return true
}

/**
 * The route's `validateSearch`: never throws. A bad page, page size, sort or join falls back to
 * its default; a filter keyword.list would refuse (unknown column, wrong variant or operator,
 * malformed value) is dropped, so a hand-edited or stale link still shows the page.
 */
export function parseKeywordsSearch(raw: Record<string, unknown>): TableSearch {
  const search = parseTableSearch(raw, KEYWORDS_SEARCH_DEFAULTS)
  return {
    ...search,
    page: search.page > MAX_PAGE ? 1 : search.page,
    filters: search.filters.filter(isAcceptedKeywordFilter).slice(0, MAX_FILTERS),
  }
}

/** The URL form of a search state: defaults and the "and" join are dropped. */
export const keywordsSearchToUrl = (search: TableSearch): KeywordsUrlSearch => tableSearchToUrl(search, KEYWORDS_SEARCH_DEFAULTS)

/**
 * The route's `validateSearch`. The router writes what this returns back into the URL, so it
 * returns the URL form (sort as text, defaults left out) of the parsed state: a link stays
 * short and readable, and a bad value disappears from the address instead of lingering there.
 * The screen and the loader read the full state with `parseKeywordsSearch` of it.
 */
export const validateKeywordsSearch = (raw: Record<string, unknown>): KeywordsUrlSearch => keywordsSearchToUrl(parseKeywordsSearch(raw))

/** keyword.list's input for a search state. */
export const keywordListInput = (search: TableSearch) => ({
  page: search.page,
  perPage: search.perPage,
  sort: search.sort,
  filters: search.filters,
  joinOperator: search.joinOperator,
})

/**
 * One page of the current business's keywords for a search state. The previous page stays on
 * screen while the next one loads, so paging, sorting and filtering never flash an empty table.
 */
export const keywordListQuery = (search: TableSearch) =>
  orpc.keyword.list.queryOptions({
    input: keywordListInput(search),
    placeholderData: keepPreviousData,
    // The loader's (or SSR's) fetch is fresh enough for the first render: no second request on mount.
    staleTime: 10_000,
  })

/** Every cached keyword list (any page, sort or filter): what a bulk action invalidates. */
export const keywordListKey = () => orpc.keyword.list.key()
