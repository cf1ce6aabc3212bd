import { describe, expect, it } from 'vitest'
import { changeTone, formatChange, formatMetric, noDataMessage } from './performance-format'
import { TOP_FILTER_MAX_LENGTH } from '~/shared/search-console-filter'
import {
  parsePerformanceSearch,
  parseTopFilters,
  performanceSearchToUrl,
  presetOf,
  presetRange,
  rangeDays,
  topFiltersToUrl,
} from './performance-search'

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

describe('the queries and pages tables’ filters in the URL', () => {
  it('reads each table’s text, trimmed', () => {
    expect(parseTopFilters({ queryContains: '  cold brew ', pageContains: '/blog/' })).toEqual({ query: 'cold brew', page: '/blog/' })
    expect(parseTopFilters({})).toEqual({ query: '', page: '' })
    expect(parseTopFilters({ queryContains: '100%_\\' })).toEqual({ query: '100%_\\', page: '' })
  })

  it('reads text the router took for a number or true/false as that text', () => {
    expect(parseTopFilters({ queryContains: 2026, pageContains: true })).toEqual({ query: '2026', page: 'true' })
  })

  it('drops what gsc.top would refuse: not text, or too long once trimmed', () => {
    expect(parseTopFilters({ queryContains: ['a'], pageContains: { a: 1 } })).toEqual({ query: '', page: '' })
    const longest = 'x'.repeat(TOP_FILTER_MAX_LENGTH)
    expect(parseTopFilters({ queryContains: ` ${longest} `, pageContains: `${longest}y` })).toEqual({ query: longest, page: '' })
  })

  it('leaves empty filters out of the URL', () => {
    expect(topFiltersToUrl({ query: '', page: '  ' })).toEqual({ queryContains: undefined, pageContains: undefined })
    expect(topFiltersToUrl({ query: 'cold brew', page: '' })).toEqual({ queryContains: 'cold brew', pageContains: undefined })
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

describe('an article without search data', () => {
  const range = presetRange('28d', now)
  const shown = (syncStatus: 'syncing' | 'working', publishedAt: string | null) =>
    noDataMessage({ range, previousRange: { from: '2026-09-29', to: '2026-10-26' }, connection: { syncStatus } }, publishedAt)

  it('says why in words that fit: importing, newer than the latest data, a new page, or an older one Google stopped showing', () => {
    expect(shown('syncing', '2026-01-10T09:00:00Z')).toMatch(/^Search Console’s data is still being imported/)
    // Published today: Search Console's latest day is before it.
    expect(shown('working', '2026-11-26T09:00:00Z')).toBe(
      'Search Console’s latest data is for November 23, 2026 (it arrives about 3 days late), before this article went live. Its clicks and positions appear here once Google reports them.',
    )
    expect(shown('working', '2026-11-10T09:00:00Z')).toMatch(
      /^Google has not shown it in search yet: a new page usually appears within a few weeks/,
    )
    expect(shown('working', '2026-06-10T09:00:00Z')).toBe(
      'Google has not shown it in any search since September 29, 2026. Check that the page is live and indexed (Search Console’s URL inspection), or refresh it.',
    )
  })
})
