import type { JoinOperator } from './config'
import type { FilterItem, SortItem } from './filter-rules'
import { MAX_FILTERS, type TableRules, type TableSearch } from './table-rules'

export type { TableSearch } from './table-rules'

/**
 * A data table's URL search state (docs/product/keywords-table.md): `sort` as text
 * ("createdAt.desc,keyword.asc"), `filters` (list of filter items), `joinOperator` (and | or,
 * dropped from the URL when and), `page` and `perPage`. It is read with the table's own rules (table-rules.ts), the ones its
 * list procedure checks its input with, but leniently: parsing never throws, a bad part falls
 * back to its default and a filter the procedure would refuse is dropped, so a hand-edited or
 * stale link still shows the page.
 */

/** "keyword.asc,createdAt.desc" as sort items; undefined when blank or malformed. */
export function parseSort(text: unknown): SortItem[] | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined
  const items: SortItem[] = []
  for (const part of text.split(',')) {
    const match = /^([A-Za-z][A-Za-z0-9_]*)\.(asc|desc)$/.exec(part.trim())
    if (!match) return undefined
    items.push({ id: match[1], desc: match[2] === 'desc' })
  }
  return items
}

export const formatSort = (sort: readonly SortItem[]) => sort.map((item) => `${item.id}.${item.desc ? 'desc' : 'asc'}`).join(',')

/** A URL number may arrive as text ("?page=2" typed by hand). */
const numberFromUrl = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)

/** The router's `validateSearch` for a table route: each part checked by the table's rules. */
export function parseTableSearch(raw: Record<string, unknown>, table: TableRules): TableSearch {
  const filters = Array.isArray(raw.filters) ? raw.filters.flatMap((item) => table.filter(item) ?? []) : []
  return {
    page: table.page(numberFromUrl(raw.page)) ?? table.defaults.page,
    perPage: table.perPage(numberFromUrl(raw.perPage)) ?? table.defaults.perPage,
    sort: table.sort(parseSort(raw.sort)) ?? table.defaults.sort.map((item) => ({ ...item })),
    filters: filters.slice(0, MAX_FILTERS),
    joinOperator: table.joinOperator(raw.joinOperator) ?? table.defaults.joinOperator,
  }
}

/**
 * What goes back into the URL: defaults are left out (page 1, default page size and sort, no
 * filters, join "and"), so a plain link stays plain.
 */
export function tableSearchToUrl(search: TableSearch, defaults: Pick<TableSearch, 'perPage' | 'sort'>) {
  return {
    page: search.page === 1 ? undefined : search.page,
    perPage: search.perPage === defaults.perPage ? undefined : search.perPage,
    sort: formatSort(search.sort) === formatSort(defaults.sort) ? undefined : formatSort(search.sort),
    filters: search.filters.length === 0 ? undefined : search.filters,
    joinOperator: search.joinOperator === 'and' ? undefined : search.joinOperator,
  }
}

/** What a table's link or `navigate` may put in the URL; everything is optional (defaults are left out). */
export type TableUrlSearch = {
  page?: number
  perPage?: number
  /** "createdAt.desc,keyword.asc" */
  sort?: string
  filters?: FilterItem[]
  joinOperator?: JoinOperator
}

/** A list procedure's table input (page, perPage, sort, filters, joinOperator) for a search state. */
export const tableListInput = (search: TableSearch) => ({
  page: search.page,
  perPage: search.perPage,
  sort: search.sort,
  filters: search.filters,
  joinOperator: search.joinOperator,
})
