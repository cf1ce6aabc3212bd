import { ORPCError } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { competitor, user } from '~/server/db/schema'
import { insertBusiness, rpcClient, rejectionOf } from '~tests/fixtures/rpc'

let app: TestApp
let owner: { userId: string; cookie: string }
let other: { userId: string; cookie: string }
let ownerBusinesses: Awaited<ReturnType<typeof insertBusiness>>[]
let otherBusiness: Awaited<ReturnType<typeof insertBusiness>>

beforeAll(async () => {
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
  other = await app.signUp({ plan: 'Growth' })
  // Inserted newest-first on purpose: the list must still come back oldest first.
  const newer = await insertBusiness(app, owner.userId, { name: 'Newer', createdAt: new Date('2025-03-01T00:00:00Z') })
  const older = await insertBusiness(app, owner.userId, { name: 'Older', createdAt: new Date('2025-01-01T00:00:00Z') })
  ownerBusinesses = [older, newer]
  otherBusiness = await insertBusiness(app, other.userId, { name: 'Not yours' })
})
afterAll(() => app?.close())

const selectedOf = async (userId: string) =>
  (await app.db.select({ selected: user.selectedBusiness }).from(user).where(eq(user.id, userId)))[0].selected

describe('business.list', () => {
  it('returns only the caller’s businesses, oldest first', async () => {
    const list = await rpcClient(app, owner.cookie).business.list()
    expect(list.map((b) => b.name)).toEqual(['Older', 'Newer'])
    expect(list.every((b) => b.userId === owner.userId)).toBe(true)
  })

  it('carries each business’s competitors list (the setup view counts it), never another business’s', async () => {
    const [older, newer] = ownerBusinesses
    await app.db.insert(competitor).values([
      { businessId: newer.id, url: 'https://rival-one.example', name: 'Rival One' },
      { businessId: newer.id, url: 'https://rival-two.example' },
      { businessId: otherBusiness.id, url: 'https://elsewhere.example' },
    ])
    const list = await rpcClient(app, owner.cookie).business.list()
    expect(list.find((b) => b.id === older.id)?.competitors).toEqual([])
    // Inserted in one statement, so they share createdAt: compare as a set.
    expect(
      list
        .find((b) => b.id === newer.id)
        ?.competitors.map((c) => [c.url, c.name])
        .sort(),
    ).toEqual([
      ['https://rival-one.example', 'Rival One'],
      ['https://rival-two.example', null],
    ])
  })

  it('is empty for a user without businesses', async () => {
    const fresh = await app.signUp({ plan: 'Growth' })
    expect(await rpcClient(app, fresh.cookie).business.list()).toEqual([])
  })
})

describe('business.get', () => {
  it('returns one of the caller’s businesses', async () => {
    const found = await rpcClient(app, owner.cookie).business.get({ businessId: ownerBusinesses[1].id })
    expect(found).toMatchObject({ id: ownerBusinesses[1].id, name: 'Newer', userId: owner.userId })
  })

  it('answers another user’s business exactly like a missing one', async () => {
    const foreign = await rejectionOf(rpcClient(app, owner.cookie).business.get({ businessId: otherBusiness.id }))
    const missing = await rejectionOf(rpcClient(app, owner.cookie).business.get({ businessId: 'doesnotexist' }))
    for (const error of [foreign, missing]) {
      expect(error).toBeInstanceOf(ORPCError)
      expect(error).toMatchObject({
        code: 'NOT_FOUND',
        status: 404,
        message: 'Business not found.',
        data: { reason: 'BUSINESS_NOT_FOUND' },
      })
    }
    expect(JSON.stringify(foreign)).not.toContain('Not yours')
  })

  it('rejects an empty id as BAD_REQUEST', async () => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).business.get({ businessId: ' ' }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Business id is required.', data: { reason: 'INVALID_INPUT' } })
  })
})

describe('business.select', () => {
  it('stores the selection on the user', async () => {
    const selected = await rpcClient(app, owner.cookie).business.select({ businessId: ownerBusinesses[1].id })
    expect(selected.id).toBe(ownerBusinesses[1].id)
    expect(await selectedOf(owner.userId)).toBe(ownerBusinesses[1].id)
  })

  it('refuses another user’s business and leaves the selection alone', async () => {
    await rpcClient(app, owner.cookie).business.select({ businessId: ownerBusinesses[0].id })
    const error = await rejectionOf(rpcClient(app, owner.cookie).business.select({ businessId: otherBusiness.id }))
    expect(error).toMatchObject({ code: 'NOT_FOUND', data: { reason: 'BUSINESS_NOT_FOUND' } })
    expect(await selectedOf(owner.userId)).toBe(ownerBusinesses[0].id)
    expect(await selectedOf(other.userId)).toBeNull()
  })
})

describe('without a session', () => {
  it.each([
    ['business.list', () => rpcClient(app).business.list()],
    ['business.get', () => rpcClient(app).business.get({ businessId: ownerBusinesses[0].id })],
    ['business.select', () => rpcClient(app).business.select({ businessId: ownerBusinesses[0].id })],
    ['business.list with a made-up cookie', () => rpcClient(app, 'better-auth.session_token=forged.value').business.list()],
  ])('%s is UNAUTHORIZED', async (_name, call) => {
    const error = await rejectionOf(call())
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401, data: { reason: 'AUTH_REQUIRED' } })
  })
})

describe('business id input', () => {
  it.each(['abc\u0000def', 'a b', "x'; drop table business; --", 'é'.repeat(5), 'x'.repeat(65)])(
    'refuses %j as BAD_REQUEST before it reaches the database',
    async (id) => {
      for (const call of [
        () => rpcClient(app, owner.cookie).business.get({ businessId: id }),
        () => rpcClient(app, owner.cookie).business.select({ businessId: id }),
      ]) {
        const error = await rejectionOf(call())
        expect(error).toBeInstanceOf(ORPCError)
        expect([error?.code, error?.status]).toEqual(['BAD_REQUEST', 400])
      }
    },
  )
})
