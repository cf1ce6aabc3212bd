import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, withoutCookieCache, type TestApp } from '~tests/fixtures/test-app'
import { SESSION_COOKIE_CACHE_MAX_AGE } from '~/server/auth/auth'
import { getMemoizedSession } from './session-memo'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

const headersOf = (cookie: string) => new Headers({ cookie })

/** Counts the calls that reach better-auth. */
function countGetSession() {
  const spy = vi.spyOn(app.auth.api, 'getSession')
  return { calls: () => spy.mock.calls.length, restore: () => spy.mockRestore() }
}

describe('getMemoizedSession', () => {
  it('answers as getSession does, then from memory for the same cookies', async () => {
    const alice = await app.signUp()
    const expected = await app.auth.api.getSession({ headers: headersOf(alice.cookie) })
    const counter = countGetSession()
    try {
      const first = await getMemoizedSession(app.auth, headersOf(alice.cookie))
      const second = await getMemoizedSession(app.auth, headersOf(`theme=dark; ${alice.cookie}`))
      expect(first).toEqual(expected)
      expect(second).toBe(first)
      expect(counter.calls()).toBe(1)
      expect(Object.isFrozen(first?.user)).toBe(true)
    } finally {
      counter.restore()
    }
  })

  it("never hands one user the other user's session, and refuses an altered token", async () => {
    const alice = await app.signUp()
    const bob = await app.signUp()
    expect((await getMemoizedSession(app.auth, headersOf(alice.cookie)))?.user.id).toBe(alice.userId)
    expect((await getMemoizedSession(app.auth, headersOf(bob.cookie)))?.user.id).toBe(bob.userId)
    const altered = alice.cookie.replace(
      /(session_token=)([^;.]+)/,
      (_, name: string, token: string) => `${name}${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    )
    expect(altered).not.toBe(alice.cookie)
    expect(await getMemoizedSession(app.auth, headersOf(altered))).toBeNull()
    expect(await getMemoizedSession(app.auth, headersOf('theme=dark'))).toBeNull()
  })

  it('keeps nothing once the cookie cache would have expired, and nothing read from the database', async () => {
    const alice = await app.signUp()
    let clock = Date.now()
    const now = () => clock
    const counter = countGetSession()
    try {
      await getMemoizedSession(app.auth, headersOf(alice.cookie), now)
      await getMemoizedSession(app.auth, headersOf(alice.cookie), now)
      expect(counter.calls()).toBe(1)
      clock += SESSION_COOKIE_CACHE_MAX_AGE * 1000 + 1
      await getMemoizedSession(app.auth, headersOf(alice.cookie), now)
      expect(counter.calls()).toBe(2)

      // Without the session-data cookie better-auth reads the session row each time: so do we.
      const tokenOnly = withoutCookieCache(alice.cookie)
      await getMemoizedSession(app.auth, headersOf(tokenOnly))
      await getMemoizedSession(app.auth, headersOf(tokenOnly))
      expect(counter.calls()).toBe(4)
    } finally {
      counter.restore()
    }
  })

  it('refuses a signed-out session at once: remembered, with its cookie cache, or without it', async () => {
    const alice = await app.signUp()
    expect(await getMemoizedSession(app.auth, headersOf(alice.cookie))).not.toBeNull()
    const signOut = await app.authRequest('/sign-out', { cookie: alice.cookie, body: {} })
    expect(signOut.status).toBe(200)
    expect(await getMemoizedSession(app.auth, headersOf(alice.cookie))).toBeNull()
    expect(await app.auth.api.getSession({ headers: headersOf(alice.cookie) })).toBeNull()
    expect(await app.auth.api.getSession({ headers: headersOf(withoutCookieCache(alice.cookie)) })).toBeNull()
    expect(await getMemoizedSession(app.auth, headersOf(withoutCookieCache(alice.cookie)))).toBeNull()
  })
})
