import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app'
import { plan } from './schema'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

describe('seed', () => {
  it('has the three plans', async () => {
    const plans = await app.db.select().from(plan).orderBy(plan.price)
    expect(plans.map((p) => [p.name, p.price, p.businessLimit])).toEqual([
      ['Starter', 49, 1],
      ['Growth', 99, 3],
      ['Agency', 249, 10],
    ])
  })
})
