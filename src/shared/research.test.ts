import { describe, expect, it } from 'vitest'
import { finalScore, opportunityScore, relevanceScore, SCORE_WEIGHTS, trendScore, volumeScore } from './research'

describe('research scores', () => {
  it('relevance is the cosine as a percentage, never negative', () => {
    expect(relevanceScore(0.734)).toBe(73.4)
    expect(relevanceScore(-0.2)).toBe(0)
    expect(relevanceScore(1.2)).toBe(100)
  })

  it('opportunity grows with volume and falls with difficulty; unknown difficulty counts as 50', () => {
    expect(volumeScore(0)).toBe(0)
    expect(volumeScore(99_999)).toBeCloseTo(100, 0)
    expect(volumeScore(10_000_000)).toBe(100)
    expect(opportunityScore(1000, 10)).toBeGreaterThan(opportunityScore(1000, 60))
    expect(opportunityScore(5000, 30)).toBeGreaterThan(opportunityScore(50, 30))
    expect(opportunityScore(1000, null)).toBe(opportunityScore(1000, 50))
    expect(opportunityScore(null, 0)).toBe(0)
  })

  it('trend is 50 when flat or unknown, above when rising, below when falling, within 0–100', () => {
    expect(trendScore([100, 100, 100, 100])).toBe(50)
    expect(trendScore([])).toBe(50)
    expect(trendScore([null, 10])).toBe(50)
    const rising = trendScore([100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210])
    const falling = trendScore([210, 200, 190, 180, 170, 160, 150, 140, 130, 120, 110, 100])
    expect(rising).toBeGreaterThan(50)
    expect(falling).toBeLessThan(50)
    expect(rising - 50).toBeCloseTo(50 - falling, 0)
    expect(trendScore([1, 1000, 100000])).toBe(100)
    expect(trendScore([100000, 1000, 1])).toBe(0)
    // Gaps are skipped rather than read as zero searches.
    expect(trendScore([100, null, 100, null, 100])).toBe(50)
  })

  it('the final score is the weighted sum, and the weights add up to 1', () => {
    expect(SCORE_WEIGHTS.relevance + SCORE_WEIGHTS.opportunity + SCORE_WEIGHTS.trend).toBeCloseTo(1, 10)
    expect(finalScore({ relevance: 80, opportunity: 50, trend: 60 })).toBe(65)
    expect(finalScore({ relevance: 100, opportunity: 100, trend: 100 })).toBe(100)
  })
})
