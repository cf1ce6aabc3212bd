import { existsSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, errorOf, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { storeMedia } from '~/server/media/media-store'
import { storedVerificationIdentifier } from './tokens-at-rest'
import { schema } from '~/server/db'

/**
 * Deletion is immediate when the session is fresh (younger than freshAge, 1 day) or the
 * password is supplied; otherwise an emailed token is needed and its callback completes it.
 */
let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const TWO_DAYS = 2 * 24 * 60 * 60

/** A user with one business and an article image of it, so the cascade to business data is visible. */
async function userWithBusiness() {
  const user = await app.signUp()
  const [created] = await app.db
    .insert(schema.business)
    .values({ userId: user.userId, name: 'Acme', url: `https://${user.userId.toLowerCase()}.example.com` })
    .returning({ id: schema.business.id })
  const image = await storeMedia({
    dataDir: app.env.DATA_DIR,
    businessId: created!.id,
    slug: 'cover',
    bytes: PNG,
    contentType: 'image/png',
  })
  return { ...user, image: image.path }
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

async function remains(userId: string) {
  const users = await app.db.select().from(schema.user).where(eq(schema.user.id, userId))
  const businesses = await app.db.select().from(schema.business).where(eq(schema.business.userId, userId))
  const sessions = await app.db.select().from(schema.session).where(eq(schema.session.userId, userId))
  const accounts = await app.db.select().from(schema.account).where(eq(schema.account.userId, userId))
  return { users: users.length, businesses: businesses.length, sessions: sessions.length, accounts: accounts.length }
}
const deleted = { users: 0, businesses: 0, sessions: 0, accounts: 0 }

async function deleteLink(email: string) {
  const message = await app.outbox.latest(email, 'Confirm deleting')
  const link = message.links.find((url) => url.startsWith(`${TEST_APP_URL}/api/auth/delete-user/callback?`))
  if (!link) throw new Error(`no delete link in:\n${message.raw}`)
  return link
}

describe('immediate deletion', () => {
  it.each([
    { name: 'a fresh session, no password', stale: false, withPassword: false },
    { name: 'a fresh session and the password', stale: false, withPassword: true },
    { name: 'a stale session and the password', stale: true, withPassword: true },
  ])('deletes the user and their business data with $name', async ({ stale, withPassword }) => {
    const { userId, cookie, password, email, image } = await userWithBusiness()
    expect(existsSync(image)).toBe(true)
    if (stale) await app.ageSessions(userId, TWO_DAYS)
    const response = await app.authRequest('/delete-user', { cookie, body: withPassword ? { password } : {} })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, message: 'User deleted' })
    expect(await remains(userId)).toEqual(deleted)
    // Its article images went with it.
    expect(existsSync(image)).toBe(false)
    expect((await app.outbox.all()).some((message) => message.to.includes(email) && /deleting/i.test(message.subject))).toBe(false)
  })

  it('refuses a wrong password with "Invalid password", even on a fresh session', async () => {
    const { userId, cookie } = await userWithBusiness()
    const response = await app.authRequest('/delete-user', { cookie, body: { password: 'not the password' } })
    expect(await errorOf(response)).toMatchObject({ status: 400, message: 'Invalid password' })
    expect(await remains(userId)).toMatchObject({ users: 1, businesses: 1 })
  })

  it('needs a session', async () => {
    expect((await app.authRequest('/delete-user', { body: {} })).status).toBe(401)
  })
})

describe('deletion by emailed token (stale session, no password)', () => {
  it('emails a link and deletes nothing yet; the link deletes the account and redirects', async () => {
    const { userId, cookie, email } = await userWithBusiness()
    await app.ageSessions(userId, TWO_DAYS)
    const response = await app.authRequest('/delete-user', { cookie, body: { callbackURL: '/goodbye' } })
    expect(await response.json()).toEqual({ success: true, message: 'Verification email sent' })
    expect(await remains(userId)).toMatchObject({ users: 1, businesses: 1 })

    const link = await deleteLink(email)
    expect(link).toMatch(/\/delete-user\/callback\?token=[0-9a-z]{32}&callbackURL=%2Fgoodbye$/)
    const callback = await app.authRequest(link.replace(`${TEST_APP_URL}/api/auth`, ''), { cookie })
    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toBe('/goodbye')
    expect(await remains(userId)).toEqual(deleted)
  })

  it('keeps the token for 24 hours', async () => {
    const { userId, cookie, email } = await userWithBusiness()
    await app.ageSessions(userId, TWO_DAYS)
    await app.authRequest('/delete-user', { cookie, body: {} })
    const token = new URL(await deleteLink(email)).searchParams.get('token')!
    const [row] = await app.db
      .select()
      .from(schema.verification)
      .where(eq(schema.verification.identifier, storedVerificationIdentifier(`delete-account-${token}`)))
    expect(row.value).toBe(userId)
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000)
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000)
  })

  it('also accepts the token in the body of POST /delete-user', async () => {
    const { userId, cookie, email } = await userWithBusiness()
    await app.ageSessions(userId, TWO_DAYS)
    await app.authRequest('/delete-user', { cookie, body: {} })
    const token = new URL(await deleteLink(email)).searchParams.get('token')!
    const response = await app.authRequest('/delete-user', { cookie, body: { token } })
    expect(await response.json()).toEqual({ success: true, message: 'User deleted' })
    expect(await remains(userId)).toEqual(deleted)
  })

  it('refuses a bad token, or one emailed to another user, with "invalid token"', async () => {
    const victim = await userWithBusiness()
    const attacker = await userWithBusiness()
    await app.ageSessions(attacker.userId, TWO_DAYS)
    await app.authRequest('/delete-user', { cookie: attacker.cookie, body: {} })
    const attackerToken = new URL(await deleteLink(attacker.email)).searchParams.get('token')!

    const bad = await app.authRequest('/delete-user/callback?token=badtoken', { cookie: victim.cookie })
    expect(await errorOf(bad)).toMatchObject({ status: 404, message: 'invalid token' })
    const foreign = await app.authRequest(`/delete-user/callback?token=${attackerToken}`, { cookie: victim.cookie })
    expect(await errorOf(foreign)).toMatchObject({ status: 404, message: 'invalid token' })
    expect(await remains(victim.userId)).toMatchObject({ users: 1, businesses: 1 })
  })

  it('refuses an untrusted callbackURL with 403 "Invalid callbackURL" and sends nothing', async () => {
    const { userId, cookie, email } = await userWithBusiness()
    await app.ageSessions(userId, TWO_DAYS)
    const response = await app.authRequest('/delete-user', { cookie, body: { callbackURL: 'https://evil.example/' } })
    expect(await errorOf(response)).toMatchObject({ status: 403, message: 'Invalid callbackURL' })
    expect((await app.outbox.all()).some((message) => message.to.includes(email) && /deleting/i.test(message.subject))).toBe(false)
  })
})
