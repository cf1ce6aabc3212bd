import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, createTestApp, errorOf, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { schema } from '~/server/db'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const verifyLinkFor = async (email: string) => {
  const message = await app.outbox.latest(email, 'Verify your email')
  const link = message.links.find((url) => url.startsWith(`${TEST_APP_URL}/api/auth/verify-email?`))
  if (!link) throw new Error(`no verify-email link in:\n${message.raw}`)
  return link
}

describe('sign-up', () => {
  it('signs the user in and emails a verification link built on APP_URL', async () => {
    const { email, cookie, userId } = await app.signUp({ name: 'Ada' })

    const session = await app.authRequest('/get-session', { cookie })
    expect(session.status).toBe(200)
    const body = (await session.json()) as {
      user: { id: string; email: string; emailVerified: boolean; plan: null; selectedBusiness: null }
    }
    expect(body.user).toMatchObject({ id: userId, email, emailVerified: false, plan: null, selectedBusiness: null })

    const message = await app.outbox.latest(email, 'Verify your email')
    expect(message.raw).toContain('Content-Type: text/plain')
    expect(message.raw).toContain('Content-Type: text/html')
    expect(message.raw).toContain('Hi Ada,')
    expect(await verifyLinkFor(email)).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2F$/)
  })

  it('stores the email lowercased', async () => {
    const { userId } = await app.signUp({ email: 'Mixed.Case@Example.COM' })
    const [row] = await app.db.select().from(schema.user).where(eq(schema.user.id, userId))
    expect(row.email).toBe('mixed.case@example.com')
  })

  const longestPassword = 'p'.repeat(128)
  it.each([
    { name: 'invalid email', body: { email: 'not-an-email', password: 'long enough', name: 'X' }, status: 400, message: 'Invalid email' },
    { name: 'missing email', body: { password: 'long enough', name: 'X' }, status: 400, message: 'Invalid email' },
    {
      name: '7-character password',
      body: { email: 'short@example.com', password: 'x'.repeat(7), name: 'X' },
      status: 400,
      message: 'Password too short',
    },
    {
      name: '129-character password',
      body: { email: 'long@example.com', password: 'x'.repeat(129), name: 'X' },
      status: 400,
      message: 'Password too long',
    },
    {
      name: 'plan set by the client',
      body: { email: 'plan@example.com', password: 'long enough', name: 'X', plan: 'pro' },
      status: 400,
      message: 'plan is not allowed to be set',
    },
    {
      name: 'selectedBusiness set by the client',
      body: { email: 'biz@example.com', password: 'long enough', name: 'X', selectedBusiness: 'b1' },
      status: 400,
      message: 'selectedBusiness is not allowed to be set',
    },
  ])('rejects $name with $status "$message"', async ({ body, status, message }) => {
    expect(await errorOf(await app.authRequest('/sign-up/email', { body }))).toMatchObject({ status, message })
  })

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    await expect(app.signUp({ password: 'x'.repeat(8) })).resolves.toMatchObject({ userId: expect.any(String) })
    await expect(app.signUp({ password: longestPassword })).resolves.toMatchObject({ userId: expect.any(String) })
  })

  it('rejects a second sign-up with the same email, in any case, with "User already exists"', async () => {
    const { email } = await app.signUp()
    const response = await app.authRequest('/sign-up/email', {
      body: { email: email.toUpperCase(), password: 'another password', name: 'Y' },
    })
    expect(await errorOf(response)).toMatchObject({ status: 422, message: 'User already exists' })
  })
})

