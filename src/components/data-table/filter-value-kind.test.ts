import { describe, expect, it } from 'vitest'
import { dataTableConfig, operatorsFor } from '~/shared/data-table/config'
import { filterValueIssue, type FilterItem } from '~/shared/data-table/filter-schema'
import { normaliseRange } from './filter-range-value'
import { formatRelativeValue } from './filter-relative-date-value'
import { emptyValueFor, isEmptyValue, valueKindOf } from './filter-value-kind'

const filter = (over: Partial<FilterItem>): FilterItem => ({
  id: 'keyword',
  value: '',
  variant: 'text',
  operator: 'iLike',
  filterId: 'AAAAAAAA',
  ...over,
})

describe('value kinds follow the server shapes', () => {
  it('maps every operator of every variant', () => {
    for (const variant of dataTableConfig.filterVariants) {
      for (const { value: operator } of operatorsFor(variant)) {
        const kind = valueKindOf(variant, operator)
        expect(kind).toBeTruthy()
        if (operator === 'isEmpty' || operator === 'isNotEmpty') expect(kind).toBe('none')
      }
    }
    expect(valueKindOf('range', 'isBetween')).toBe('numberRange')
    expect(valueKindOf('range', 'gte')).toBe('number')
    expect(valueKindOf('dateRange', 'isBetween')).toBe('dateRange')
    expect(valueKindOf('dateRange', 'lt')).toBe('date')
    expect(valueKindOf('date', 'isRelativeToToday')).toBe('relativeDate')
    expect(valueKindOf('boolean', 'ne')).toBe('boolean')
  })
  it('empty values are kept in the list and ignored by the server (no value issue)', () => {
    for (const variant of dataTableConfig.filterVariants) {
      for (const { value: operator } of operatorsFor(variant)) {
        const item = { variant, operator, value: emptyValueFor(variant, operator) }
        expect(filterValueIssue(item)).toBeUndefined()
        if (valueKindOf(variant, operator) !== 'none') expect(isEmptyValue(item)).toBe(true)
      }
    }
  })
  it('filled values have the shape the server accepts', () => {
    const ms = String(Date.UTC(2026, 0, 31))
    const samples: FilterItem[] = [
      filter({ value: 'seo' }),
      filter({ variant: 'number', operator: 'lt', value: '10' }),
      filter({ variant: 'range', operator: 'isBetween', value: normaliseRange(['10', '']) }),
      filter({ variant: 'date', operator: 'eq', value: ms }),
      filter({ variant: 'dateRange', operator: 'isBetween', value: [ms, ''] }),
      filter({
        variant: 'date',
        operator: 'isRelativeToToday',
        value: formatRelativeValue({ amount: '-7', unit: 'days' }),
      }),
      filter({ variant: 'boolean', operator: 'eq', value: 'true' }),
      filter({ variant: 'select', operator: 'eq', value: 'draft' }),
      filter({ variant: 'multiSelect', operator: 'inArray', value: ['draft', 'scheduled'] }),
    ]
    for (const item of samples) {
      expect(filterValueIssue(item), JSON.stringify(item)).toBeUndefined()
      expect(isEmptyValue(item)).toBe(false)
    }
  })
})
