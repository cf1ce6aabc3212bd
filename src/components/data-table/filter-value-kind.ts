import { VALUELESS_OPERATORS, type FilterOperator, type FilterVariant } from '~/shared/data-table/config'
import type { FilterItem } from '~/shared/data-table/filter-schema'

/** Which input a filter shows and which shape its value takes. */
export type ValueKind =
  | 'none' // isEmpty / isNotEmpty: no input, value ''
  | 'text'
  | 'number'
  | 'numberRange' // [min, max]
  | 'date' // ms timestamp text
  | 'dateRange' // [from, to] ms timestamps text
  | 'relativeDate' // "<signed whole number> <unit>", e.g. "-7 days" (parseRelativeToToday in filter-schema.ts)
  | 'select'
  | 'multiSelect' // list of option values
  | 'boolean' // 'true' | 'false'

export function valueKindOf(variant: FilterVariant, operator: FilterOperator): ValueKind {
  if (VALUELESS_OPERATORS.includes(operator)) return 'none'
  switch (variant) {
    case 'text':
      return 'text'
    case 'number':
    case 'range':
      // As tablecn: the two-bound input for "Is between"; comparisons take one number.
      return operator === 'isBetween' ? 'numberRange' : 'number'
    case 'date':
    case 'dateRange':
      if (operator === 'isRelativeToToday') return 'relativeDate'
      // As the server reads them (filter-schema.ts filterValueIssue): a [from, to] pair for
      // "Is between", one timestamp for every comparison, on date and dateRange columns alike.
      return operator === 'isBetween' ? 'dateRange' : 'date'
    case 'select':
      return 'select'
    case 'multiSelect':
      return 'multiSelect'
    case 'boolean':
      return 'boolean'
  }
}

const isArrayKind = (kind: ValueKind) => kind === 'numberRange' || kind === 'dateRange' || kind === 'multiSelect'

/** The empty value of a filter: '' or [] (a filter with an empty value stays in the list; the server ignores it). */
export function emptyValueFor(variant: FilterVariant, operator: FilterOperator): string | string[] {
  return isArrayKind(valueKindOf(variant, operator)) ? [] : ''
}

/** True when the filter has nothing to filter with yet (the server ignores it). */
export function isEmptyValue(filter: Pick<FilterItem, 'value' | 'variant' | 'operator'>): boolean {
  if (valueKindOf(filter.variant, filter.operator) === 'none') return false
  return Array.isArray(filter.value) ? filter.value.every((part) => part === '') : filter.value === ''
}
