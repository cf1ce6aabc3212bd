import { arrayMove } from '@dnd-kit/sortable'
import { defaultOperatorFor, isOperatorAllowed, type FilterOperator, type JoinOperator } from '~/shared/data-table/config'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import { createFilterId, type FilterField } from './filter-fields'
import { emptyValueFor, valueKindOf } from './filter-value-kind'

/*
 * The filter list's rule book (docs/product/keywords-table.md): every change a
 * person can make to the list, as pure functions that return a new list and never mutate.
 */

/** What the list hands back on every change. */
export interface FilterListState {
  filters: FilterItem[]
  joinOperator: JoinOperator
}

/**
 * "Add filter": the first filterable column not yet used (or the first column when all are
 * used), its variant's default operator, an empty value and a new 8-character filterId.
 * Returns null when the table has no filterable column.
 */
export function addFilter(
  filters: readonly FilterItem[],
  fields: readonly FilterField[],
  makeId: () => string = createFilterId,
): { filters: FilterItem[]; added: FilterItem } | null {
  const field = fields.find((candidate) => !filters.some((filter) => filter.id === candidate.id)) ?? fields[0]
  if (!field) return null
  const operator = defaultOperatorFor(field.variant)
  let filterId = makeId()
  while (filters.some((filter) => filter.filterId === filterId)) filterId = makeId()
  const added: FilterItem = { id: field.id, value: emptyValueFor(field.variant, operator), variant: field.variant, operator, filterId }
  return { filters: [...filters, added], added }
}

export const removeFilter = (filters: readonly FilterItem[], filterId: string): FilterItem[] =>
  filters.filter((filter) => filter.filterId !== filterId)

export const removeLastFilter = (filters: readonly FilterItem[]): FilterItem[] => filters.slice(0, -1)

/** Drag reorder: moves `activeId` to where `overId` is. Unknown ids leave the list as it was. */
export function moveFilter(filters: readonly FilterItem[], activeId: string, overId: string): FilterItem[] {
  const from = filters.findIndex((filter) => filter.filterId === activeId)
  const to = filters.findIndex((filter) => filter.filterId === overId)
  if (from === -1 || to === -1 || from === to) return [...filters]
  return arrayMove([...filters], from, to)
}

const updateOne = (filters: readonly FilterItem[], filterId: string, update: (filter: FilterItem) => FilterItem) =>
  filters.map((filter) => (filter.filterId === filterId ? update(filter) : filter))

/** Changing the field resets the operator to the new variant's default and clears the value. */
export function changeField(filters: readonly FilterItem[], filterId: string, field: FilterField): FilterItem[] {
  return updateOne(filters, filterId, (filter) => {
    if (filter.id === field.id) return filter
    const operator = defaultOperatorFor(field.variant)
    return { ...filter, id: field.id, variant: field.variant, operator, value: emptyValueFor(field.variant, operator) }
  })
}

/**
 * Changing the operator: isEmpty/isNotEmpty clear the value; a value whose shape no
 * longer fits (single ↔ range ↔ relative) is cleared too; otherwise it is kept.
 * Operators the variant does not offer are refused (list returned unchanged).
 */
export function changeOperator(filters: readonly FilterItem[], filterId: string, operator: FilterOperator): FilterItem[] {
  return updateOne(filters, filterId, (filter) => {
    if (!isOperatorAllowed(filter.variant, operator) || filter.operator === operator) return filter
    const before = valueKindOf(filter.variant, filter.operator)
    const after = valueKindOf(filter.variant, operator)
    const value = after === 'none' || before !== after ? emptyValueFor(filter.variant, operator) : filter.value
    return { ...filter, operator, value }
  })
}

export function changeValue(filters: readonly FilterItem[], filterId: string, value: string | string[]): FilterItem[] {
  return updateOne(filters, filterId, (filter) => (valueKindOf(filter.variant, filter.operator) === 'none' ? filter : { ...filter, value }))
}

/** "Reset filters": no filters and the join back to and. */
export const resetFilters = (): FilterListState => ({ filters: [], joinOperator: 'and' })

/**
 * What goes to the URL (docs/product/keywords-table.md): the filters as they are (empty values included: the server
 * ignores them) and the join operator, left out when it is "and".
 */
export function toUrlPayload(state: FilterListState): { filters: FilterItem[] | undefined; joinOperator: 'or' | undefined } {
  return {
    filters: state.filters.length === 0 ? undefined : state.filters.map((filter) => ({ ...filter })),
    joinOperator: state.joinOperator === 'or' ? 'or' : undefined,
  }
}
