import { describe, expect, it } from 'vitest'
import { dataTableConfig, defaultOperatorFor } from '~/shared/data-table/config'
import { filterItemSchema, type FilterItem } from '~/shared/data-table/filter-schema'
import { createFilterId, type FilterField } from './filter-fields'
import {
  addFilter,
  changeField,
  changeOperator,
  changeValue,
  moveFilter,
  removeFilter,
  removeLastFilter,
  resetFilters,
  toUrlPayload,
} from './filter-list-ops'
import { valueKindOf } from './filter-value-kind'

const fields: FilterField[] = [
  { id: 'keyword', label: 'Keyword', variant: 'text' },
  { id: 'searchVolume', label: 'Search volume', variant: 'range', range: [0, 10000] },
  { id: 'status', label: 'Status', variant: 'multiSelect', options: [{ label: 'Draft', value: 'draft' }] },
  { id: 'createdAt', label: 'Created', variant: 'date' },
]

let counter = 0
const fakeId = () => `id${String(++counter).padStart(6, '0')}`

const filter = (over: Partial<FilterItem>): FilterItem => ({
  id: 'keyword',
  value: '',
  variant: 'text',
  operator: 'iLike',
  filterId: 'AAAAAAAA',
  ...over,
})

describe('filter ids', () => {
  it('are 8 characters, url-safe, and differ', () => {
    const ids = new Set(Array.from({ length: 200 }, () => createFilterId()))
    expect(ids.size).toBe(200)
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{8}$/)
    expect(dataTableConfig.filterIdLength).toBe(8)
  })
})

describe('addFilter', () => {
  it('adds the first unused filterable column with its default operator and an empty value', () => {
    const first = addFilter([], fields, fakeId)!
    expect(first.added).toMatchObject({ id: 'keyword', variant: 'text', operator: 'iLike', value: '' })
    expect(first.added.filterId).toHaveLength(8)
    const second = addFilter(first.filters, fields, fakeId)!
    expect(second.added).toMatchObject({
      id: 'searchVolume',
      variant: 'range',
      operator: defaultOperatorFor('range'),
      value: '',
    })
    expect(second.filters.map((item) => item.id)).toEqual(['keyword', 'searchVolume'])
    const third = addFilter(second.filters, fields, fakeId)!
    expect(third.added).toMatchObject({ id: 'status', operator: 'inArray', value: [] })
  })

  it('falls back to the first column when every column is used', () => {
    let filters: FilterItem[] = []
    for (let i = 0; i < fields.length; i++) filters = addFilter(filters, fields, fakeId)!.filters
    const next = addFilter(filters, fields, fakeId)!
    expect(next.added.id).toBe('keyword')
    expect(next.filters).toHaveLength(fields.length + 1)
  })

  it('never reuses a filterId and returns null without filterable columns', () => {
    const ids = ['SAMEIDXX', 'SAMEIDXX', 'OTHERIDX']
    const existing = [filter({ filterId: 'SAMEIDXX' })]
    expect(addFilter(existing, fields, () => ids.shift()!)!.added.filterId).toBe('OTHERIDX')
    expect(addFilter([], [])).toBeNull()
  })

  it('produces filters the URL schema accepts', () => {
    let filters: FilterItem[] = []
    for (let i = 0; i < fields.length; i++) filters = addFilter(filters, fields)!.filters
    for (const item of filters) expect(filterItemSchema.safeParse(item).success).toBe(true)
  })
})

