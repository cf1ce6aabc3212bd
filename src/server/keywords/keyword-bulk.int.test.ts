import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { keyword, longTailKeyword } from '~/server/db/schema'
import { KEYWORDS_BULK_LIMIT } from '~/shared/keywords'
import { insertBusiness, insertKeyword, rejectionOf, rpcClient } from '../../../tests/fixtures/rpc'
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app'

let app: TestApp
let owner: { userId: string; cookie: string }
let other: { userId: string; cookie: string }
let ownerBusinessId: string
let otherBusinessId: string
let mine: (typeof keyword.$inferSelect)[]
let theirs: (typeof keyword.$inferSelect)[]

const rowsOf = (ids: string[]) => app.db.select().from(keyword).where(inArray(keyword.id, ids))

beforeAll(async () => {
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
  other = await app.signUp({ plan: 'Growth' })
  ownerBusinessId = (await insertBusiness(app, owner.userId)).id
  otherBusinessId = (await insertBusiness(app, other.userId)).id
})
afterAll(() => app?.close())

beforeEach(async () => {
  await app.db.delete(keyword)
  const [link] = await app.db.insert(longTailKeyword).values({ businessId: ownerBusinessId, keyword: 'long tail' }).returning()
  mine = []
  for (let i = 0; i < 3; i++) {
    mine.push(
      await insertKeyword(app, ownerBusinessId, {
        keyword: `mine ${i}`,
        status: 'draft',
        searchIntent: 'commercial',
        searchVolume: 10 * i,
        difficulty: i,
        priority: 90,
        scheduledAt: new Date('2025-05-01T10:00:00Z'),
        assignedMonth: '2025-05',
        metadata: { source: 'test', n: i },
        longTailKeywordId: i === 0 ? link.id : null,
      }),
    )
  }
  theirs = [await insertKeyword(app, otherBusinessId, { keyword: 'theirs', status: 'draft' })]
})

describe('keyword.setStatus', () => {
  it('changes the status of the caller’s keywords (archive is status archived)', async () => {
    const result = await rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id, mine[1].id], status: 'archived' })
    expect(result).toEqual({ updated: 2 })
    const rows = await rowsOf(mine.map((row) => row.id))
    expect(Object.fromEntries(rows.map((row) => [row.keyword, row.status]))).toEqual({ 'mine 0': 'archived', 'mine 1': 'archived', 'mine 2': 'draft' })
  })

  it('refuses the whole call with NOT_FOUND when any id is another user’s, changing nothing', async () => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id, theirs[0].id], status: 'published' }))
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, data: { reason: 'KEYWORDS_NOT_FOUND' } })
    expect((await rowsOf([mine[0].id, theirs[0].id])).map((row) => row.status)).toEqual(['draft', 'draft'])
  })

  it('refuses an unknown id and an unknown status', async () => {
    expect(await rejectionOf(rpcClient(app, owner.cookie).keyword.setStatus({ ids: ['nope'], status: 'draft' }))).toMatchObject({ code: 'NOT_FOUND' })
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id], status: 'deleted' as never }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
  })

  it('counts a repeated id once', async () => {
    expect(await rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id, mine[0].id], status: 'published' })).toEqual({ updated: 1 })
  })
})

