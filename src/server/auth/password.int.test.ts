import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, createTestApp, errorOf, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { storedVerificationIdentifier } from './tokens-at-rest'
import { schema } from '~/server/db'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const signIn = (email: string, password: string) => app.authRequest('/sign-in/email', { body: { email, password } })

/** The token of the newest reset email to `email`, read from its link. */
async function resetLink(email: string) {
  const message = await app.outbox.latest(email, 'Reset your')
  const link = message.links.find((url) => url.startsWith(`${TEST_APP_URL}/api/auth/reset-password/`))
  if (!link) throw new Error(`no reset link in:\n${message.raw}`)
  return link
}

describe('password reset', () => {
  it('emails a link; the link redirects with the token; the reset replaces the password', async () => {
    const { email, password } = await app.signUp()
    const requested = await app.authRequest('/request-password-reset', { body: { email, redirectTo: '/reset-password' } })
    expect(requested.status).toBe(200)

    const link = await resetLink(email)
    const callback = await app.authRequest(link.replace(`${TEST_APP_URL}/api/auth`, ''))
    expect(callback.status).toBe(302)
    const target = new URL(callback.headers.get('location')!)
    expect(target.origin + target.pathname).toBe(`${TEST_APP_URL}/reset-password`)
    const token = target.searchParams.get('token')!
    expect(link).toContain(`/reset-password/${token}?callbackURL=%2Freset-password`)

    const reset = await app.authRequest('/reset-password', { body: { token, newPassword: 'brand new password' } })
    expect(await reset.json()).toEqual({ status: true })
    expect(await errorOf(await signIn(email, password))).toMatchObject({ status: 401, message: 'Invalid email or password' })
    expect((await signIn(email, 'brand new password')).status).toBe(200)

    // The token works once.
    const again = await app.authRequest('/reset-password', { body: { token, newPassword: 'third password' } })
    expect(await errorOf(again)).toMatchObject({ status: 400, message: 'invalid token' })
  })

  it('answers the same for an unknown address, and sends nothing', async () => {
    const response = await app.authRequest('/request-password-reset', { body: { email: 'nobody-here@example.com' } })
    expect(await response.json()).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    })
    expect((await app.outbox.all()).some((message) => message.to.includes('nobody-here@example.com'))).toBe(false)
  })

  it.each([
    { name: 'a bad token', body: { token: 'badtoken', newPassword: 'long enough' }, status: 400, message: 'invalid token' },
    { name: 'no token', body: { newPassword: 'long enough' }, status: 400, message: 'invalid token' },
    { name: 'a short new password', body: { token: 'badtoken', newPassword: 'short' }, status: 400, message: 'Password too short' },
  ])('refuses $name with $status "$message"', async ({ body, status, message }) => {
    expect(await errorOf(await app.authRequest('/reset-password', { body }))).toMatchObject({ status, message })
  })

  it('redirects GET /reset-password/badtoken with error=INVALID_TOKEN', async () => {
    const response = await app.authRequest('/reset-password/badtoken?callbackURL=/reset-password')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${TEST_APP_URL}/reset-password?error=INVALID_TOKEN`)
  })

  it('refuses an expired token', async () => {
    const { email } = await app.signUp()
    await app.authRequest('/request-password-reset', { body: { email, redirectTo: '/reset-password' } })
    const token = new URL(await resetLink(email)).pathname.split('/').at(-1)!
    await app.db
      .update(schema.verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.verification.identifier, storedVerificationIdentifier(`reset-password:${token}`)))
    const callback = await app.authRequest(`/reset-password/${token}?callbackURL=/reset-password`)
    expect(callback.headers.get('location')).toBe(`${TEST_APP_URL}/reset-password?error=INVALID_TOKEN`)
    const reset = await app.authRequest('/reset-password', { body: { token, newPassword: 'long enough' } })
    expect(await errorOf(reset)).toMatchObject({ status: 400, message: 'invalid token' })
  })
})

const RESET_ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' }

describe('POST /forget-password (the older name of /request-password-reset)', () => {
  it('answers like /request-password-reset and emails a working reset link for a known address', async () => {
    const { email, password } = await app.signUp()
    const response = await app.authRequest('/forget-password', { body: { email, redirectTo: '/reset-password' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(RESET_ANSWER)

    const link = await resetLink(email)
    expect(link).toContain('callbackURL=%2Freset-password')
    const callback = await app.authRequest(link.replace(`${TEST_APP_URL}/api/auth`, ''))
    const token = new URL(callback.headers.get('location')!).searchParams.get('token')!
    const reset = await app.authRequest('/reset-password', { body: { token, newPassword: 'forgotten no more' } })
    expect(await reset.json()).toEqual({ status: true })
    expect(await errorOf(await signIn(email, password))).toMatchObject({ status: 401 })
    expect((await signIn(email, 'forgotten no more')).status).toBe(200)
  })

  it('answers the same for an unknown address, on both paths, and sends nothing', async () => {
    for (const path of ['/forget-password', '/request-password-reset']) {
      const response = await app.authRequest(path, { body: { email: 'nobody-forgot@example.com', redirectTo: '/reset-password' } })
      expect(response.status, path).toBe(200)
      expect(await response.json(), path).toEqual(RESET_ANSWER)
    }
    expect((await app.outbox.all()).some((message) => message.to.includes('nobody-forgot@example.com'))).toBe(false)
  })

  it('checks the body and the redirectTo origin as /request-password-reset does', async () => {
    expect(await errorOf(await app.authRequest('/forget-password', { body: { email: 'not an email' } }))).toMatchObject({
      status: 400,
      message: 'Invalid email',
    })
    const evil = await app.authRequest('/forget-password', { body: { email: 'someone@example.com', redirectTo: 'https://evil.example/x' } })
    expect(await errorOf(evil)).toMatchObject({ status: 403, message: 'Invalid redirectURL' })
  })
})

describe('change password', () => {
  it('refuses a wrong current password with "Invalid password"', async () => {
    const { cookie } = await app.signUp()
    const response = await app.authRequest('/change-password', {
      cookie,
      body: { currentPassword: 'not my password', newPassword: 'new password 1' },
    })
    expect(await errorOf(response)).toMatchObject({ status: 400, message: 'Invalid password' })
  })

  it('refuses a new password out of bounds', async () => {
    const { cookie, password } = await app.signUp()
    const short = await app.authRequest('/change-password', { cookie, body: { currentPassword: password, newPassword: 'x'.repeat(7) } })
    expect(await errorOf(short)).toMatchObject({ status: 400, message: 'Password too short' })
    const long = await app.authRequest('/change-password', { cookie, body: { currentPassword: password, newPassword: 'x'.repeat(129) } })
    expect(await errorOf(long)).toMatchObject({ status: 400, message: 'Password too long' })
  })

  it('changes the password and, when asked, revokes the other sessions', async () => {
    const { cookie, email, password } = await app.signUp()
    const otherDevice = cookieFrom(await signIn(email, password))
    const response = await app.authRequest('/change-password', {
      cookie,
      body: { currentPassword: password, newPassword: 'changed password', revokeOtherSessions: true },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ token: expect.any(String), user: { email } })
    expect(await (await app.authRequest('/get-session?disableCookieCache=true', { cookie: otherDevice })).json()).toBeNull()
    expect((await signIn(email, 'changed password')).status).toBe(200)
  })

  it('needs a session', async () => {
    const response = await app.authRequest('/change-password', { body: { currentPassword: 'x'.repeat(8), newPassword: 'y'.repeat(8) } })
    expect(response.status).toBe(401)
  })
})

describe('set password (server only)', () => {
  it('refuses a user who already has one with "user already has a password"', async () => {
    const { cookie } = await app.signUp()
    const error = await app.auth.api
      .setPassword({ body: { newPassword: 'another password' }, headers: new Headers({ cookie }) })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ statusCode: 400, body: { message: 'user already has a password' } })
  })

  it('gives a password to a user without one (e.g. who signed up with Google)', async () => {
    const { cookie, email, userId } = await app.signUp()
    await app.db.delete(schema.account).where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, 'credential')))
    await app.auth.api.setPassword({ body: { newPassword: 'first password' }, headers: new Headers({ cookie }) })
    expect((await signIn(email, 'first password')).status).toBe(200)
  })

  it('is not reachable over HTTP', async () => {
    const { cookie } = await app.signUp()
    const response = await app.authRequest('/set-password', { cookie, body: { newPassword: 'another password' } })
    expect(response.status).toBe(404)
  })
})
