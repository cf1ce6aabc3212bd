import { describe, expect, it } from 'vitest'
import { formatRangeNumber, isNumericDraft, normaliseRange, rangeErrorText, validateRange } from './filter-range-value'

describe('numeric range (docs/product/keywords-table.md)', () => {
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
  it('says what is wrong with a bound, with the column range', () => {
    const range: [number, number] = [0, 10000]
    const { min, max } = validateRange(['20000', '5'], range)
    expect(min && rangeErrorText[min](range)).toBe('Minimum must be between 0 and 10000.')
    expect(max).toBeUndefined()
    const below = validateRange(['50', '5'], range).max
    expect(below && rangeErrorText[below](range)).toBe('Maximum must not be below the minimum.')
  })
})