describe('update-user', () => {
  it.each(['plan', 'selectedBusiness'])('refuses %s from the client', async (field) => {
    const { cookie, userId } = await app.signUp()
    const response = await app.authRequest('/update-user', { cookie, body: { name: 'New name', [field]: 'something' } })
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'FIELD_NOT_ALLOWED' })
    const [row] = await app.db.select().from(schema.user).where(eq(schema.user.id, userId))
    expect(row).toMatchObject({ name: 'Test User', plan: null, selectedBusiness: null })
  })

  it('updates the name', async () => {
    const { cookie } = await app.signUp()
    expect((await app.authRequest('/update-user', { cookie, body: { name: 'Grace' } })).status).toBe(200)
    const session = await (await app.authRequest('/get-session?disableCookieCache=true', { cookie })).json()
    expect(session.user.name).toBe('Grace')
  })
})

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const { email, password, userId } = await app.signUp()
    const response = await app.authRequest('/sign-in/email', { body: { email, password } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ redirect: false, token: expect.any(String), user: { id: userId } })
    const session = await (await app.authRequest('/get-session', { cookie: cookieFrom(response) })).json()
    expect(session.user.id).toBe(userId)
  })

  it.each([
    { name: 'wrong password', email: 'known', password: 'wrong password', status: 401, message: 'Invalid email or password' },
    { name: 'unknown user', email: 'nobody@example.com', password: 'whatever123', status: 401, message: 'Invalid email or password' },
    { name: 'invalid email', email: 'not-an-email', password: 'whatever123', status: 400, message: 'Invalid email' },
  ])('$name gives $status "$message"', async ({ email, password, status, message }) => {
    const known = await app.signUp()
    const response = await app.authRequest('/sign-in/email', { body: { email: email === 'known' ? known.email : email, password } })
    expect(await errorOf(response)).toMatchObject({ status, message })
  })

  it('returns a null session without a cookie', async () => {
    const response = await app.authRequest('/get-session')
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })

  it('signs out', async () => {
    const { cookie } = await app.signUp()
    const response = await app.authRequest('/sign-out', { cookie, body: {} })
    expect(await response.json()).toEqual({ success: true })
    expect(await (await app.authRequest('/get-session', { cookie: cookieFrom(response, cookie) })).json()).toBeNull()
  })
})

describe('email verification', () => {
  it('marks the email verified when the link from the outbox is followed', async () => {
    const { email, userId } = await app.signUp()
    const response = await app.authRequest((await verifyLinkFor(email)).replace(`${TEST_APP_URL}/api/auth`, ''))
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
    const [row] = await app.db.select().from(schema.user).where(eq(schema.user.id, userId))
    expect(row.emailVerified).toBe(true)
  })

  it("resends a verification email only for the caller's own unverified address", async () => {
    const { cookie, email } = await app.signUp()
    const other = await app.signUp()
    const mismatch = await app.authRequest('/send-verification-email', { cookie, body: { email: other.email } })
    expect(await errorOf(mismatch)).toMatchObject({ status: 400, message: 'Email mismatch' })
    const own = await app.authRequest('/send-verification-email', { cookie, body: { email } })
    expect(await own.json()).toEqual({ status: true })
  })

  it('answers invalid_token for a bad token, on the callback URL or as a 401', async () => {
    const redirect = await app.authRequest('/verify-email?token=bad&callbackURL=/settings')
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('/settings?error=invalid_token')
    expect(await errorOf(await app.authRequest('/verify-email?token=bad'))).toMatchObject({ status: 401, code: 'invalid_token' })
  })
})

describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true' })
  })
  afterAll(() => strict?.close())

  it('refuses sign-in with 403 "Email not verified" until the emailed link is followed', async () => {
    const { email, password } = await strict.signUp()
    const refused = await strict.authRequest('/sign-in/email', { body: { email, password } })
    expect(await errorOf(refused)).toMatchObject({ status: 403, message: 'Email not verified' })

    const message = await strict.outbox.latest(email, 'Verify your email')
    const link = message.links.find((url) => url.includes('/api/auth/verify-email?'))!
    const verified = await strict.authRequest(link.replace(`${TEST_APP_URL}/api/auth`, ''))
    expect(verified.status).toBe(302)
    // Following the link also signs the user in (autoSignInAfterVerification).
    const session = await (await strict.authRequest('/get-session', { cookie: cookieFrom(verified) })).json()
    expect(session.user).toMatchObject({ email, emailVerified: true })

    const signedIn = await strict.authRequest('/sign-in/email', { body: { email, password } })
    expect(signedIn.status).toBe(200)
  })
})
