import { ORPCError } from '@orpc/server'
import { eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, withoutCookieCache, type TestApp } from '~tests/fixtures/test-app'
import { keyword, user } from '~/server/db/schema'
import { insertBusiness, insertKeyword, rpcClient, rejectionOf } from '~tests/fixtures/rpc'
import { listKeywords } from './keywords.service'

let app: TestApp
let owner: { userId: string; cookie: string }
let other: { userId: string; cookie: string }
let ownerBusiness: Awaited<ReturnType<typeof insertBusiness>>
let ownerSecond: Awaited<ReturnType<typeof insertBusiness>>
let otherBusiness: Awaited<ReturnType<typeof insertBusiness>>

// Behind the session's back: the next call must read the session afresh (withoutCookieCache), as
// a browser does after business.select re-issues its session cookie.
const setSelected = (userId: string, businessId: string | null) =>
  app.db.update(user).set({ selectedBusiness: businessId }).where(eq(user.id, userId))

beforeAll(async () => {
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
  other = await app.signUp({ plan: 'Growth' })
  ownerBusiness = await insertBusiness(app, owner.userId, { createdAt: new Date('2025-01-01T00:00:00Z') })
  ownerSecond = await insertBusiness(app, owner.userId, { createdAt: new Date('2025-02-01T00:00:00Z') })
  otherBusiness = await insertBusiness(app, other.userId)
  // 23 keywords for the owner's first business, one a day; createdAt of #i is 2025-01-(i+1).
  for (let i = 0; i < 23; i++) {
    await insertKeyword(app, ownerBusiness.id, {
      keyword: `owner keyword ${String(i).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2025, 0, i + 1)),
      searchIntent: 'informational',
      searchVolume: 100 + i,
      difficulty: i,
      priority: 50,
      status: 'scheduled',
      scheduledAt: new Date(Date.UTC(2025, 5, i + 1)),
    })
  }
  await insertKeyword(app, ownerSecond.id, { keyword: 'second business keyword' })
  await insertKeyword(app, otherBusiness.id, { keyword: 'other user secret keyword' })
})
afterAll(() => app?.close())

describe('keyword.list', () => {
  it('returns the first page of the current business, newest first, with the total', async () => {
    const page = await rpcClient(app, owner.cookie).keyword.list()
    expect(page).toMatchObject({ total: 23, page: 1, perPage: 10, pageCount: 3 })
    expect(page.items).toHaveLength(10)
    expect(page.items[0].keyword).toBe('owner keyword 22')
    expect(page.items[9].keyword).toBe('owner keyword 13')
    expect(Object.keys(page.items[0]).sort()).toEqual(
      [
        'clusterLabel',
        'createdAt',
        'difficulty',
        'id',
        'keyword',
        'priority',
        'scheduledAt',
        'searchIntent',
        'searchVolume',
        'source',
        'status',
      ].sort(),
    )
    expect(page.items[0]).toMatchObject({
      searchIntent: 'informational',
      searchVolume: 122,
      difficulty: 22,
      priority: 50,
      status: 'scheduled',
      source: null,
      clusterLabel: null,
      scheduledAt: new Date(Date.UTC(2025, 5, 23)),
      createdAt: new Date(Date.UTC(2025, 0, 23)),
    })
  })

  it('pages with page and perPage', async () => {
    const last = await rpcClient(app, owner.cookie).keyword.list({ page: 3, perPage: 10 })
    expect(last.items.map((k) => k.keyword)).toEqual(['owner keyword 02', 'owner keyword 01', 'owner keyword 00'])
    const wide = await rpcClient(app, owner.cookie).keyword.list({ page: 1, perPage: 50 })
    expect(wide.items).toHaveLength(23)
    const beyond = await rpcClient(app, owner.cookie).keyword.list({ page: 9, perPage: 10 })
    expect(beyond).toMatchObject({ items: [], total: 23 })
  })

  it.each([
    [{ page: 1, perPage: 51 }, 'Rows per page can be at most 50.'],
    [{ page: 0, perPage: 10 }, 'Page must be 1 or more.'],
    [{ page: 1, perPage: 0 }, 'Rows per page must be at least 10.'],
    [{ page: 1, perPage: 15 }, 'Rows per page must be one of 10, 20, 30, 40, 50.'],
  ])('rejects %j as BAD_REQUEST', async (input, message) => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).keyword.list(input))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message, data: { reason: 'INVALID_INPUT' } })
    const field = input.page < 1 ? 'page' : 'perPage'
    expect((error as ORPCError<string, { issues: { path: string[] }[] }>).data.issues[0].path).toEqual([field])
  })

  it('follows the selected business', async () => {
    await setSelected(owner.userId, ownerSecond.id)
    try {
      const page = await rpcClient(app, withoutCookieCache(owner.cookie)).keyword.list()
      expect(page.items.map((k) => k.keyword)).toEqual(['second business keyword'])
    } finally {
      await setSelected(owner.userId, null)
    }
  })

  it('shows a second user only their own keywords', async () => {
    const page = await rpcClient(app, other.cookie).keyword.list()
    expect(page.total).toBe(1)
    expect(page.items.map((k) => k.keyword)).toEqual(['other user secret keyword'])
  })

  it('refuses a forged selection of another user’s business, without leaking it', async () => {
    await setSelected(other.userId, ownerBusiness.id)
    try {
      const error = await rejectionOf(rpcClient(app, withoutCookieCache(other.cookie)).keyword.list())
      expect(error).toBeInstanceOf(ORPCError)
      expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, data: { reason: 'BUSINESS_ACCESS_DENIED' } })
      expect(JSON.stringify(error)).not.toContain('owner keyword')
    } finally {
      await setSelected(other.userId, null)
    }
  })

  it('sends a user without any business to /setup', async () => {
    const fresh = await app.signUp({ plan: 'Growth' })
    const error = await rejectionOf(rpcClient(app, fresh.cookie).keyword.list())
    expect(error).toMatchObject({ code: 'PRECONDITION_FAILED', status: 412, data: { reason: 'BUSINESS_REQUIRED', redirectTo: '/setup' } })
  })

  it('is UNAUTHORIZED without a session', async () => {
    const error = await rejectionOf(rpcClient(app).keyword.list())
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
  })
})

describe('listKeywords (service)', () => {
  it('keeps extra conditions inside the business scope', async () => {
    const page = await listKeywords(app.db, { businessId: otherBusiness.id, page: 1, perPage: 10, where: gte(keyword.searchVolume, 0) })
    expect(page.items).toEqual([])
    const owners = await listKeywords(app.db, { businessId: ownerBusiness.id, page: 1, perPage: 5, where: gte(keyword.searchVolume, 120) })
    expect(owners.total).toBe(3)
  })
})
