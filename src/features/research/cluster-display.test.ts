import { describe, expect, it } from 'vitest'
import { repeatsKeyword, seriesDateRange, topicDescription } from './cluster-display'

describe('seriesDateRange', () => {
  it('runs from the first to the last scheduled day, whatever their order', () => {
    expect(seriesDateRange(['2026-12-21T09:00:00.000Z', null, new Date('2026-12-03T09:00:00Z'), '2026-12-10T09:00:00.000Z'])).toBe(
      'Dec 3 – Dec 21, 2026',
    )
  })

  it('shows one date when the series is a single day, both years across a new year', () => {
    expect(seriesDateRange(['2026-12-03T09:00:00.000Z', '2026-12-03T15:00:00.000Z'])).toBe('Dec 3, 2026')
    expect(seriesDateRange(['2027-01-04T09:00:00.000Z', '2026-12-28T09:00:00.000Z'])).toBe('Dec 28, 2026 – Jan 4, 2027')
  })

  it('shows nothing for a topic with nothing scheduled', () => {
    expect(seriesDateRange([])).toBeUndefined()
    expect(seriesDateRange([null, null])).toBeUndefined()
  })
})

const cluster = {
  label: 'Cold Brew Coffee',
  pillarKeyword: 'cold brew coffee',
  totalVolume: 12_400,
  keywords: [
    { keyword: 'cold brew coffee', isPillar: true },
    { keyword: 'cold brew ratio', isPillar: false },
    { keyword: 'how to store cold brew', isPillar: false },
    { keyword: 'cold brew concentrate ratio', isPillar: false },
    { keyword: 'cold brew vs iced coffee', isPillar: false },
  ],
}

describe('topicDescription', () => {
  it('keeps a description that says more than the keyword', () => {
    const description = 'How to make, store and serve coffee steeped cold for a day.'
    expect(topicDescription({ ...cluster, description })).toBe(description)
  })

  it('replaces the keyword repeated, in any case, with the pillar and what the other keywords add', () => {
    for (const description of ['cold brew coffee', 'Cold Brew Coffee', 'Cold brew coffee.', null, '']) {
      expect(topicDescription({ ...cluster, description })).toBe('Pillar: cold brew coffee · 5 keywords on ratio, store and concentrate')
    }
  })

  it('gives the keyword count and searches a month when the other keywords add no words', () => {
    expect(
      topicDescription({
        ...cluster,
        description: 'Cold Brew',
        keywords: [{ keyword: 'cold brew coffee', isPillar: true }],
      }),
    ).toBe('Pillar: cold brew coffee · 1 keyword, 12,400 searches a month')
  })

  it('tells a repeat from a description with words of its own', () => {
    expect(repeatsKeyword('The cold brew coffee', ['cold brew coffee'])).toBe(true)
    expect(repeatsKeyword('Cold brew coffee at home', ['cold brew coffee'])).toBe(false)
  })
})
