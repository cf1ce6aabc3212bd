import { dataTableConfig, type JoinOperator } from './config'
import { filterItemSchema, type FilterItem, type SortItem } from './filter-schema'

/**
 * A data table's URL search state (spec §5): `sort` as text ("createdAt.desc,keyword.asc"),
 * `filters` (list of filter items), `joinOperator` (and | or, dropped from the URL when and),
 * `page` and `perPage`. Parsing never throws: a bad value falls back to its default, and an
 * unknown column id or a malformed filter is dropped.
 */
export interface TableSearch {
  page: number
  perPage: number
  sort: SortItem[]
  filters: FilterItem[]
  joinOperator: JoinOperator
}

export interface TableSearchDefaults {
  /** Column ids the table knows; anything else in sort or filters is dropped. */
  columnIds: readonly string[]
  sort: SortItem[]
  perPage: number
}

export function parseSort(text: unknown, columnIds: readonly string[]): SortItem[] | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined
  const items: SortItem[] = []
  for (const part of text.split(',')) {
    const match = /^([A-Za-z][A-Za-z0-9_]*)\.(asc|desc)$/.exec(part.trim())
    if (!match || !columnIds.includes(match[1]) || items.some((item) => item.id === match[1])) return undefined
    items.push({ id: match[1], desc: match[2] === 'desc' })
  }
  return items
}

export const formatSort = (sort: readonly SortItem[]) => sort.map((item) => `${item.id}.${item.desc ? 'desc' : 'asc'}`).join(',')

const positiveInt = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined
}

/** The router's `validateSearch` for a table route. */
export function parseTableSearch(raw: Record<string, unknown>, defaults: TableSearchDefaults): TableSearch {
  const perPage = positiveInt(raw.perPage)
  const filters = Array.isArray(raw.filters)
    ? raw.filters.flatMap((item) => {
        const parsed = filterItemSchema.safeParse(item)
        return parsed.success && defaults.columnIds.includes(parsed.data.id) ? [parsed.data as FilterItem] : []
      })
    : []
  return {
    page: positiveInt(raw.page) ?? 1,
    perPage: perPage && (dataTableConfig.pageSizeOptions as readonly number[]).includes(perPage) ? perPage : defaults.perPage,
    sort: parseSort(raw.sort, defaults.columnIds) ?? defaults.sort,
    filters,
    joinOperator: raw.joinOperator === 'or' ? 'or' : 'and',
  }
}

/**
 * What goes back into the URL: defaults are left out (page 1, default page size and sort, no
 * filters, join "and"), so a plain link stays plain.
 */
export function tableSearchToUrl(search: TableSearch, defaults: TableSearchDefaults) {
  return {
    page: search.page === 1 ? undefined : search.page,
    perPage: search.perPage === defaults.perPage ? undefined : search.perPage,
    sort: formatSort(search.sort) === formatSort(defaults.sort) ? undefined : formatSort(search.sort),
    filters: search.filters.length === 0 ? undefined : search.filters,
    joinOperator: search.joinOperator === 'and' ? undefined : search.joinOperator,
  }
}
