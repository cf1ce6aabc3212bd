import { describe, expect, it } from 'vitest'
import { copyrightYear } from './contact'

describe('copyrightYear', () => {
  it('is the year of the given moment, in UTC', () => {
    expect(copyrightYear(new Date('2027-06-01T12:00:00.000Z'))).toBe(2027)
    expect(copyrightYear(new Date('2025-12-31T23:59:59.000Z'))).toBe(2025)
    expect(copyrightYear(new Date('2026-01-01T00:00:00.000Z'))).toBe(2026)
  })
})
