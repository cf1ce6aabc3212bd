import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyword } from '~/server/db/schema'
import { insertBusiness } from '../../../tests/fixtures/rpc'
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app'
import { DEMO_KEYWORD_COUNT, insertDemoKeywords } from './keywords-seed'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

describe('insertDemoKeywords', () => {
  it('inserts the demo keywords once; a second run adds nothing', async () => {
    const { userId } = await app.signUp()
    const business = await insertBusiness(app, userId)
    expect(await insertDemoKeywords(app.db, business.id, { seed: 9 })).toBe(DEMO_KEYWORD_COUNT)
    expect(await insertDemoKeywords(app.db, business.id, { seed: 9 })).toBe(0)
    const rows = await app.db.select().from(keyword).where(eq(keyword.businessId, business.id))
    expect(rows).toHaveLength(DEMO_KEYWORD_COUNT)
    expect(new Set(rows.map((row) => row.status)).size).toBe(5)
  })
})
