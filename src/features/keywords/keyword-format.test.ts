import { describe, expect, it } from 'vitest'
import { formatLongDate, formatPercent, formatVolume, keywordColumnWidth } from './keyword-format'

describe('keyword cell formats', () => {
  it('dates in English (US) long-month style, empty as a dash', () => {
    expect(formatLongDate(new Date('2026-03-04T12:00:00Z'))).toBe('March 4, 2026')
    expect(formatLongDate('2025-12-31T23:30:00Z')).toBe('December 31, 2025')
    expect(formatLongDate(null)).toBe('—')
    expect(formatLongDate(undefined)).toBe('—')
  })

  it('volume with thousands separators, difficulty as a percent without decimals', () => {
    expect(formatVolume(12500)).toBe('12,500')
    expect(formatVolume(0)).toBe('0')
    expect(formatVolume(null)).toBe('—')
    expect(formatPercent(42.6)).toBe('43%')
    expect(formatPercent(0)).toBe('0%')
    expect(formatPercent(null)).toBe('—')
  })

  it('keyword column: about 7 px per character of the longest keyword, within 200–400 px', () => {
    expect(keywordColumnWidth([])).toBe(200)
    expect(keywordColumnWidth(['espresso'])).toBe(200)
    expect(keywordColumnWidth(['x'.repeat(40), 'short'])).toBe(280)
    expect(keywordColumnWidth(['x'.repeat(120)])).toBe(400)
  })
})
