import { describe, expect, it } from 'vitest'
import { multiSelectSummary, toggleOption } from './filter-multi-select-input'

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