describe('keyword.delete and keyword.restore', () => {
  it('deletes and returns whole rows; restore puts back exactly those rows', async () => {
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [mine[0].id, mine[2].id] })
    expect(deleted.map((row) => row.id).sort()).toEqual([mine[0].id, mine[2].id].sort())
    expect(await rowsOf([mine[0].id, mine[2].id])).toEqual([])
    expect((await client.keyword.list()).total).toBe(1)

    expect(await client.keyword.restore({ rows: deleted })).toEqual({ restored: 2 })
    const back = await rowsOf([mine[0].id, mine[2].id])
    const byId = (rows: typeof back) => [...rows].sort((a, b) => a.id.localeCompare(b.id))
    expect(byId(back)).toEqual(byId([mine[0], mine[2]]))
  })

  it('refuses to delete another user’s keyword (NOT_FOUND) and deletes nothing', async () => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.delete({ ids: [mine[1].id, theirs[0].id] }))
    expect(error).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'KEYWORDS_NOT_FOUND' } })
    expect(await rowsOf([mine[1].id, theirs[0].id])).toHaveLength(2)
  })

  it('refuses to restore rows into another business, even rows that business deleted', async () => {
    const deleted = await rpcClient(app, other.cookie).keyword.delete({ ids: [theirs[0].id] })
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.restore({ rows: deleted }))
    expect(error).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'KEYWORDS_NOT_FOUND' } })
    // Re-labelled as the owner's business, it lands in the owner's business, never the other one.
    const relabelled = deleted.map((row) => ({ ...row, businessId: ownerBusinessId }))
    expect(await rpcClient(app, owner.cookie).keyword.restore({ rows: relabelled })).toEqual({ restored: 1 })
    const [row] = await rowsOf([theirs[0].id])
    expect(row.businessId).toBe(ownerBusinessId)
  })

  it('refuses a restore whose keyword exists again (CONFLICT), restoring none', async () => {
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [mine[0].id, mine[1].id] })
    await insertKeyword(app, ownerBusinessId, { keyword: 'mine 1' })
    const error = await rejectionOf(client.keyword.restore({ rows: deleted }))
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409, data: { reason: 'KEYWORD_ALREADY_EXISTS' } })
    expect(await rowsOf([mine[0].id])).toEqual([])
    // Undo twice: the second is a conflict, not a duplicate.
    expect(await client.keyword.restore({ rows: deleted.filter((row) => row.id === mine[0].id) })).toEqual({ restored: 1 })
    expect(await rejectionOf(client.keyword.restore({ rows: deleted.filter((row) => row.id === mine[0].id) }))).toMatchObject({ code: 'CONFLICT' })
  })

  it('clears a long-tail link that no longer exists', async () => {
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [mine[0].id] })
    await app.db.delete(longTailKeyword).where(eq(longTailKeyword.id, mine[0].longTailKeywordId!))
    await client.keyword.restore({ rows: deleted })
    expect((await rowsOf([mine[0].id]))[0].longTailKeywordId).toBeNull()
  })
})

describe('bulk limits and callers', () => {
  const tooMany = Array.from({ length: KEYWORDS_BULK_LIMIT + 1 }, (_, i) => `id-${i}`)
  it.each([
    ['setStatus', (client: ReturnType<typeof rpcClient>) => client.keyword.setStatus({ ids: tooMany, status: 'draft' })],
    ['delete', (client: ReturnType<typeof rpcClient>) => client.keyword.delete({ ids: tooMany })],
    ['setStatus with no ids', (client: ReturnType<typeof rpcClient>) => client.keyword.setStatus({ ids: [], status: 'draft' })],
    ['restore with no rows', (client: ReturnType<typeof rpcClient>) => client.keyword.restore({ rows: [] })],
  ])('%s: 400 with a clear message', async (_, call) => {
    const error = await rejectionOf(call(rpcClient(app, owner.cookie)))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
    expect(error!.message).toMatch(/at most 500 keywords|at least one keyword|Nothing to restore/)
  })

  it.each(['setStatus', 'delete', 'restore'] as const)('%s is UNAUTHORIZED without a session', async (name) => {
    const client = rpcClient(app).keyword
    const call =
      name === 'setStatus' ? client.setStatus({ ids: [mine[0].id], status: 'draft' }) : name === 'delete' ? client.delete({ ids: [mine[0].id] }) : client.restore({ rows: [mine[0]] })
    expect(await rejectionOf(call)).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    expect(await rowsOf([mine[0].id])).toHaveLength(1)
  })
})
