import { describe, expect, it, vi } from 'vitest'
import { dataTableConfig, defaultOperatorFor, operatorsFor } from '~/shared/data-table/config'
import {
  filterItemSchema,
  filterValueIssue,
  parseRelativeToToday,
  type FilterItem,
} from '~/shared/data-table/filter-schema'
import { formatRelativeValue, relativeDraftOf } from './filter-relative-date-value'
import { multiSelectSummary, toggleOption } from './filter-multi-select-input'
import {
  addFilter,
  changeField,
  changeOperator,
  changeValue,
  createFilterId,
  createThrottle,
  dateFromText,
  emptyValueFor,
  formatRangeNumber,
  isEmptyValue,
  isNumericDraft,
  isTypingTarget,
  moveFilter,
  normaliseRange,
  removeFilter,
  removeLastFilter,
  resetFilters,
  timestampText,
  toUrlPayload,
  validateRange,
  valueKindOf,
  type FilterField,
} from './use-filter-list'

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
    expect(moveFilter(list, 'AAAAAAAA', 'CCCCCCCC').map((item) => item.filterId)).toEqual([
      'BBBBBBBB',
      'CCCCCCCC',
      'AAAAAAAA',
    ])
    expect(moveFilter(list, 'CCCCCCCC', 'AAAAAAAA').map((item) => item.filterId)).toEqual([
      'CCCCCCCC',
      'AAAAAAAA',
      'BBBBBBBB',
    ])
    expect(moveFilter(list, 'AAAAAAAA', 'nope').map((item) => item.filterId)).toEqual([
      'AAAAAAAA',
      'BBBBBBBB',
      'CCCCCCCC',
    ])
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
    const [multi] = changeOperator(
      [filter({ variant: 'multiSelect', operator: 'inArray', value: ['a'] })],
      'AAAAAAAA',
      'isNotEmpty',
    )
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

describe('numeric range (spec §5)', () => {
  it('accepts only numbers or empty while typing', () => {
    for (const ok of ['', '-', '1', '10', '-3.5', '4.']) expect(isNumericDraft(ok)).toBe(true)
    for (const bad of ['a', '1e3', '1,5', '--1', '1-']) expect(isNumericDraft(bad)).toBe(false)
  })
  it('keeps min inside the range, max inside the range and not below min', () => {
    const range: [number, number] = [0, 10000]
    expect(validateRange(['', ''], range)).toEqual({})
    expect(validateRange(['10', '500'], range)).toEqual({})
    expect(validateRange(['-1', ''], range)).toEqual({ min: 'minOutOfRange' })
    expect(validateRange(['10001', ''], range)).toEqual({ min: 'minOutOfRange' })
    expect(validateRange(['', '10001'], range)).toEqual({ max: 'maxOutOfRange' })
    expect(validateRange(['500', '10'], range)).toEqual({ max: 'maxBelowMin' })
    expect(validateRange(['500', '500'], range)).toEqual({})
    expect(validateRange(['-', ''], range)).toEqual({ min: 'notANumber' })
  })
  it('defaults to 0–100 when the column gives no range', () => {
    expect(validateRange(['50', '100'])).toEqual({})
    expect(validateRange(['', '101'])).toEqual({ max: 'maxOutOfRange' })
  })
  it('shows whole numbers without decimals', () => {
    expect(formatRangeNumber(10)).toBe('10')
    expect(formatRangeNumber('10.0')).toBe('10')
    expect(formatRangeNumber(2.5)).toBe('2.5')
    expect(formatRangeNumber('')).toBe('')
    expect(normaliseRange(['010', ''])).toEqual(['10', ''])
  })
})

describe('dates as millisecond timestamps in text', () => {
  it('stores the picked day as its UTC midnight and reads it back as that calendar day', () => {
    const picked = new Date(2026, 10, 21, 15, 30) // a local date, any time of day
    expect(timestampText(picked)).toBe(String(Date.UTC(2026, 10, 21)))
    const back = dateFromText(String(Date.UTC(2026, 10, 21)))!
    expect([back.getFullYear(), back.getMonth(), back.getDate()]).toEqual([2026, 10, 21])
    expect(timestampText(back)).toBe(String(Date.UTC(2026, 10, 21)))
    expect(timestampText(undefined)).toBe('')
    expect(dateFromText('')).toBeUndefined()
    expect(dateFromText('yesterday')).toBeUndefined()
  })
})

