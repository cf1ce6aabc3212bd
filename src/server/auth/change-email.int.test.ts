import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, createTestApp, errorOf, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { schema } from '~/server/db'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const userRow = async (id: string) => (await app.db.select().from(schema.user).where(eq(schema.user.id, id)))[0]

/** Follows the verify-email link of the newest email to `to` whose subject contains `subject`. */
async function follow(to: string, subject: string, cookie?: string) {
  const message = await app.outbox.latest(to, subject)
  const link = message.links.find((url) => url.startsWith(`${TEST_APP_URL}/api/auth/verify-email?`))
  if (!link) throw new Error(`no verify-email link in:\n${message.raw}`)
  return app.authRequest(link.replace(`${TEST_APP_URL}/api/auth`, ''), { cookie })
}

/** A signed-up user whose email is verified, with a cookie that knows it. */
async function verifiedUser() {
  const user = await app.signUp()
  const verified = await follow(user.email, 'Verify your email', user.cookie)
  return { ...user, cookie: cookieFrom(verified, user.cookie) }
}

const newAddress = () => `new-${Math.random().toString(36).slice(2, 10)}@example.com`

describe('change email: refusals', () => {
  it('refuses the same address with "Email is the same"', async () => {
    const { cookie, email } = await app.signUp()
    const response = await app.authRequest('/change-email', { cookie, body: { newEmail: email.toUpperCase() } })
    expect(await errorOf(response)).toMatchObject({ status: 400, message: 'Email is the same' })
  })

  it('refuses another account\'s address with "Couldn\'t update your email", and changes nothing', async () => {
    const { cookie, userId, email } = await app.signUp()
    const other = await app.signUp()
    const response = await app.authRequest('/change-email', { cookie, body: { newEmail: other.email } })
    expect(await errorOf(response)).toMatchObject({ status: 400, message: "Couldn't update your email" })
    expect((await userRow(userId)).email).toBe(email)
  })

  it('refuses an invalid address with "Invalid email"', async () => {
    const { cookie } = await app.signUp()
    const response = await app.authRequest('/change-email', { cookie, body: { newEmail: 'nope' } })
    expect(await errorOf(response)).toMatchObject({ status: 400, message: 'Invalid email' })
  })

  it('needs a session', async () => {
    const response = await app.authRequest('/change-email', { body: { newEmail: newAddress() } })
    expect(response.status).toBe(401)
  })
})

describe('change email: unverified user', () => {
  it('switches at once and sends a verification to the new address', async () => {
    const { cookie, userId } = await app.signUp()
    const newEmail = newAddress()
    const response = await app.authRequest('/change-email', { cookie, body: { newEmail } })
    expect(await response.json()).toEqual({ status: true })
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: false })

    await follow(newEmail, 'Verify your email')
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: true })
  })
})

describe('change email: verified user', () => {
  it('asks the current address; the token sets the new email unverified and sends it a verification', async () => {
    const { cookie, userId, email } = await verifiedUser()
    const newEmail = newAddress()
    const response = await app.authRequest('/change-email', { cookie, body: { newEmail, callbackURL: '/settings' } })
    expect(await response.json()).toEqual({ status: true })
    // Nothing changes before the owner of the current address approves.
    expect(await userRow(userId)).toMatchObject({ email, emailVerified: true })

    const confirmation = await app.outbox.latest(email, 'Confirm your new email')
    expect(confirmation.raw).toContain(newEmail)
    const approved = await follow(email, 'Confirm your new email', cookie)
    expect(approved.status).toBe(302)
    expect(approved.headers.get('location')).toBe('/settings')
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: false })

    await follow(newEmail, 'Verify your email')
    expect(await userRow(userId)).toMatchObject({ email: newEmail, emailVerified: true })
  })
})