describe('remove and reorder', () => {
  const list = [filter({ filterId: 'AAAAAAAA' }), filter({ filterId: 'BBBBBBBB' }), filter({ filterId: 'CCCCCCCC' })]
  it('removes one row or the last one', () => {
    expect(removeFilter(list, 'BBBBBBBB').map((item) => item.filterId)).toEqual(['AAAAAAAA', 'CCCCCCCC'])
    expect(removeLastFilter(list).map((item) => item.filterId)).toEqual(['AAAAAAAA', 'BBBBBBBB'])
    expect(removeLastFilter([])).toEqual([])
    expect(list).toHaveLength(3)
  })
  it('moves a row to where another one is', () => {
    expect(moveFilter(list, 'AAAAAAAA', 'CCCCCCCC').map((item) => item.filterId)).toEqual(['BBBBBBBB', 'CCCCCCCC', 'AAAAAAAA'])
    expect(moveFilter(list, 'CCCCCCCC', 'AAAAAAAA').map((item) => item.filterId)).toEqual(['CCCCCCCC', 'AAAAAAAA', 'BBBBBBBB'])
    expect(moveFilter(list, 'AAAAAAAA', 'nope').map((item) => item.filterId)).toEqual(['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC'])
  })
  it('reset clears the filters and sets the join back to and', () => {
    expect(resetFilters()).toEqual({ filters: [], joinOperator: 'and' })
  })
})

describe('changeField', () => {
  it('resets the operator to the new variant default and clears the value', () => {
    const list = [filter({ value: 'seo', operator: 'ne' })]
    const [next] = changeField(list, 'AAAAAAAA', fields[1])
    expect(next).toEqual({ id: 'searchVolume', variant: 'range', operator: 'eq', value: '', filterId: 'AAAAAAAA' })
    const [multi] = changeField(list, 'AAAAAAAA', fields[2])
    expect(multi).toMatchObject({ id: 'status', variant: 'multiSelect', operator: 'inArray', value: [] })
  })
  it('keeps the row as is when the same field is picked', () => {
    const list = [filter({ value: 'seo', operator: 'ne' })]
    expect(changeField(list, 'AAAAAAAA', fields[0])[0]).toEqual(list[0])
  })
})

describe('changeOperator', () => {
  it('isEmpty / isNotEmpty clear the value and hide the input', () => {
    const [next] = changeOperator([filter({ value: 'seo' })], 'AAAAAAAA', 'isEmpty')
    expect(next).toMatchObject({ operator: 'isEmpty', value: '' })
    expect(valueKindOf(next.variant, next.operator)).toBe('none')
    const [multi] = changeOperator([filter({ variant: 'multiSelect', operator: 'inArray', value: ['a'] })], 'AAAAAAAA', 'isNotEmpty')
    expect(multi).toMatchObject({ operator: 'isNotEmpty', value: '' })
    expect(changeValue([multi], 'AAAAAAAA', 'x')[0].value).toBe('')
  })
  it('keeps a value of the same shape, clears one that no longer fits', () => {
    expect(changeOperator([filter({ value: 'seo' })], 'AAAAAAAA', 'ne')[0].value).toBe('seo')
    const number = filter({ variant: 'number', operator: 'eq', value: '5', id: 'searchVolume' })
    expect(changeOperator([number], 'AAAAAAAA', 'gt')[0].value).toBe('5')
    expect(changeOperator([number], 'AAAAAAAA', 'isBetween')[0].value).toEqual([])
    const date = filter({ variant: 'date', operator: 'eq', value: '1700000000000', id: 'createdAt' })
    expect(changeOperator([date], 'AAAAAAAA', 'isRelativeToToday')[0].value).toBe('')
  })
  it('refuses an operator the variant does not offer', () => {
    const list = [filter({ value: 'seo' })]
    expect(changeOperator(list, 'AAAAAAAA', 'isBetween')[0]).toEqual(list[0])
  })
})

describe('URL payload', () => {
  it('drops the join when and, and the filters when empty', () => {
    expect(toUrlPayload({ filters: [], joinOperator: 'and' })).toEqual({ filters: undefined, joinOperator: undefined })
    const list = [filter({ value: '' }), filter({ filterId: 'BBBBBBBB', value: 'seo' })]
    expect(toUrlPayload({ filters: list, joinOperator: 'or' })).toEqual({ filters: list, joinOperator: 'or' })
  })
})
