import { describe, expect, it } from 'vitest'
import { cannibalisation, decayOf, strikingDistance, windowsOn, type QueryPageSums } from './opportunities'
import { propertyCovers, suggestedProperty } from './properties.service'
import { backfillStart, syncChunks } from './sync.service'

const windows = windowsOn('2026-11-26')

const row = (query: string, page: string, impressions: number, position: number, clicks = 0): QueryPageSums => ({
  query,
  page,
  clicks,
  impressions,
  positionSum: position * impressions,
})

describe('the 28-day windows', () => {
  it('end at the last day past the 3-day lag, the earlier one right before the later one', () => {
    expect(windows).toEqual({
      recent: { from: '2026-10-27', to: '2026-11-23' },
      previous: { from: '2026-09-29', to: '2026-10-26' },
    })
  })
})

describe('striking distance', () => {
  it('takes positions 8 and 20 themselves, and nothing just outside', () => {
    const found = strikingDistance([
      row('at eight', 'https://a.example/x', 10, 8),
      row('at twenty', 'https://a.example/x', 10, 20),
      row('just above', 'https://a.example/x', 10, 7.99),
      row('just below', 'https://a.example/x', 10, 20.01),
    ])
    expect(found.map((item) => item.query).sort()).toEqual(['at eight', 'at twenty'])
  })

  it('weights the position by impressions across pages and names the page with most impressions', () => {
    // (5 × 90 + 25 × 10) / 100 = 7: not in striking distance, although one page sits at 25.
    expect(strikingDistance([row('q', 'https://a.example/a', 90, 5), row('q', 'https://a.example/b', 10, 25)])).toEqual([])
    // (6 × 30 + 14 × 70) / 100 = 11.6, mostly on /b.
    const [found] = strikingDistance([row('q', 'https://a.example/a', 30, 6, 3), row('q', 'https://a.example/b', 70, 14, 1)])
    expect(found).toMatchObject({ query: 'q', impressions: 100, clicks: 4, page: 'https://a.example/b' })
    expect(found!.position).toBeCloseTo(11.6)
  })

  it('needs impressions', () => {
    expect(strikingDistance([row('q', 'https://a.example/a', 0, 12)])).toEqual([])
  })
})

describe('decay', () => {
  const judged = (recentClicks: number, previousClicks: number, firstSeen: string | null = '2026-01-01') =>
    decayOf({ firstSeen, recentClicks, previousClicks }, windows)

  it('is more than 20% fewer clicks: exactly 20% is not decay, 20.x% is', () => {
    expect(judged(80, 100)).toMatchObject({ judged: true, decaying: false, change: -0.2 })
    expect(judged(79, 100)).toMatchObject({ judged: true, decaying: true })
    expect(judged(799, 1000)).toMatchObject({ judged: true, decaying: true })
    expect(judged(120, 100)).toMatchObject({ judged: true, decaying: false })
  })

  it('does not judge a page without clicks before (zero clicks now too)', () => {
    expect(judged(0, 0)).toEqual({ judged: false, reason: 'no-clicks-before', recentClicks: 0, previousClicks: 0 })
    expect(judged(5, 0)).toMatchObject({ judged: false, reason: 'no-clicks-before' })
  })

  it('judges a page that had clicks and has none now', () => {
    expect(judged(0, 10)).toMatchObject({ judged: true, decaying: true, change: -1 })
  })

  it('does not judge a page with fewer than 28 days of data, nor one whose data covers the earlier window only in part', () => {
    expect(judged(0, 50, '2026-11-10')).toMatchObject({ judged: false, reason: 'not-enough-data' })
    expect(judged(0, 50, '2026-10-10')).toMatchObject({ judged: false, reason: 'not-enough-data' })
    expect(judged(0, 50, null)).toMatchObject({ judged: false, reason: 'not-enough-data' })
    // Seen from the first day of the earlier window: both windows are whole.
    expect(judged(0, 50, windows.previous.from)).toMatchObject({ judged: true, decaying: true })
  })
})

