import { isOperatorAllowed, type FilterVariant, type JoinOperator } from './config'
import { filterValueIssue, readFilterItem, readJoinOperator, readSortItem, type FilterItem, type SortItem } from './filter-rules'

/**
 * One table's search-state rules without a schema library: the list procedure's zod input
 * (table-schema.ts) checks these, and the route's URL parse (search-state.ts) reads with them
 * alone, so the routes' search readers, which every page's entry holds, need no zod.
 */

/** Limits of one table request: what a list procedure accepts and what a URL keeps. */
export const MAX_FILTERS = 50
export const MAX_FILTER_VALUES = 100
export const MAX_FILTER_VALUE_LENGTH = 500
export const MAX_PAGE = 1_000_000

/** A data table's search state: what its URL holds and what its list procedure takes. */
export interface TableSearch {
  page: number
  perPage: number
  sort: SortItem[]
  filters: FilterItem[]
  joinOperator: JoinOperator
}

/** A filterable column: its label (for messages), its one variant, and its options when the values are a fixed set. */
export interface TableFilterField {
  label: string
  variant: FilterVariant
  options?: readonly { value: string }[]
}

export interface TableSchemaOptions<F extends string, S extends string> {
  /** The table's filterable fields: the only filter ids accepted, each with its one variant. */
  fields: Record<F, TableFilterField>
  /** The only sort ids accepted. */
  sortable: readonly [S, ...S[]]
  defaultSort: readonly SortItem[]
  defaultPerPage: number
  /** Allowed page sizes, ascending. */
  pageSizes: readonly number[]
}

export interface TableRuleIssue {
  path: 'id' | 'variant' | 'value'
  message: string
}

const OPTION_OPERATORS = ['inArray', 'notInArray', 'eq', 'ne']

const known = (ids: readonly string[]) => `Use one of: ${ids.join(', ')}.`

export const unknownFilterColumnMessage = (id: unknown, fieldIds: readonly string[]) =>
  `Unknown filter column "${String(id).slice(0, 40)}". ${known(fieldIds)}`
export const unknownSortColumnMessage = (id: unknown, sortable: readonly string[]) =>
  `Cannot sort by "${String(id).slice(0, 40)}". ${known(sortable)}`
export const SORT_TWICE_MESSAGE = 'Sort by each column at most once.'

/** Why the page size is refused, or undefined when it is one of the table's sizes. */
export function perPageIssue(size: number, pageSizes: readonly number[]): string | undefined {
  if (pageSizes.includes(size)) return undefined
  if (size > pageSizes[pageSizes.length - 1]!) return `Rows per page can be at most ${pageSizes[pageSizes.length - 1]}.`
  if (size < pageSizes[0]!) return `Rows per page must be at least ${pageSizes[0]}.`
  return `Rows per page must be one of ${pageSizes.join(', ')}.`
}

/**
 * What the table refuses in a filter of the right shape (filter-rules.ts `readFilterItem`) and
 * of a known column, in the order the list procedure reports it: too many or too long values, a
 * variant other than the column's, a value that does not fit, an unknown option. Empty when the
 * table accepts it (a filter without a value yet passes: it is ignored).
 */
export function filterRuleIssues(item: FilterItem, options: TableSchemaOptions<string, string>): TableRuleIssue[] {
  const values = typeof item.value === 'string' ? [item.value] : item.value
  if (values.length > MAX_FILTER_VALUES) return [{ path: 'value', message: `A filter can hold at most ${MAX_FILTER_VALUES} values.` }]
  if (values.some((value) => value.length > MAX_FILTER_VALUE_LENGTH)) {
    return [{ path: 'value', message: `A filter value can be at most ${MAX_FILTER_VALUE_LENGTH} characters.` }]
  }
  const field: TableFilterField | undefined = Object.hasOwn(options.fields, item.id) ? options.fields[item.id] : undefined
  if (!field) return [] // an unknown column: the caller checks the id (unknownFilterColumnMessage)
  if (item.variant !== field.variant) {
    return [{ path: 'variant', message: `"${item.id}" is a ${field.variant} filter, not ${item.variant}.` }]
  }
  if (!isOperatorAllowed(item.variant, item.operator)) return [] // the filter's shape is refused already
  const issues: TableRuleIssue[] = []
  const valueIssue = filterValueIssue(item)
  if (valueIssue) issues.push({ path: 'value', message: `${field.label}: ${valueIssue}` })
  if (field.options && OPTION_OPERATORS.includes(item.operator)) {
    const allowed = field.options.map((option) => option.value)
    const unknown = values.find((value) => value !== '' && !allowed.includes(value))
    if (unknown !== undefined) {
      issues.push({ path: 'value', message: `${field.label}: "${unknown.slice(0, 40)}" is not an option. ${known(allowed)}` })
    }
  }
  return issues
}

/** A table's lenient readers, one per part of its search state: the value when the list procedure accepts it, else undefined. */
export interface TableRules {
  page: (raw: unknown) => number | undefined
  perPage: (raw: unknown) => number | undefined
  sort: (raw: unknown) => SortItem[] | undefined
  filter: (raw: unknown) => FilterItem | undefined
  joinOperator: (raw: unknown) => JoinOperator | undefined
  /** Page 1, the default page size and sort, no filters, join "and". */
  defaults: TableSearch
}

const isWholeNumber = (raw: unknown): raw is number => typeof raw === 'number' && Number.isSafeInteger(raw)

/** The readers of one table's search state (what table-schema.ts `tableSchema` accepts, part by part). */
export function tableRules<const F extends string, const S extends string>(options: TableSchemaOptions<F, S>): TableRules {
  const sortable: readonly string[] = options.sortable
  const fieldIds: readonly string[] = Object.keys(options.fields)
  return {
    page: (raw) => (isWholeNumber(raw) && raw >= 1 && raw <= MAX_PAGE ? raw : undefined),
    perPage: (raw) => (isWholeNumber(raw) && perPageIssue(raw, options.pageSizes) === undefined ? raw : undefined),
    sort: (raw) => {
      if (!Array.isArray(raw) || raw.length > sortable.length) return undefined
      const items: SortItem[] = []
      for (let index = 0; index < raw.length; index++) {
        const item = readSortItem(raw[index])
        if (!item || !sortable.includes(item.id)) return undefined
        items.push(item)
      }
      return new Set(items.map((item) => item.id)).size === items.length ? items : undefined
    },
    filter: (raw) => {
      const item = readFilterItem(raw)
      return item && fieldIds.includes(item.id) && filterRuleIssues(item, options).length === 0 ? item : undefined
    },
    joinOperator: readJoinOperator,
    defaults: tableDefaults(options),
  }
}

/** Page 1, the default page size and sort, no filters, join "and". */
export const tableDefaults = (options: Pick<TableSchemaOptions<string, string>, 'defaultPerPage' | 'defaultSort'>): TableSearch => ({
  page: 1,
  perPage: options.defaultPerPage,
  sort: options.defaultSort.map((item) => ({ ...item })),
  filters: [],
  joinOperator: 'and',
})
