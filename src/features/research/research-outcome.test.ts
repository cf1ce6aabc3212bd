import { describe, expect, it } from 'vitest'
import { outcome } from './research-outcome'

describe('a research run’s outcome', () => {
  it('names the keywords and topics planned for the month', () => {
    expect(outcome({ month: '2026-12', counts: { plan: 30, cluster: 12, capacity: 30 } })).toBe(
      '30 keywords planned for December 2026 in 12 topics',
    )
  })

  it('says how many of the month’s articles stay open when research found too few distinct keywords, and what finds more', () => {
    expect(outcome({ month: '2026-12', counts: { plan: 28, cluster: 9, capacity: 30 } })).toBe(
      '28 keywords planned for December 2026 in 9 topics; 2 articles of the month left open: no more keywords were different enough from the ones you have. Add seeds or competitors in settings to widen the search.',
    )
  })

  it('tells a full month from a run that found nothing new', () => {
    expect(outcome({ month: '2027-01', counts: { plan: 0, capacity: 0 } })).toBe(
      'January 2027 is fully planned: no new keywords were needed',
    )
    expect(outcome({ month: '2027-01', counts: { plan: 0, capacity: 4 } })).toBe(
      'No new keywords for January 2027: every candidate was already planned or too close to one',
    )
  })
})
