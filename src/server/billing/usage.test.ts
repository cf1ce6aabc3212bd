import { describe, expect, it } from 'vitest'
import { allowanceRenewsOn, billingPeriodOf } from './usage'

describe('billing periods (UTC months)', () => {
  it('is the UTC month, whatever the local time zone says', () => {
    expect(billingPeriodOf(new Date('2026-11-30T23:30:00-05:00'))).toBe('2026-12')
    expect(billingPeriodOf(new Date('2026-12-01T00:30:00+02:00'))).toBe('2026-11')
    expect(billingPeriodOf(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01')
  })

  it('renews on the first of the next month, across the year end', () => {
    expect(allowanceRenewsOn('2026-11')).toBe('December 1')
    expect(allowanceRenewsOn('2026-12')).toBe('January 1')
  })
})
