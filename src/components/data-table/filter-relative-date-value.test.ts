import { describe, expect, it } from 'vitest'
import { parseRelativeToToday } from '~/shared/data-table/filter-schema'
import { formatRelativeValue, relativeDraftOf } from './filter-relative-date-value'

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
