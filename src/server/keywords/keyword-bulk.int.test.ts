import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { business, deletedKeyword, keyword, longTailKeyword } from '~/server/db/schema'
import { KEYWORDS_BULK_LIMIT } from '~/shared/keywords'
import { insertArticle, insertBusiness, insertKeyword, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'

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
  await app.db.delete(deletedKeyword)
  // One long-tail row per business and keyword: each test links a fresh one.
  const [link] = await app.db
    .insert(longTailKeyword)
    .values({ businessId: ownerBusinessId, keyword: `long tail ${crypto.randomUUID()}` })
    .returning()
  mine = []
  for (let i = 0; i < 3; i++) {
    mine.push(
      await insertKeyword(app, ownerBusinessId, {
        keyword: `mine ${i}`,
        status: 'scheduled',
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
  theirs = [await insertKeyword(app, otherBusinessId, { keyword: 'theirs', status: 'scheduled' })]
})

describe('keyword.setStatus', () => {
  it('changes the status of the caller’s keywords (archive is status archived)', async () => {
    const result = await rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id, mine[1].id], status: 'archived' })
    expect(result).toEqual({ updated: 2, articlesArchived: 0 })
    const rows = await rowsOf(mine.map((row) => row.id))
    expect(Object.fromEntries(rows.map((row) => [row.keyword, row.status]))).toEqual({
      'mine 0': 'archived',
      'mine 1': 'archived',
      'mine 2': 'scheduled',
    })
  })

  it('refuses the whole call with NOT_FOUND when any id is another user’s, changing nothing', async () => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id, theirs[0].id], status: 'pending' }))
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, data: { reason: 'KEYWORDS_NOT_FOUND' } })
    expect((await rowsOf([mine[0].id, theirs[0].id])).map((row) => row.status)).toEqual(['scheduled', 'scheduled'])
  })

  it('refuses an unknown id and an unknown status', async () => {
    expect(await rejectionOf(rpcClient(app, owner.cookie).keyword.setStatus({ ids: ['nope'], status: 'draft' }))).toMatchObject({
      code: 'NOT_FOUND',
    })
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id], status: 'deleted' as never }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
  })

  it('counts a repeated id once', async () => {
    expect(await rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id, mine[0].id], status: 'pending' })).toEqual({
      updated: 1,
      articlesArchived: 0,
    })
  })

  it('never marks a keyword published: that follows its article', async () => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.setStatus({ ids: [mine[0].id], status: 'published' }))
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A keyword is marked published when its article is published. Publish the article instead.',
    })
    expect((await rowsOf([mine[0].id]))[0]!.status).toBe('scheduled')
  })
})

