import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { plan } from '~/server/db/schema'
import { PLAN_SEEDS } from '~/server/db/seed'
import { rpcClient } from '~tests/fixtures/rpc'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

describe('plan.getAll', () => {
  it('returns the three seeded plans to anonymous callers, cheapest first', async () => {
    const plans = await rpcClient(app).plan.getAll()
    expect(plans.map((p) => p.name)).toEqual(['Starter', 'Growth', 'Agency'])
    for (const seeded of PLAN_SEEDS) {
      const found = plans.find((p) => p.productId === seeded.productId)
      expect(found).toMatchObject({
        name: seeded.name,
        description: seeded.description,
        price: seeded.price,
        basePrice: seeded.basePrice,
        businessLimit: seeded.businessLimit,
        articlesPerMonth: seeded.articlesPerMonth,
        hasMeteredPricing: seeded.hasMeteredPricing,
        meteredUnitPrice: seeded.meteredUnitPrice,
        meteredUnit: seeded.meteredUnit,
        meteredBillingFrequency: 'monthly',
      })
      expect(found?.id).toMatch(/^[0-9A-Za-z]{12}$/)
    }
    expect(plans[0]).not.toHaveProperty('createdAt')
  })

  it('orders by price, not by insertion', async () => {
    await app.db
      .insert(plan)
      .values({ productId: 'test-free', name: 'Free', price: 0, basePrice: 0, businessLimit: 1, articlesPerMonth: 1 })
    const plans = await rpcClient(app).plan.getAll()
    expect(plans.map((p) => p.price)).toEqual([0, 49, 99, 249])
  })
})
