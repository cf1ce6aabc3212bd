import { describe, expect, it } from 'vitest'
import { openNote, outcome, pipelineFigures } from './research-outcome'

describe('a research run’s outcome', () => {
  it('leads with what was found for the business: keywords and topics for the month', () => {
    expect(outcome({ month: '2026-12', counts: { plan: 30, cluster: 12, capacity: 30 } })).toBe(
      '30 keywords in 12 topics for December 2026',
    )
    expect(outcome({ month: '2026-12', counts: { plan: 1, cluster: 1, capacity: 1 } })).toBe('1 keyword in 1 topic for December 2026')
  })

  it('a run recorded before runs said what limited them: how many articles stay open, and the general next step', () => {
    const run = { month: '2026-12', counts: { plan: 28, cluster: 9, capacity: 30 }, outcome: null }
    expect(outcome(run)).toBe('28 keywords in 9 topics for December 2026')
    expect(openNote(run)).toBe(
      '2 articles of December 2026 are still open: no more keywords were different enough from the ones you have. Next step: add seeds or competitors in Settings to widen the search.',
    )
    expect(openNote({ month: '2026-12', counts: { plan: 29, cluster: 20, capacity: 30 }, outcome: null })).toMatch(
      /^1 article of December 2026 is still open: /,
    )
    expect(openNote({ month: '2026-12', counts: { plan: 30, cluster: 12, capacity: 30 }, outcome: null })).toBeUndefined()
  })

  it('says what limited a short run and names the inputs that would widen it', () => {
    const short = (limitedBy: 'market' | 'relevance' | 'duplicates', competitors: number) =>
      openNote({ month: '2026-12', counts: { plan: 12, cluster: 5, capacity: 30 }, outcome: { limitedBy, seeds: [], competitors } })
    expect(short('market', 0)).toBe(
      '18 articles of December 2026 are still open: research found too few distinct searches for your seeds in your market. Next step: add seeds for other things you sell (Settings → Research seeds), add a competitor on the Competitors page, or try a wider market (Settings → Article settings → Keyword region).',
    )
    expect(short('market', 2)).toMatch(/add another competitor on the Competitors page, or try a wider market/)
    expect(short('relevance', 1)).toMatch(
      /still open: most searches research found were not about your business\. Next step: add seeds and services/,
    )
    expect(short('duplicates', 1)).toMatch(
      /still open: the other searches it found repeat keywords you already have\. Next step: add seeds on subjects/,
    )
  })

  it('names each of the user’s seeds that got no article, with the reason; planned ones are not listed', () => {
    const note = openNote({
      month: '2026-12',
      counts: { plan: 30, cluster: 9, capacity: 30 },
      outcome: {
        limitedBy: null,
        competitors: 1,
        seeds: [
          { seed: 'sourdough', fate: 'variant', keyword: 'sourdough bread' },
          { seed: 'rye bread', fate: 'planned', keyword: 'rye bread' },
          { seed: 'croissants', fate: 'excluded', keyword: null },
          { seed: 'bagels', fate: 'already_planned', keyword: 'bagel recipe' },
          { seed: 'kvass', fate: 'no_searches', keyword: null },
        ],
      },
    })
    expect(note).toBe(
      'Not planned from your seeds: “croissants” (you excluded it), “bagels” (already planned as “bagel recipe”), “kvass” (nobody searches it, nor a longer phrase with its words).',
    )
  })

  it('tells a full month from a run that found nothing new', () => {
    expect(outcome({ month: '2027-01', counts: { plan: 0, capacity: 0 } })).toBe(
      'January 2027 is fully planned: no new keywords were needed',
    )
    expect(outcome({ month: '2027-01', counts: { plan: 0, capacity: 4 } })).toBe(
      'No new keywords for January 2027: every candidate was already planned or too close to one',
    )
    expect(openNote({ month: '2027-01', counts: { plan: 0, capacity: 4 }, outcome: null })).toBeUndefined()
  })

  it('keeps the pipeline’s figures for Details: what it read, scored and merged, and what it cost', () => {
    expect(pipelineFigures({ counts: { expand: 1299, score: 299, merged: 47 }, paidCalls: 49, cacheHits: 480, cost: 0.357 })).toEqual([
      '1,299 keywords considered, 299 scored, 47 merged as duplicates',
      '49 provider calls, 480 answered from cache · estimated cost $0.36',
    ])
    expect(pipelineFigures({ counts: {}, paidCalls: 0, cacheHits: 1, cost: 0 })[1]).toBe('No paid provider calls, 1 answer from cache')
  })
})
