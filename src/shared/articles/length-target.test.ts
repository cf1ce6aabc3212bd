import { describe, expect, it } from 'vitest'
import { isShortOfTarget, MAX_SECTIONS, MIN_SECTIONS, plannedSections, targetOrigin, targetWords } from './length-target'

const range = { min: 1200, max: 3000 }

describe('targetWords', () => {
  it('is the SERP median when it lies within the range', () => {
    expect(targetWords({ serpMedianWords: 1450, ...range })).toBe(1450)
  })

  it('raises a short median to the minimum and caps a long one at the maximum', () => {
    expect(targetWords({ serpMedianWords: 640, ...range })).toBe(1200)
    expect(targetWords({ serpMedianWords: 5200, ...range })).toBe(3000)
  })

  it('is the minimum when no result could be read', () => {
    expect(targetWords({ serpMedianWords: null, ...range })).toBe(1200)
    expect(targetWords({ serpMedianWords: 0, min: 800, max: 3000 })).toBe(800)
  })

  it('follows the business’s own range', () => {
    expect(targetWords({ serpMedianWords: 1450, min: 2000, max: 4000 })).toBe(2000)
    expect(targetWords({ serpMedianWords: 1450, min: 300, max: 1000 })).toBe(1000)
  })
})

describe('plannedSections', () => {
  it('plans about one section per 200 words after the introduction', () => {
    expect(plannedSections(1200)).toBe(5)
    expect(plannedSections(1520)).toBe(7)
    expect(plannedSections(2120)).toBe(10)
  })

  it('stays within its bounds', () => {
    expect(plannedSections(300)).toBe(MIN_SECTIONS)
    expect(plannedSections(10_000)).toBe(MAX_SECTIONS)
  })

  it('never plans fewer sections for a longer target', () => {
    let previous = 0
    for (let target = 300; target <= 10_000; target += 50) {
      const sections = plannedSections(target)
      expect(sections).toBeGreaterThanOrEqual(previous)
      previous = sections
    }
  })
})

describe('isShortOfTarget', () => {
  it('is true only more than 10% under the target', () => {
    expect(isShortOfTarget(1079, 1200)).toBe(true)
    expect(isShortOfTarget(1080, 1200)).toBe(false)
    expect(isShortOfTarget(1500, 1200)).toBe(false)
  })
})

describe('targetOrigin', () => {
  it('names the median, the results and the bound that applied', () => {
    const origin = (serpMedianWords: number | null, resultsRead?: number) =>
      targetOrigin({ target: targetWords({ serpMedianWords, ...range }), serpMedianWords, resultsRead })
    expect(origin(640, 8)).toBe('The median of 8 top results (640 words), raised to your minimum of 1,200.')
    expect(origin(5200, 1)).toBe('The median of 1 top result (5,200 words), capped at your maximum of 3,000.')
    expect(origin(1450)).toBe('The median of the top results (1,450 words).')
    expect(origin(null)).toBe('No top result could be read: your minimum of 1,200 words.')
  })
})
