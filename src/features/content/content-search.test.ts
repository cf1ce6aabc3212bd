import { describe, expect, it } from 'vitest'
import { openingMonth } from './content-search'

describe('openingMonth', () => {
  it('stays on the current month while it holds the next planned day, or nothing is planned', () => {
    expect(openingMonth('2026-11', new Date('2026-11-30T09:00:00.000Z'))).toBe('2026-11')
    expect(openingMonth('2026-11', null)).toBe('2026-11')
    expect(openingMonth('2026-11', undefined)).toBe('2026-11')
  })

  it('opens on the month of the next planned day when it is later', () => {
    expect(openingMonth('2026-11', new Date('2026-12-01T09:00:00.000Z'))).toBe('2026-12')
    expect(openingMonth('2026-12', '2027-02-03T09:00:00.000Z')).toBe('2027-02')
  })

  it('never goes back to an earlier month', () => {
    expect(openingMonth('2026-11', new Date('2026-10-31T09:00:00.000Z'))).toBe('2026-11')
  })
})
