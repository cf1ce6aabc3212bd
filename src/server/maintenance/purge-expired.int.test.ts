import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deletedKeyword } from '~/server/db/schema'
import { insertBusiness, insertKeyword, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { DELETED_KEYWORD_RETENTION_DAYS, purgeExpired } from './purge-expired'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const DAY = 24 * 60 * 60 * 1000

describe('the daily purge of deleted keywords', () => {
  it(`drops keywords kept for an undo longer than ${DELETED_KEYWORD_RETENTION_DAYS} days, and only those`, async () => {
    expect(DELETED_KEYWORD_RETENTION_DAYS).toBe(7)
    const owner = await app.signUp({ plan: 'Growth' })
    const businessId = (await insertBusiness(app, owner.userId)).id
    const old = await insertKeyword(app, businessId, { keyword: 'old' })
    const recent = await insertKeyword(app, businessId, { keyword: 'recent' })
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [old.id, recent.id] })
    expect(deleted.ids).toHaveLength(2)

    const kept = await app.db.select().from(deletedKeyword).where(inArray(deletedKeyword.id, deleted.ids))
    const deletedAt = Math.max(...kept.map((row) => row.deletedAt.getTime()))
    // The purge runs eight days after the delete; "recent" is moved to six days before that run.
    const now = new Date(deletedAt + 8 * DAY)
    await app.db
      .update(deletedKeyword)
      .set({ deletedAt: new Date(now.getTime() - 6 * DAY) })
      .where(inArray(deletedKeyword.id, [recent.id]))

    expect(await purgeExpired(app.db, now)).toMatchObject({ deletedKeywords: 1 })
    const left = await app.db.select({ id: deletedKeyword.id }).from(deletedKeyword).where(inArray(deletedKeyword.id, deleted.ids))
    expect(left).toEqual([{ id: recent.id }])

    // What was purged can no longer be restored; what is left still can.
    expect(await client.keyword.restore({ ids: [old.id] }).catch((error: unknown) => error)).toMatchObject({
      code: 'NOT_FOUND',
      data: { reason: 'KEYWORDS_NOT_RESTORABLE' },
    })
    expect(await client.keyword.restore({ ids: [recent.id] })).toEqual({ restored: 1 })
  })
})