describe('relative-date value (server format "-7 days")', () => {
  it('formats what the server parses', () => {
    expect(formatRelativeValue({ amount: '-7', unit: 'days' })).toBe('-7 days')
    expect(formatRelativeValue({ amount: '+2', unit: 'weeks' })).toBe('2 weeks')
    expect(formatRelativeValue({ amount: '-0', unit: 'months' })).toBe('0 months')
    expect(parseRelativeToToday(formatRelativeValue({ amount: '3', unit: 'months' }))).toEqual({
      amount: 3,
      unit: 'months',
    })
  })
  it('gives an empty value for an unfinished number', () => {
    for (const amount of ['', '-', '+', 'x']) expect(formatRelativeValue({ amount, unit: 'days' })).toBe('')
  })
  it('reads stored values back into the input', () => {
    expect(relativeDraftOf('-7 days')).toEqual({ amount: '-7', unit: 'days' })
    expect(relativeDraftOf(['1', 'week'])).toEqual({ amount: '1', unit: 'weeks' })
    expect(relativeDraftOf('1 year')).toEqual({ amount: '12', unit: 'months' })
    expect(relativeDraftOf('')).toEqual({ amount: '', unit: 'days' })
  })
})

describe('multi-select', () => {
  const options = [
    { label: 'Draft', value: 'draft' },
    { label: 'Scheduled', value: 'scheduled' },
    { label: 'Published', value: 'published' },
  ]
  it('shows badges up to 2 and "N selected" past 2', () => {
    expect(multiSelectSummary([], options)).toEqual([])
    expect(multiSelectSummary(['draft', 'published'], options)).toEqual(['Draft', 'Published'])
    expect(multiSelectSummary(['draft', 'published', 'scheduled'], options)).toEqual(['3 selected'])
  })
  it('toggles options', () => {
    expect(toggleOption(['draft'], 'published')).toEqual(['draft', 'published'])
    expect(toggleOption(['draft', 'published'], 'draft')).toEqual(['published'])
  })
})

describe('URL payload', () => {
  it('drops the join when and, and the filters when empty', () => {
    expect(toUrlPayload({ filters: [], joinOperator: 'and' })).toEqual({ filters: undefined, joinOperator: undefined })
    const list = [filter({ value: '' }), filter({ filterId: 'BBBBBBBB', value: 'seo' })]
    expect(toUrlPayload({ filters: list, joinOperator: 'or' })).toEqual({ filters: list, joinOperator: 'or' })
  })
})

describe('isTypingTarget', () => {
  it('is false for non-elements and buttons, true for inputs and editable content', () => {
    expect(isTypingTarget(null)).toBe(false)
    const fake = (tagName: string, isContentEditable = false) =>
      ({ tagName, isContentEditable, closest: () => null }) as unknown as EventTarget
    expect(isTypingTarget(fake('BUTTON'))).toBe(false)
    expect(isTypingTarget(fake('INPUT'))).toBe(true)
    expect(isTypingTarget(fake('TEXTAREA'))).toBe(true)
    expect(isTypingTarget(fake('DIV', true))).toBe(true)
  })
})

describe('createThrottle (50 ms emission)', () => {
  it('runs the first call at once and collapses later ones into one trailing call with the latest value', () => {
    vi.useFakeTimers()
    try {
      const calls: number[] = []
      const throttled = createThrottle((value: number) => calls.push(value), dataTableConfig.throttleMs)
      throttled(1)
      expect(calls).toEqual([1])
      vi.advanceTimersByTime(10)
      throttled(2)
      throttled(3)
      vi.advanceTimersByTime(20)
      throttled(4)
      expect(calls).toEqual([1])
      vi.advanceTimersByTime(20)
      expect(calls).toEqual([1, 4])
      vi.advanceTimersByTime(100)
      throttled(5)
      expect(calls).toEqual([1, 4, 5])
      throttled(6)
      throttled.cancel()
      vi.advanceTimersByTime(100)
      expect(calls).toEqual([1, 4, 5])
    } finally {
      vi.useRealTimers()
    }
  })
})
