import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { schema } from '~/server/db'
import { getMemoizedSession } from '~/server/access/session-memo'

/**
 * A session revoked on this server is refused on its next request, although the signed cookie
 * cache it carries would vouch for it for up to a minute and the RPC layer remembers it
 * (session-memo.ts). Every cookie below keeps its unexpired cookie cache.
 */

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const headersOf = (cookie: string) => new Headers({ cookie })
const signIn = async (email: string, password: string) => {
  const response = await app.authRequest('/sign-in/email', { body: { email, password } })
  expect(response.status).toBe(200)
  return cookieFrom(response)
}

/** When the cookie's signed session-data cache stops being trusted (ms since epoch). */
function cookieCacheExpiry(cookie: string): number {
  const value = /session_data=([^;]+)/.exec(cookie)?.[1]
  if (!value) throw new Error(`no cookie cache in ${cookie}`)
  return (JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8')) as { expiresAt: number }).expiresAt
}

/** Two devices of one paying user; both have been used, so the RPC layer remembers both. */
async function twoDevices() {
  const laptop = await app.signUp({ plan: 'Growth' })
  const phone = await signIn(laptop.email, laptop.password)
  for (const cookie of [laptop.cookie, phone]) {
    expect((await getMemoizedSession(app.auth, headersOf(cookie)))?.user.id).toBe(laptop.userId)
    expect((await rpcClient(app, cookie).billing.overview()).plan?.name).toBe('Growth')
  }
  return { ...laptop, phone }
}

/** The session is refused everywhere this server reads one: RPC (memo), better-auth's getSession (the page gate), HTTP. */
async function expectRefused(cookie: string) {
  expect(cookieCacheExpiry(cookie)).toBeGreaterThan(Date.now())
  expect(await getMemoizedSession(app.auth, headersOf(cookie))).toBeNull()
  expect(await rejectionOf(rpcClient(app, cookie).billing.overview())).toMatchObject({ code: 'UNAUTHORIZED' })
  expect(await app.auth.api.getSession({ headers: headersOf(cookie) })).toBeNull()
  const overHttp = await app.authRequest('/get-session', { cookie })
  expect(await overHttp.json()).toBeNull()
  // …and the browser is told to drop its cookies.
  expect(overHttp.headers.getSetCookie().some((header) => /session_token=;/.test(header))).toBe(true)
}

async function expectWorking(cookie: string, userId: string) {
  expect((await getMemoizedSession(app.auth, headersOf(cookie)))?.user.id).toBe(userId)
  expect((await rpcClient(app, cookie).billing.overview()).plan?.name).toBe('Growth')
  expect((await app.auth.api.getSession({ headers: headersOf(cookie) }))?.user.id).toBe(userId)
}

describe('a revoked session', () => {
  it('without the record, a deleted session would still be answered from its cookie cache (what this guards against)', async () => {
    const { userId, cookie } = await app.signUp({ plan: 'Growth' })
    // Deleted behind better-auth's back: no hook sees it.
    await app.db.delete(schema.session).where(eq(schema.session.userId, userId))
    expect((await app.auth.api.getSession({ headers: headersOf(cookie) }))?.user.id).toBe(userId)
  })

  it('password reset (through the emailed link) signs every earlier session out at once; the new password signs in', async () => {
    const { email, userId, cookie: laptop, phone } = await twoDevices()
    const requested = await app.authRequest('/request-password-reset', { cookie: laptop, body: { email, redirectTo: '/reset-password' } })
    expect(requested.status).toBe(200)
    const message = await app.outbox.latest(email, 'Reset your')
    const link = message.links.find((url) => url.startsWith(`${TEST_APP_URL}/api/auth/reset-password/`))!
    const callback = await app.authRequest(link.replace(`${TEST_APP_URL}/api/auth`, ''))
    const token = new URL(callback.headers.get('location')!).searchParams.get('token')!
    const reset = await app.authRequest('/reset-password', { cookie: laptop, body: { token, newPassword: 'a brand new password' } })
    expect(await reset.json()).toEqual({ status: true })

    await expectRefused(phone)
    await expectRefused(laptop)
    expect(await app.db.select().from(schema.session).where(eq(schema.session.userId, userId))).toEqual([])
    await expectWorking(await signIn(email, 'a brand new password'), userId)
  })

  it('revoke-other-sessions: the other device is refused at once, the caller keeps working', async () => {
    const { userId, cookie: laptop, phone } = await twoDevices()
    expect(await (await app.authRequest('/revoke-other-sessions', { cookie: laptop, body: {} })).json()).toEqual({ status: true })
    await expectRefused(phone)
    await expectWorking(laptop, userId)
  })

  it('revoke-sessions (sign out everywhere): every device is refused at once; a new sign-in works', async () => {
    const { email, password, userId, cookie: laptop, phone } = await twoDevices()
    expect(await (await app.authRequest('/revoke-sessions', { cookie: laptop, body: {} })).json()).toEqual({ status: true })
    await expectRefused(phone)
    await expectRefused(laptop)
    await expectWorking(await signIn(email, password), userId)
  })

  it('change-password with revokeOtherSessions: the other device and the old cookie are refused, the re-issued one works', async () => {
    const { password, userId, cookie: laptop, phone } = await twoDevices()
    const response = await app.authRequest('/change-password', {
      cookie: laptop,
      body: { currentPassword: password, newPassword: 'changed password 1', revokeOtherSessions: true },
    })
    expect(response.status).toBe(200)
    const reissued = cookieFrom(response, laptop)
    await expectRefused(phone)
    await expectRefused(laptop)
    await expectWorking(reissued, userId)
  })

  it('sign-out and revoke-session: that session only', async () => {
    const { email, password, userId, cookie: laptop, phone } = await twoDevices()
    const third = await signIn(email, password)
    expect((await app.authRequest('/sign-out', { cookie: phone, body: {} })).status).toBe(200)
    await expectRefused(phone)
    const thirdToken = (await app.auth.api.getSession({ headers: headersOf(third) }))!.session.token
    expect((await app.authRequest('/revoke-session', { cookie: laptop, body: { token: thirdToken } })).status).toBe(200)
    await expectRefused(third)
    await expectWorking(laptop, userId)
  })

  it('delete-user: the deleted account’s sessions are refused at once', async () => {
    const { password, cookie: laptop, phone } = await twoDevices()
    expect((await app.authRequest('/delete-user', { cookie: laptop, body: { password } })).status).toBe(200)
    await expectRefused(phone)
    await expectRefused(laptop)
  })
})
