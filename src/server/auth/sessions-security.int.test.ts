import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, createTestApp, errorOf, TEST_APP_URL, withoutCookieCache, type TestApp } from '~tests/fixtures/test-app'
import { schema } from '~/server/db'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const TWO_DAYS = 2 * 24 * 60 * 60

const tokenOf = async (cookie: string) =>
  ((await (await app.authRequest('/get-session', { cookie })).json()) as { session: { token: string } }).session.token

describe('sessions', () => {
  it("revoking another user's session token does nothing to it", async () => {
    const alice = await app.signUp()
    const bob = await app.signUp()
    const response = await app.authRequest('/revoke-session', { cookie: alice.cookie, body: { token: await tokenOf(bob.cookie) } })
    expect(response.status).toBe(200)
    const session = await (await app.authRequest('/get-session?disableCookieCache=true', { cookie: bob.cookie })).json()
    expect(session?.user.id).toBe(bob.userId)
  })

  it("revokes one of the user's own sessions", async () => {
    const { email, password, cookie } = await app.signUp()
    const laptop = cookieFrom(await app.authRequest('/sign-in/email', { body: { email, password } }))
    await app.authRequest('/revoke-session', { cookie, body: { token: await tokenOf(laptop) } })
    expect(await (await app.authRequest('/get-session?disableCookieCache=true', { cookie: laptop })).json()).toBeNull()
    expect(await (await app.authRequest('/get-session?disableCookieCache=true', { cookie })).json()).not.toBeNull()
  })

  it('serves the session from the cookie cache until asked not to', async () => {
    const { cookie, userId } = await app.signUp({ name: 'Cached' })
    expect(cookie).toMatch(/session_data=/)
    await app.db.update(schema.user).set({ name: 'Changed in the database' }).where(eq(schema.user.id, userId))
    expect((await (await app.authRequest('/get-session', { cookie })).json()).user.name).toBe('Cached')
    expect((await (await app.authRequest('/get-session?disableCookieCache=true', { cookie })).json()).user.name).toBe(
      'Changed in the database',
    )
  })

  it('refuses actions that need a fresh session with 403 "Session is not fresh"', async () => {
    const { cookie, userId } = await app.signUp()
    await app.ageSessions(userId, TWO_DAYS)
    const stale = withoutCookieCache(cookie)
    expect(await errorOf(await app.authRequest('/list-sessions', { cookie: stale }))).toMatchObject({
      status: 403,
      message: 'Session is not fresh',
    })
    const unlink = await app.authRequest('/unlink-account', { cookie: stale, body: { providerId: 'credential' } })
    expect(await errorOf(unlink)).toMatchObject({ status: 403, message: 'Session is not fresh' })
  })
})

describe('accounts', () => {
  it('lists the credential account', async () => {
    const { cookie, userId } = await app.signUp()
    const accounts = await (await app.authRequest('/list-accounts', { cookie })).json()
    expect(accounts).toEqual([
      expect.objectContaining({
        providerId: 'credential',
        accountId: userId,
        scopes: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      }),
    ])
  })

  it.each([
    { name: 'by providerId', body: () => ({ providerId: 'credential' }) },
    { name: 'by providerId and accountId', body: (userId: string) => ({ providerId: 'credential', accountId: userId }) },
    { name: 'by better-auth account row id', body: (_: string, rowId: string) => ({ accountId: rowId }) },
  ])('refuses to unlink the last account ($name) with "You can\'t unlink your last account"', async ({ body }) => {
    const { cookie, userId } = await app.signUp()
    const [row] = await app.db.select().from(schema.account).where(eq(schema.account.userId, userId))
    const response = await app.authRequest('/unlink-account', { cookie, body: body(userId, row.id) })
    expect(await errorOf(response)).toMatchObject({ status: 400, message: "You can't unlink your last account" })
  })

  it('unlinks a second account by providerId', async () => {
    const { cookie, userId } = await app.signUp()
    await app.db.insert(schema.account).values({ userId, providerId: 'github', accountId: 'gh-123' })
    const missing = await app.authRequest('/unlink-account', { cookie, body: { providerId: 'github', accountId: 'gh-999' } })
    expect(await errorOf(missing)).toMatchObject({ status: 400, message: 'Account not found' })
    const response = await app.authRequest('/unlink-account', { cookie, body: { providerId: 'github' } })
    expect(await response.json()).toEqual({ status: true })
    const left = await app.db.select().from(schema.account).where(eq(schema.account.userId, userId))
    expect(left.map((account) => account.providerId)).toEqual(['credential'])
  })

  it('answers 404 "Provider not found" for a social provider without credentials', async () => {
    // Not Google: without credentials it runs on its demo stand-in (demo-network/google/consent.ts).
    const response = await app.authRequest('/sign-in/social', { body: { provider: 'github', callbackURL: '/content' } })
    expect(await errorOf(response)).toMatchObject({ status: 404, message: 'Provider not found' })
  })
})

