import { describe, expect, it } from 'vitest'
import type { BillingOverview } from '~/lib/rpc-outputs'
import { allowanceNotice } from './allowance'

const overview = (changes: Partial<BillingOverview> & { metered?: boolean } = {}): BillingOverview => {
  const { metered = false, ...rest } = changes
  return {
    billing: 'live',
    plan: { id: 'p', name: 'Starter', articlesPerMonth: 15, hasMeteredPricing: metered, meteredUnitPrice: metered ? 2 : null },
    period: '2026-11',
    renewsOn: 'December 1',
    articlesUsed: 15,
    articlesIncluded: 15,
    overArticles: 0,
    overageCost: 0,
    ...rest,
  } as BillingOverview
}

describe('the allowance notice', () => {
  it('says the month’s articles are used up, when they renew, and offers the plans', () => {
    expect(allowanceNotice(overview())).toEqual({
      title: 'This month’s articles are used up',
      description:
        'You have used all 15 articles of your Starter plan this month. Planned articles wait until your allowance renews on December 1, or upgrade your plan to have them written now.',
      upgrade: true,
    })
  })

  it('says nothing while articles are left, on a plan that bills extra articles, or before the plan is known', () => {
    expect(allowanceNotice(overview({ articlesUsed: 14 }))).toBeNull()
    expect(allowanceNotice(overview({ metered: true, articlesUsed: 20 }))).toBeNull()
    expect(allowanceNotice(overview({ plan: null }))).toBeNull()
    expect(allowanceNotice(undefined)).toBeNull()
  })

  it('offers nothing to buy when billing is off', () => {
    const notice = allowanceNotice(overview({ billing: 'off' }))
    expect(notice?.upgrade).toBe(false)
    expect(notice?.description).toContain('this server allows per account')
  })
})
