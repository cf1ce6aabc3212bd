import { createHash } from 'node:crypto'
import { call, isProcedure, type AnyProcedure, type AnyRouter } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { answerOf, apiRequest, createApiKeyFor } from '~tests/fixtures/api'
import { insertBusiness, rejectionOf, rpcClient, rpcContext } from '~tests/fixtures/rpc'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { router } from '~/server/app/router'
import { apikey, user } from '~/server/db/schema'
import { withApiKeyCredentials } from '~/server/rpc/context'
import { resetMutationRateLimit } from '~/server/rpc/procedures'
import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, MAX_API_KEYS } from '~/shared/api-keys'
import { DEMO_EMAIL } from '~/shared/demo-account'
import { API_KEY_HTTP_PATHS } from '~/server/auth/api-key-plugin'
import { API_KEY_RATE_LIMIT, resetApiKeyRateLimit } from '~/server/access/api-key'

let app: TestApp
let owner: { userId: string; cookie: string }
let businessId: string

beforeAll(async () => {
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
  businessId = (await insertBusiness(app, owner.userId, { name: 'Key Owner Roasters' })).id
})
afterAll(() => app?.close())
beforeEach(() => {
  resetApiKeyRateLimit()
  resetMutationRateLimit()
})

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

describe('creating a key (Settings → API keys)', () => {
  it('shows the key once, with its prefix; stores only its hash; lists it without the key', async () => {
    const client = rpcClient(app, owner.cookie)
    const created = await client.apiKey.create({ name: 'Zapier', scopes: ['read', 'write'], expiresInDays: 30 })
    expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`))
    expect(created.apiKey).toMatchObject({
      name: 'Zapier',
      scopes: ['read', 'write'],
      masked: `••••${created.key.slice(-4)}`,
      lastUsedAt: null,
    })
    const days = (created.apiKey.expiresAt!.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)

    const [row] = await app.db.select().from(apikey).where(eq(apikey.id, created.apiKey.id))
    expect(row.key).toBe(sha256(created.key))
    expect(JSON.stringify(row)).not.toContain(created.key)
    // Nothing of the key's start is kept: not even the random letters after the prefix.
    expect(JSON.stringify(row)).not.toContain(created.key.slice(3, 7))
    expect(row).toMatchObject({ referenceId: owner.userId, start: `••••${created.key.slice(-4)}`, prefix: 'rp_', enabled: true })

    const listed = await client.apiKey.list()
    expect(listed.find((key) => key.id === created.apiKey.id)).toEqual(created.apiKey)
    expect(JSON.stringify(listed)).not.toContain(created.key)
  })

  it('never shows the start a key made before masks were kept still has stored', async () => {
    const { key, id } = await createApiKeyFor(app, owner.cookie)
    await app.db
      .update(apikey)
      .set({ start: key.slice(0, 10) })
      .where(eq(apikey.id, id))
    const listed = (await rpcClient(app, owner.cookie).apiKey.list()).find((row) => row.id === id)!
    expect(listed.masked).toBeNull()
    expect(JSON.stringify(listed)).not.toContain(key.slice(0, 10))
  })

  it('records when a key was last used', async () => {
    const { key, id } = await createApiKeyFor(app, owner.cookie, { scopes: ['read'] })
    const before = Date.now()
    expect((await apiRequest(app, '/businesses', { key })).status).toBe(200)
    const listed = (await rpcClient(app, owner.cookie).apiKey.list()).find((row) => row.id === id)!
    expect(listed.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it.each([
    [{ name: ' ', scopes: ['read'], expiresInDays: null }, 'Give the key a name, e.g. where it is used.'],
    [{ name: 'x'.repeat(65), scopes: ['read'], expiresInDays: null }, 'Keep the name to 64 characters.'],
    [{ name: 'No scopes', scopes: [], expiresInDays: null }, 'Choose at least one scope.'],
    [{ name: 'Admin', scopes: ['admin'], expiresInDays: null }, 'Choose scopes among: read, write, publish.'],
    [{ name: 'Twice', scopes: ['read', 'read'], expiresInDays: null }, 'Choose each scope once.'],
    [{ name: 'Forever and a day', scopes: ['read'], expiresInDays: 400 }, 'Choose an expiry of 7, 30, 90 or 365 days, or none.'],
  ])('refuses %j with a readable message', async (input, message) => {
    const error = await rejectionOf(rpcClient(app, owner.cookie).apiKey.create(input as never))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message, data: { reason: 'INVALID_INPUT' } })
  })

  it(`allows ${MAX_API_KEYS} keys per account`, async () => {
    const busy = await app.signUp({ plan: 'Starter' })
    for (let index = 0; index < MAX_API_KEYS; index++) await createApiKeyFor(app, busy.cookie, { name: `Key ${index}` })
    const error = await rejectionOf(createApiKeyFor(app, busy.cookie))
    expect(error).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'API_KEY_LIMIT_REACHED' } })
  })

  it(`creates at most ${MAX_API_KEYS} keys when many creates race`, async () => {
    const racing = await app.signUp({ plan: 'Starter' })
    const held = MAX_API_KEYS - 3
    for (let index = 0; index < held; index++) await createApiKeyFor(app, racing.cookie, { name: `Key ${index}` })
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => createApiKeyFor(app, racing.cookie, { name: `Racing ${index}` })),
    )
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3)
    for (const attempt of attempts.filter((item) => item.status === 'rejected')) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'API_KEY_LIMIT_REACHED' } })
    }
    const stored = await app.db.select({ id: apikey.id }).from(apikey).where(eq(apikey.referenceId, racing.userId))
    expect(stored).toHaveLength(MAX_API_KEYS)
  })

  it('needs a plan: an account without one is sent to /paywall and gets no key', async () => {
    const unpaid = await app.signUp()
    const error = await rejectionOf(createApiKeyFor(app, unpaid.cookie))
    expect(error).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'PLAN_REQUIRED', redirectTo: '/paywall' } })
    expect(await app.db.select().from(apikey).where(eq(apikey.referenceId, unpaid.userId))).toEqual([])
  })

  it('a key kept after the plan ended is still listed and can be revoked, but no new one is made', async () => {
    const lapsed = await app.signUp({ plan: 'Starter' })
    const { id } = await createApiKeyFor(app, lapsed.cookie)
    await app.setPlan(lapsed.userId, null)
    const client = rpcClient(app, lapsed.cookie)
    expect((await client.apiKey.list()).map((row) => row.id)).toEqual([id])
    expect(await rejectionOf(createApiKeyFor(app, lapsed.cookie))).toMatchObject({ data: { reason: 'PLAN_REQUIRED' } })
    await client.apiKey.revoke({ id })
    expect(await client.apiKey.list()).toEqual([])
  })

  it('is refused on the shared demo account', async () => {
    const demo = await app.signUp({ plan: 'Growth' })
    await app.db.update(user).set({ email: DEMO_EMAIL }).where(eq(user.id, demo.userId))
    const cookie = cookieFrom(await app.authRequest('/sign-in/email', { body: { email: DEMO_EMAIL, password: demo.password } }))
    const error = await rejectionOf(createApiKeyFor(app, cookie))
    expect(error).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'DEMO_API_KEYS_LOCKED' } })
  })

  it('needs a session: keys are never managed without one', async () => {
    expect(await rejectionOf(rpcClient(app).apiKey.list())).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('authenticating with a key', () => {
  it('accepts the key as a bearer token or in x-api-key', async () => {
    const { key } = await createApiKeyFor(app, owner.cookie, { scopes: ['read'] })
    for (const init of [{ key }, { xApiKey: key }]) {
      const { status, body } = await answerOf(await apiRequest(app, `/businesses/${businessId}`, init))
      expect([status, body?.name]).toEqual([200, 'Key Owner Roasters'])
    }
  })

  it('answers 401 without a key, and never takes a session cookie instead', async () => {
    for (const init of [{}, { cookie: owner.cookie }]) {
      const { status, body } = await answerOf(await apiRequest(app, '/businesses', init))
      expect([status, body?.code, body?.data?.reason]).toEqual([401, 'UNAUTHORIZED', 'API_KEY_REQUIRED'])
    }
  })

  it('answers 401 to a key that does not exist or is malformed', async () => {
    const { key } = await createApiKeyFor(app, owner.cookie)
    for (const wrong of [`${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`, 'rp_short', `sk_${key.slice(3)}`]) {
      const { status, body } = await answerOf(await apiRequest(app, '/businesses', { key: wrong }))
      expect([status, body?.data?.reason]).toEqual([401, 'API_KEY_INVALID'])
    }
  })

  it('answers 401 once the key is revoked, at once', async () => {
    const { key, id } = await createApiKeyFor(app, owner.cookie)
    expect((await apiRequest(app, '/businesses', { key })).status).toBe(200)
    await rpcClient(app, owner.cookie).apiKey.revoke({ id })
    const { status, body } = await answerOf(await apiRequest(app, '/businesses', { key }))
    expect([status, body?.code, body?.data?.reason]).toEqual([401, 'UNAUTHORIZED', 'API_KEY_INVALID'])
    expect((await rpcClient(app, owner.cookie).apiKey.list()).map((row) => row.id)).not.toContain(id)
  })

  it('answers 401 once the key has expired', async () => {
    const { key, id } = await createApiKeyFor(app, owner.cookie, { expiresInDays: 7 })
    expect((await apiRequest(app, '/businesses', { key })).status).toBe(200)
    await app.db
      .update(apikey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apikey.id, id))
    const { status, body } = await answerOf(await apiRequest(app, '/businesses', { key }))
    expect([status, body?.data?.reason]).toEqual([401, 'API_KEY_EXPIRED'])
    expect((await apiRequest(app, '/businesses', { key })).status).toBe(401)
    // Listed as expired, so its owner sees why their script stopped.
    expect((await rpcClient(app, owner.cookie).apiKey.list()).find((row) => row.id === id)).toMatchObject({ expired: true })
  })

  it('stops working when its account is deleted (the key goes with the user)', async () => {
    const leaving = await app.signUp({ plan: 'Growth' })
    const { key, id } = await createApiKeyFor(app, leaving.cookie)
    await app.db.delete(user).where(eq(user.id, leaving.userId))
    expect(await app.db.select().from(apikey).where(eq(apikey.id, id))).toEqual([])
    expect((await apiRequest(app, '/businesses', { key })).status).toBe(401)
  })

  it('another user cannot revoke someone else’s key', async () => {
    const { key, id } = await createApiKeyFor(app, owner.cookie)
    const other = await app.signUp()
    expect(await rejectionOf(rpcClient(app, other.cookie).apiKey.revoke({ id }))).toMatchObject({
      code: 'NOT_FOUND',
      data: { reason: 'API_KEY_NOT_FOUND' },
    })
    expect((await apiRequest(app, '/businesses', { key })).status).toBe(200)
  })
})

describe('scopes', () => {
  it('a read key cannot write or publish; a write key cannot read; each needs its own scope', async () => {
    const read = await createApiKeyFor(app, owner.cookie, { scopes: ['read'] })
    const write = await createApiKeyFor(app, owner.cookie, { scopes: ['write'] })
    const add = { body: { keywords: ['scoped keyword'] } }
    const refused = await answerOf(await apiRequest(app, `/businesses/${businessId}/keywords`, { key: read.key, ...add }))
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'This API key does not have the "write" scope this needs.',
        data: { reason: 'API_KEY_SCOPE_MISSING' },
      },
    })
    const publish = await answerOf(
      await apiRequest(app, `/businesses/${businessId}/articles/Ar5hG2jD9sFq/publish`, { key: write.key, body: {} }),
    )
    expect([publish.status, publish.body?.data?.reason]).toEqual([403, 'API_KEY_SCOPE_MISSING'])
    const list = await answerOf(await apiRequest(app, `/businesses/${businessId}/keywords`, { key: write.key }))
    expect([list.status, list.body?.data?.reason]).toEqual([403, 'API_KEY_SCOPE_MISSING'])
    // Refused before anything ran: no keyword was added.
    const keywords = await answerOf(await apiRequest(app, `/businesses/${businessId}/keywords`, { key: read.key }))
    expect(keywords.body?.total).toBe(0)
  })

  /** Every procedure of the app, by dotted path. */
  function proceduresOf(node: AnyRouter, prefix: string[] = []): [string, AnyProcedure][] {
    if (isProcedure(node)) return [[prefix.join('.'), node]]
    return Object.entries(node as Record<string, AnyRouter>).flatMap(([key, child]) => proceduresOf(child, [...prefix, key]))
  }
  const signedIn = proceduresOf(router).filter(([, procedure]) => (procedure['~orpc'].meta as { access?: string }).access !== 'public')
  let everyScope: string

  beforeAll(async () => {
    everyScope = (await createApiKeyFor(app, owner.cookie, { name: 'Every scope' })).key
  })

  it.each(signedIn.map(([path]) => path))(
    'the app’s %s refuses any key, even a valid one with every scope (keys reach only the API’s procedures)',
    async (path) => {
      // The session cookie travels too: it must not be what lets the call in.
      const headers = new Headers({ origin: TEST_APP_URL, authorization: `Bearer ${everyScope}`, cookie: owner.cookie })
      const context = withApiKeyCredentials({ ...rpcContext(app), headers })
      const procedure = signedIn.find(([name]) => name === path)![1]
      const error = await rejectionOf(call(procedure, {}, { context }))
      expect(error).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'API_KEY_NOT_ALLOWED' } })
    },
  )
})

describe('a key never reaches the account', () => {
  it('is no session for better-auth: get-session answers nothing', async () => {
    const { key } = await createApiKeyFor(app, owner.cookie)
    for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }] as Record<string, string>[]) {
      const response = await app.authRequest('/get-session', { headers })
      expect(await response.json()).toBeNull()
    }
  })

  it.each(API_KEY_HTTP_PATHS)('better-auth’s %s is not served, with a session or a key', async (path) => {
    const { key } = await createApiKeyFor(app, owner.cookie)
    const get = path === '/api-key/get' || path === '/api-key/list'
    for (const init of [{ cookie: owner.cookie }, { headers: { 'x-api-key': key } }]) {
      const response = await app.authRequest(path, { ...init, ...(get ? {} : { body: { name: 'sneaky', keyId: 'x', key } }) })
      expect(response.status).toBe(404)
    }
  })
})

describe('rate limit per account', () => {
  it(`answers ${API_KEY_RATE_LIMIT.max} requests a minute per account, all its keys together, then 429 with Retry-After`, async () => {
    const first = await createApiKeyFor(app, owner.cookie, { scopes: ['read'] })
    const second = await createApiKeyFor(app, owner.cookie, { scopes: ['read'] })
    // Spread over two keys: one budget.
    for (let index = 0; index < API_KEY_RATE_LIMIT.max; index++) {
      const response = await apiRequest(app, '/businesses', { key: index % 2 === 0 ? first.key : second.key })
      expect(response.status).toBe(200)
    }
    for (const key of [first.key, second.key]) {
      const limited = await apiRequest(app, '/businesses', { key })
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(60)
      const { status, body } = await answerOf(limited)
      expect([status, body?.code, body?.data?.reason]).toEqual([429, 'TOO_MANY_REQUESTS', 'API_KEY_RATE_LIMITED'])
      expect(body?.message).toBe(
        `Too many requests with your API keys (at most ${API_KEY_RATE_LIMIT.max} a minute per account, all keys together). ` +
          `Try again in ${retryAfter} seconds.`,
      )
    }
    // A key made now joins the same spent budget.
    const third = await createApiKeyFor(app, owner.cookie, { scopes: ['read'] })
    expect((await apiRequest(app, '/businesses', { key: third.key })).status).toBe(429)

    // Another account's budget is its own.
    const other = await app.signUp({ plan: 'Growth' })
    const theirs = await createApiKeyFor(app, other.cookie, { scopes: ['read'] })
    expect((await apiRequest(app, '/businesses', { key: theirs.key })).status).toBe(200)
  })
})