describe('keyword.delete and keyword.restore', () => {
  const notRestorable = { code: 'NOT_FOUND', status: 404, data: { reason: 'KEYWORDS_NOT_RESTORABLE' } }
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id))
  const keptOf = (ids: string[]) => app.db.select().from(deletedKeyword).where(inArray(deletedKeyword.id, ids))

  it('deletes, answering only the ids; restore by those ids puts back exactly the same rows', async () => {
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [mine[0].id, mine[2].id] })
    expect(deleted).toEqual({ ids: expect.arrayContaining([mine[0].id, mine[2].id]) })
    expect(deleted.ids).toHaveLength(2)
    expect(await rowsOf([mine[0].id, mine[2].id])).toEqual([])
    expect((await client.keyword.list()).total).toBe(1)
    const kept = await keptOf(deleted.ids)
    expect(kept.map((row) => row.businessId)).toEqual([ownerBusinessId, ownerBusinessId])

    expect(await client.keyword.restore({ ids: deleted.ids })).toEqual({ restored: 2 })
    // Every column comes back as it was: timestamps, metadata, the long-tail link, the derived lowercase.
    expect(byId(await rowsOf([mine[0].id, mine[2].id]))).toEqual(byId([mine[0], mine[2]]))
    expect(await keptOf(deleted.ids)).toEqual([])
  })

  it('a keyword whose article was let go by its deletion comes back without it: a draft no longer, as its plan makes it', async () => {
    const client = rpcClient(app, owner.cookie)
    await app.db.update(keyword).set({ status: 'draft' }).where(eq(keyword.id, mine[1].id))
    await insertArticle(app, ownerBusinessId, {
      keywordId: mine[1].id,
      title: 'Mine 1',
      slug: `mine-1-${crypto.randomUUID()}`,
      status: 'draft',
    })
    const deleted = await client.keyword.delete({ ids: [mine[1].id] })
    expect(await client.keyword.restore({ ids: deleted.ids })).toEqual({ restored: 1 })
    expect((await client.keyword.list()).items.find((row) => row.id === mine[1].id)?.status).toBe('scheduled')
  })

  it('refuses ids that were never deleted here, forged or live, restoring nothing', async () => {
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [mine[0].id] })
    for (const ids of [['forged-id'], [mine[1].id], [...deleted.ids, 'forged-id'], [...deleted.ids, mine[1].id]]) {
      expect(await rejectionOf(client.keyword.restore({ ids }))).toMatchObject(notRestorable)
    }
    expect(await rowsOf([mine[0].id])).toEqual([])
    expect((await client.keyword.list()).total).toBe(2)
    // The genuine undo still works afterwards.
    expect(await client.keyword.restore({ ids: deleted.ids })).toEqual({ restored: 1 })
  })

  it('refuses a forged row: whole rows are not accepted any more, nothing is inserted', async () => {
    const forged = { ...mine[1], id: 'forged-row-1', keyword: 'forged keyword', searchVolume: 999_999, status: 'published' }
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.restore({ rows: [forged] } as never))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
    expect(await rowsOf(['forged-row-1'])).toEqual([])
  })

  it('refuses another business’s deleted ids; that business can still restore them', async () => {
    const deleted = await rpcClient(app, other.cookie).keyword.delete({ ids: [theirs[0].id] })
    expect(await rejectionOf(rpcClient(app, owner.cookie).keyword.restore({ ids: deleted.ids }))).toMatchObject(notRestorable)
    expect(await rowsOf([theirs[0].id])).toEqual([])
    expect(await keptOf(deleted.ids)).toHaveLength(1)

    expect(await rpcClient(app, other.cookie).keyword.restore({ ids: deleted.ids })).toEqual({ restored: 1 })
    expect(await rowsOf([theirs[0].id])).toEqual([theirs[0]])
  })

  it('refuses a second restore of the same ids, also when both run at once', async () => {
    const client = rpcClient(app, owner.cookie)
    const first = await client.keyword.delete({ ids: [mine[0].id] })
    expect(await client.keyword.restore({ ids: first.ids })).toEqual({ restored: 1 })
    expect(await rejectionOf(client.keyword.restore({ ids: first.ids }))).toMatchObject(notRestorable)

    const second = await client.keyword.delete({ ids: [mine[1].id, mine[2].id] })
    const outcomes = await Promise.allSettled([client.keyword.restore({ ids: second.ids }), client.keyword.restore({ ids: second.ids })])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value)).toEqual([{ restored: 2 }])
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')
    expect(refused?.reason).toMatchObject(notRestorable)
    expect(await rowsOf([mine[1].id, mine[2].id])).toHaveLength(2)
  })

  it('refuses a restore whose keyword exists again (CONFLICT), restoring none and keeping the rows for a later undo', async () => {
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [mine[0].id, mine[1].id] })
    const again = await insertKeyword(app, ownerBusinessId, { keyword: 'mine 1' })
    const error = await rejectionOf(client.keyword.restore({ ids: deleted.ids }))
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409, data: { reason: 'KEYWORD_ALREADY_EXISTS' } })
    expect(await rowsOf([mine[0].id, mine[1].id])).toEqual([])
    expect(await keptOf(deleted.ids)).toHaveLength(2)

    await app.db.delete(keyword).where(eq(keyword.id, again.id))
    expect(await client.keyword.restore({ ids: deleted.ids })).toEqual({ restored: 2 })
  })

  it('clears a long-tail link that no longer exists', async () => {
    const client = rpcClient(app, owner.cookie)
    const deleted = await client.keyword.delete({ ids: [mine[0].id] })
    await app.db.delete(longTailKeyword).where(eq(longTailKeyword.id, mine[0].longTailKeywordId!))
    await client.keyword.restore({ ids: deleted.ids })
    expect((await rowsOf([mine[0].id]))[0].longTailKeywordId).toBeNull()
  })

  it('drops the kept rows with their business', async () => {
    const temporary = await insertBusiness(app, owner.userId)
    const row = await insertKeyword(app, temporary.id, { keyword: 'short-lived' })
    await app.db.insert(deletedKeyword).values({ id: row.id, businessId: temporary.id, row: { ...row } })
    await app.db.delete(business).where(eq(business.id, temporary.id))
    expect(await keptOf([row.id])).toEqual([])
  })
})

describe('bulk limits and callers', () => {
  const tooMany = Array.from({ length: KEYWORDS_BULK_LIMIT + 1 }, (_, i) => `id-${i}`)
  it.each([
    ['setStatus', (client: ReturnType<typeof rpcClient>) => client.keyword.setStatus({ ids: tooMany, status: 'draft' })],
    ['delete', (client: ReturnType<typeof rpcClient>) => client.keyword.delete({ ids: tooMany })],
    ['setStatus with no ids', (client: ReturnType<typeof rpcClient>) => client.keyword.setStatus({ ids: [], status: 'draft' })],
    ['restore with no ids', (client: ReturnType<typeof rpcClient>) => client.keyword.restore({ ids: [] })],
    ['restore', (client: ReturnType<typeof rpcClient>) => client.keyword.restore({ ids: tooMany })],
  ])('%s: 400 with a clear message', async (_, call) => {
    const error = await rejectionOf(call(rpcClient(app, owner.cookie)))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
    expect(error!.message).toMatch(/at most 500 keywords|at least one keyword|Nothing to restore/)
  })

  it.each(['setStatus', 'delete', 'restore'] as const)('%s is UNAUTHORIZED without a session', async (name) => {
    const client = rpcClient(app).keyword
    const ids = [mine[0].id]
    const calls = {
      setStatus: () => client.setStatus({ ids, status: 'draft' }),
      delete: () => client.delete({ ids }),
      restore: () => client.restore({ ids }),
    }
    const call = calls[name]()
    expect(await rejectionOf(call)).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    expect(await rowsOf([mine[0].id])).toHaveLength(1)
  })
})
