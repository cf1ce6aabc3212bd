import { describe, expect, it } from 'vitest'
import { isOperatorAllowed } from './data-table/config'
import { filterValueIssue, parseRelativeToToday, relativeDateRange } from './data-table/filter-schema'
import { difficultyColour, KEYWORD_FILTER_FIELDS, KEYWORD_SORTABLE_COLUMNS, priorityBand } from './keywords'
import { KEYWORD_SOURCES } from './research'

describe('priorityBand (docs/product/keywords-table.md)', () => {
  it.each([
    [100, 'high'],
    [80, 'high'],
    [79, 'medium'],
    [40, 'medium'],
    [39, 'low'],
    [0, 'low'],
    [null, null],
    [undefined, null],
  ] as const)('%s → %s', (priority, band) => {
    expect(priorityBand(priority)).toBe(band)
  })
})

describe('difficultyColour (docs/product/keywords-table.md)', () => {
  it.each([
    [0, 'green'],
    [30, 'green'],
    [31, 'yellow'],
    [60, 'yellow'],
    [61, 'red'],
    [100, 'red'],
    [null, null],
  ] as const)('%s → %s', (difficulty, colour) => {
    expect(difficultyColour(difficulty)).toBe(colour)
  })
})

describe('KEYWORD_FILTER_FIELDS', () => {
  it('has the documented ranges and sortable columns that are all known', () => {
    expect(KEYWORD_FILTER_FIELDS.searchVolume.range).toEqual([0, 10000])
    expect(KEYWORD_FILTER_FIELDS.difficulty).toMatchObject({ range: [0, 100], unit: '%' })
    expect(KEYWORD_FILTER_FIELDS.status.options.map((option) => option.value)).toEqual([
      'draft',
      'scheduled',
      'published',
      'archived',
      'pending',
    ])
    for (const id of KEYWORD_SORTABLE_COLUMNS) expect(KEYWORD_FILTER_FIELDS[id]).toBeDefined()
    expect(KEYWORD_SORTABLE_COLUMNS).toContain('source')
    expect(KEYWORD_SORTABLE_COLUMNS).not.toContain('clusterLabel')
    expect(isOperatorAllowed(KEYWORD_FILTER_FIELDS.createdAt.variant, 'isRelativeToToday')).toBe(true)
  })
})

describe('KEYWORD_FILTER_FIELDS: the Keywords table’s columns (docs/product/keywords-table.md)', () => {
  it('lists every column in table order, each with its variant', () => {
    expect(Object.entries(KEYWORD_FILTER_FIELDS).map(([id, field]) => [id, field.label, field.variant])).toEqual([
      ['keyword', 'Keyword', 'text'],
      ['searchIntent', 'Search intent', 'multiSelect'],
      ['searchVolume', 'Search volume', 'range'],
      ['difficulty', 'Difficulty', 'range'],
      ['priority', 'Priority', 'range'],
      ['status', 'Status', 'multiSelect'],
      ['clusterLabel', 'Topic', 'text'],
      ['source', 'Source', 'multiSelect'],
      ['scheduledAt', 'Scheduled', 'date'],
      ['createdAt', 'Created', 'dateRange'],
    ])
  })

  it('offers every keyword source with its label', () => {
    expect(KEYWORD_FILTER_FIELDS.source.options).toEqual([
      { value: 'profile', label: 'Business profile' },
      { value: 'service', label: 'Services and products' },
      { value: 'competitor', label: 'Competitor' },
      { value: 'search_console', label: 'Search Console' },
      { value: 'people_also_ask', label: 'People also ask' },
      { value: 'manual', label: 'Added by you' },
    ])
    expect(KEYWORD_FILTER_FIELDS.source.options.map((option) => option.value)).toEqual([...KEYWORD_SOURCES])
  })
})

describe('relative dates', () => {
  it.each([
    ['-7 days', { amount: -7, unit: 'days' }],
    ['+1 month', { amount: 1, unit: 'months' }],
    ['0 days', { amount: 0, unit: 'days' }],
    [['-2', 'weeks'], { amount: -2, unit: 'weeks' }],
    ['7', undefined],
    ['-7 fortnights', undefined],
    ['', undefined],
  ] as const)('parses %j', (value, expected) => {
    expect(parseRelativeToToday(value as string | string[])).toEqual(expected)
  })

  const range = (value: string, now: string) =>
    relativeDateRange(parseRelativeToToday(value)!, new Date(now)).map((date) => date.toISOString().slice(0, 10))
  it.each([
    ['-1 month', '2025-03-31T15:00:00Z', ['2025-02-28', '2025-04-01']],
    ['-1 month', '2024-03-31T15:00:00Z', ['2024-02-29', '2024-04-01']],
    ['+1 month', '2025-01-31T00:00:00Z', ['2025-01-31', '2025-03-01']],
    ['+1 year', '2024-02-29T12:00:00Z', ['2024-02-29', '2025-03-01']],
    ['-7 days', '2025-03-03T23:59:59Z', ['2025-02-24', '2025-03-04']],
    ['+1 week', '2025-12-28T00:00:00Z', ['2025-12-28', '2026-01-05']],
  ])('%s from %s covers [start, end)', (value, now, expected) => {
    expect(range(value, now)).toEqual(expected)
  })
})

describe('filterValueIssue', () => {
  it.each([
    [{ variant: 'range', operator: 'gt', value: '12' }, undefined],
    [{ variant: 'range', operator: 'gt', value: '' }, undefined],
    [{ variant: 'range', operator: 'isEmpty', value: 'junk' }, undefined],
    [{ variant: 'range', operator: 'gt', value: 'x' }, '"x" is not a number between -2147483648 and 2147483647.'],
    [{ variant: 'range', operator: 'isBetween', value: ['1', ''] }, undefined],
    [{ variant: 'date', operator: 'eq', value: '1735689600000' }, undefined],
    [{ variant: 'date', operator: 'eq', value: '2025-01-01' }, '"2025-01-01" is not a date (milliseconds since 1970, years 1 to 9999).'],
    [{ variant: 'boolean', operator: 'eq', value: 'yes' }, '"yes" is not true or false.'],
    [{ variant: 'text', operator: 'iLike', value: ['a'] }, 'This filter takes one text, not a list.'],
  ] as const)('%j → %s', (filter, issue) => {
    expect(filterValueIssue(filter as never)).toBe(issue)
  })
})