describe('origin and callback URL checks', () => {
  it('refuses a cookie-bearing POST from an untrusted Origin with 403', async () => {
    const { cookie } = await app.signUp()
    const response = await app.authRequest('/update-user', {
      cookie,
      body: { name: 'Mallory' },
      headers: { origin: 'https://evil.example' },
    })
    expect(await errorOf(response)).toMatchObject({ status: 403, message: 'Invalid origin' })
  })

  it('accepts the same POST from APP_URL', async () => {
    const { cookie } = await app.signUp()
    expect((await app.authRequest('/update-user', { cookie, body: { name: 'Friend' } })).status).toBe(200)
  })

  it.each([
    { name: 'callbackURL on sign-in', path: '/sign-in/email', field: 'callbackURL', message: 'Invalid callbackURL' },
    { name: 'callbackURL on sign-up', path: '/sign-up/email', field: 'callbackURL', message: 'Invalid callbackURL' },
    { name: 'redirectTo on password reset', path: '/request-password-reset', field: 'redirectTo', message: 'Invalid redirectURL' },
    { name: 'callbackURL on social sign-in', path: '/sign-in/social', field: 'callbackURL', message: 'Invalid callbackURL' },
    { name: 'errorCallbackURL on social sign-in', path: '/sign-in/social', field: 'errorCallbackURL', message: 'Invalid errorCallbackURL' },
    {
      name: 'newUserCallbackURL on social sign-in',
      path: '/sign-in/social',
      field: 'newUserCallbackURL',
      message: 'Invalid newUserCallbackURL',
    },
  ])('refuses an untrusted $name with 403 "$message"', async ({ path, field, message }) => {
    const body = { email: 'someone@example.com', password: 'long enough', name: 'X', provider: 'google', [field]: 'https://evil.example/x' }
    expect(await errorOf(await app.authRequest(path, { body }))).toMatchObject({ status: 403, message })
  })

  it('accepts relative paths and APP_URL as callback URLs', async () => {
    const { email, password } = await app.signUp()
    for (const callbackURL of ['/content', `${TEST_APP_URL}/content`]) {
      const response = await app.authRequest('/sign-in/email', { body: { email, password, callbackURL } })
      expect(response.status).toBe(200)
      expect((await response.json()).url).toBe(callbackURL)
    }
  })

  it('checks the callbackURL of email links too (GET)', async () => {
    const response = await app.authRequest('/verify-email?token=whatever&callbackURL=https://evil.example/')
    expect(await errorOf(response)).toMatchObject({ status: 403, message: 'Invalid callbackURL' })
  })
})

describe('/ok and /error', () => {
  it('GET /ok answers {"ok":true}', async () => {
    const response = await app.authRequest('/ok')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
  })

  it.each([
    { query: '?error=state_not_found', code: 'state_not_found' },
    { query: '', code: 'Unknown' },
    { query: '?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E', code: 'Unknown' },
    // Not code-shaped: the page must not print a message of the link author's choosing.
    { query: '?error=Account_locked_call_1-555-0100', code: 'Unknown' },
  ])('GET /error$query shows code $code, the heading, a retry message and a link home', async ({ query, code }) => {
    const response = await app.authRequest(`/error${query}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toContain('<h1>Better Auth Error</h1>')
    expect(html).toMatch(/Please try again/)
    expect(html).toContain('<a href="/" id="returnLink">Return to Application</a>')
    expect(html).toContain(`<span id="errorCode">${code}</span>`)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('better-auth.com')
  })
})
