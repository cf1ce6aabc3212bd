import { describe, expect, it } from 'vitest'
import type { BillingOverview } from '~/lib/rpc-outputs'
import { overageLine } from './overage'

const growth = (changes: Partial<BillingOverview> = {}): BillingOverview =>
  ({
    billing: 'live',
    plan: { id: 'p', name: 'Growth', price: 99, articlesPerMonth: 30, businessLimit: 3, hasMeteredPricing: true, meteredUnitPrice: 3 },
    period: '2026-11',
    renewsOn: 'December 1',
    articlesUsed: 12,
    articlesIncluded: 30,
    overArticles: 0,
    overageCost: 0,
    ...changes,
  }) as BillingOverview

describe('the billing card’s overage line', () => {
  it('says what the extra articles so far come to, with correct plurals', () => {
    expect(overageLine(growth({ articlesUsed: 33, overArticles: 3, overageCost: 9 }))).toEqual({
      amount: '3 extra articles × $3 = $9',
      text: 'projected so far, billed at the end of the period on top of your plan.',
    })
    expect(overageLine(growth({ articlesUsed: 31, overArticles: 1, overageCost: 3 }))?.amount).toBe('1 extra article × $3 = $3')
    expect(overageLine(growth({ articlesUsed: 1030, overArticles: 1000, overageCost: 3000 }))?.amount).toBe(
      '1,000 extra articles × $3 = $3,000',
    )
  })

  it('shows only the total when some extra articles were written at another price', () => {
    expect(overageLine(growth({ articlesUsed: 33, overArticles: 3, overageCost: 8 }))?.amount).toBe('3 extra articles = $8')
  })

  it('before any extra article, says what one would cost', () => {
    expect(overageLine(growth())).toEqual({
      amount: null,
      text: 'Past the allowance, extra articles cost $3 each, billed at the end of the period.',
    })
    expect(overageLine(growth({ articlesUsed: 30 }))?.text).toBe(
      'Allowance used: each further article this month costs $3, billed at the end of the period.',
    )
  })

  it('says nothing on a plan without overage, on a self-hosted server, or without a plan', () => {
    const starter = growth({ plan: { ...growth().plan!, name: 'Starter', hasMeteredPricing: false, meteredUnitPrice: null } })
    expect(overageLine(starter)).toBeNull()
    expect(overageLine(growth({ billing: 'off' }))).toBeNull()
    expect(overageLine(growth({ plan: null }))).toBeNull()
  })
})
