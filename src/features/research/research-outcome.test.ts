import { describe, expect, it } from 'vitest'
import { openNote, outcome, pipelineFigures } from './research-outcome'

describe('a research run’s outcome', () => {
  it('leads with what was found for the business: keywords and topics for the month', () => {
    expect(outcome({ month: '2026-12', counts: { plan: 30, cluster: 12, capacity: 30 } })).toBe(
      '30 keywords in 12 topics for December 2026',
    )
    expect(outcome({ month: '2026-12', counts: { plan: 1, cluster: 1, capacity: 1 } })).toBe('1 keyword in 1 topic for December 2026')
  })

  it('says apart how many of the month’s articles stay open when research found too few distinct keywords, and the next step', () => {
    const run = { month: '2026-12', counts: { plan: 28, cluster: 9, capacity: 30 } }
    expect(outcome(run)).toBe('28 keywords in 9 topics for December 2026')
    expect(openNote(run)).toBe(
      '2 articles of December 2026 are still open: no more keywords were different enough from the ones you have. Next step: add seeds or competitors in Settings to widen the search.',
    )
    expect(openNote({ month: '2026-12', counts: { plan: 29, cluster: 20, capacity: 30 } })).toMatch(
      /^1 article of December 2026 is still open: /,
    )
    expect(openNote({ month: '2026-12', counts: { plan: 30, cluster: 12, capacity: 30 } })).toBeUndefined()
  })

  it('tells a full month from a run that found nothing new', () => {
    expect(outcome({ month: '2027-01', counts: { plan: 0, capacity: 0 } })).toBe(
      'January 2027 is fully planned: no new keywords were needed',
    )
    expect(outcome({ month: '2027-01', counts: { plan: 0, capacity: 4 } })).toBe(
      'No new keywords for January 2027: every candidate was already planned or too close to one',
    )
    expect(openNote({ month: '2027-01', counts: { plan: 0, capacity: 4 } })).toBeUndefined()
  })

  it('keeps the pipeline’s figures for Details: what it read, scored and merged, and what it cost', () => {
    expect(pipelineFigures({ counts: { expand: 1299, score: 299, merged: 47 }, paidCalls: 49, cacheHits: 480, cost: 0.357 })).toEqual([
      '1,299 keywords considered, 299 scored, 47 merged as duplicates',
      '49 provider calls, 480 answered from cache · estimated cost $0.36',
    ])
    expect(pipelineFigures({ counts: {}, paidCalls: 0, cacheHits: 1, cost: 0 })[1]).toBe('No paid provider calls, 1 answer from cache')
  })
})
