import { describe, expect, it } from 'vitest'
import { readingLevelFor } from './reading-level'

describe('readingLevelFor', () => {
  it('asks plain English when any audience is new to the subject or reads at home', () => {
    expect(readingLevelFor(['Home baristas', 'Independent cafés']).id).toBe('plain')
    expect(readingLevelFor(['Coffee-curious beginners']).id).toBe('plain')
    expect(readingLevelFor(['First-time buyers', 'CFOs']).id).toBe('plain')
  })

  it('allows denser text only when every audience is professional', () => {
    expect(readingLevelFor(['Developers', 'CTOs at startups']).id).toBe('professional')
    expect(readingLevelFor(['Developers', 'Café owners']).id).toBe('general')
  })

  it('scores for general readers when the audience is unknown or neither', () => {
    expect(readingLevelFor([]).id).toBe('general')
    expect(readingLevelFor(null).id).toBe('general')
    expect(readingLevelFor(['Office managers']).id).toBe('general')
  })
})
