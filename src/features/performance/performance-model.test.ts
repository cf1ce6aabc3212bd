import { describe, expect, it } from 'vitest'
import { changeTone, formatChange, formatMetric } from './performance-format'
import { parsePerformanceSearch, performanceSearchToUrl, presetOf, presetRange, rangeDays } from './performance-search'

const now = new Date('2026-11-26T20:00:00Z')

describe('performance range', () => {
  it('ends presets on the last day with data (3 days of lag)', () => {
    expect(presetRange('28d', now)).toEqual({ from: '2026-10-27', to: '2026-11-23' })
    expect(rangeDays(presetRange('28d', now))).toBe(28)
    expect(presetRange('3m', now)).toEqual({ from: '2026-08-24', to: '2026-11-23' })
    expect(presetRange('16m', now)).toEqual({ from: '2025-07-24', to: '2026-11-23' })
  })

  it('reads a valid range from the URL and recognises presets', () => {
    expect(parsePerformanceSearch({ from: '2026-09-01', to: '2026-09-30' }, now)).toEqual({ from: '2026-09-01', to: '2026-09-30' })
    expect(presetOf(presetRange('3m', now), now)).toBe('3m')
    expect(presetOf({ from: '2026-09-01', to: '2026-09-30' }, now)).toBeNull()
  })

  it('swaps a reversed range and falls back to 28 days on bad input', () => {
    expect(parsePerformanceSearch({ from: '2026-09-30', to: '2026-09-01' }, now)).toEqual({ from: '2026-09-01', to: '2026-09-30' })
    const standard = presetRange('28d', now)
    expect(parsePerformanceSearch({}, now)).toEqual(standard)
    expect(parsePerformanceSearch({ from: '2026-02-30', to: '2026-03-10' }, now)).toEqual(standard)
    expect(parsePerformanceSearch({ from: 'x', to: 5 }, now)).toEqual(standard)
    expect(parsePerformanceSearch({ from: '2026-11-01', to: '2026-12-01' }, now)).toEqual(standard)
    expect(parsePerformanceSearch({ from: '2024-01-01', to: '2026-11-01' }, now)).toEqual(standard)
  })

  it('leaves the default range out of the URL', () => {
    expect(performanceSearchToUrl(presetRange('28d', now), now)).toEqual({})
    expect(performanceSearchToUrl(presetRange('3m', now), now)).toEqual(presetRange('3m', now))
  })
})

describe('performance numbers', () => {
  it('colours a lower position as good and fewer clicks as bad', () => {
    expect(changeTone('position', -0.1)).toBe('good')
    expect(changeTone('position', 0.1)).toBe('bad')
    expect(changeTone('clicks', -0.2)).toBe('bad')
    expect(changeTone('ctr', 0.2)).toBe('good')
    expect(changeTone('clicks', 0)).toBeNull()
    expect(changeTone('clicks', null)).toBeNull()
  })

  it('formats changes and metrics', () => {
    expect(formatChange(0.256)).toBe('+26%')
    expect(formatChange(-0.08)).toBe('−8%')
    expect(formatChange(0.001)).toBe('0%')
    expect(formatChange(null)).toBe('–')
    expect(formatMetric('clicks', 12345)).toBe('12,345')
    expect(formatMetric('ctr', 0.0345)).toBe('3.5%')
    expect(formatMetric('position', 8.04)).toBe('8.0')
    expect(formatMetric('position', null)).toBe('–')
  })
})