describe('cannibalisation', () => {
  it('finds a query two URLs take impressions for, with their shares and a merge suggestion', () => {
    const [found, ...rest] = cannibalisation([
      row('cold brew ratio', 'https://a.example/cold-brew', 60, 4),
      row('cold brew ratio', 'https://a.example/iced-coffee', 40, 12),
      row('espresso', 'https://a.example/espresso', 100, 3),
    ])
    expect(rest).toEqual([])
    expect(found).toMatchObject({
      query: 'cold brew ratio',
      impressions: 100,
      pages: [
        { page: 'https://a.example/cold-brew', share: 0.6 },
        { page: 'https://a.example/iced-coffee', share: 0.4 },
      ],
      suggestion: { keep: 'https://a.example/cold-brew', merge: ['https://a.example/iced-coffee'] },
    })
    expect(found!.suggestion.text).toContain('Merge https://a.example/iced-coffee into https://a.example/cold-brew')
  })

  it('ignores a second URL with a stray impression or two, and URLs without impressions', () => {
    expect(cannibalisation([row('q', 'https://a.example/a', 95, 3), row('q', 'https://a.example/b', 5, 40)])).toEqual([])
    expect(cannibalisation([row('q', 'https://a.example/a', 95, 3), row('q', 'https://a.example/b', 0, 40)])).toEqual([])
    expect(cannibalisation([row('q', 'https://a.example/a', 90, 3), row('q', 'https://a.example/b', 10, 9)])).toHaveLength(1)
  })
})

describe('the suggested property', () => {
  it('covers the business’s site: a domain property for its host or a parent domain, a URL prefix of its address', () => {
    expect(propertyCovers('sc-domain:acme.io', 'https://www.acme.io/shop')).toBe(true)
    expect(propertyCovers('sc-domain:acme.io', 'https://blog.acme.io')).toBe(true)
    expect(propertyCovers('sc-domain:acme.io', 'https://notacme.io')).toBe(false)
    expect(propertyCovers('https://acme.io/', 'https://acme.io')).toBe(true)
    expect(propertyCovers('https://www.acme.io/', 'https://acme.io/shop')).toBe(true)
    expect(propertyCovers('https://acme.io/blog/', 'https://acme.io/')).toBe(false)
    expect(propertyCovers('http://acme.io/', 'https://acme.io/')).toBe(false)
    expect(propertyCovers('https://acme.io.evil.example/', 'https://acme.io/')).toBe(false)
  })

  it('prefers the domain property, then the longest prefix', () => {
    const sites = [{ siteUrl: 'https://acme.io/' }, { siteUrl: 'https://acme.io/shop/' }, { siteUrl: 'sc-domain:other.io' }]
    expect(suggestedProperty(sites, 'https://acme.io/shop/')).toEqual({ siteUrl: 'https://acme.io/shop/' })
    expect(suggestedProperty([...sites, { siteUrl: 'sc-domain:acme.io' }], 'https://acme.io/shop/')).toEqual({
      siteUrl: 'sc-domain:acme.io',
    })
    expect(suggestedProperty(sites, 'https://elsewhere.io/')).toBeNull()
  })
})

describe('the sync’s ranges', () => {
  it('backfills 16 months to yesterday in calendar months, oldest first', () => {
    const chunks = syncChunks(null, '2026-11-26')
    expect(backfillStart('2026-11-26')).toBe('2025-07-25')
    expect(chunks[0]).toEqual({ startDate: '2025-07-25', endDate: '2025-07-31' })
    expect(chunks[1]).toEqual({ startDate: '2025-08-01', endDate: '2025-08-31' })
    expect(chunks.at(-1)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-25' })
    expect(chunks).toHaveLength(17)
  })

  it('then starts 3 days before the last day synced, so the lag window is fetched again', () => {
    expect(syncChunks('2026-11-25', '2026-11-27')).toEqual([{ startDate: '2026-11-22', endDate: '2026-11-26' }])
    expect(syncChunks('2026-11-30', '2026-12-02')).toEqual([
      { startDate: '2026-11-27', endDate: '2026-11-30' },
      { startDate: '2026-12-01', endDate: '2026-12-01' },
    ])
  })
})
