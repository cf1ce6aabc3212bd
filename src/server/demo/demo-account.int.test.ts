import { existsSync } from 'node:fs'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '~/env'
import { storeMedia } from '~/server/media/media-store'
import { business, competitor, plan, user } from '~/server/db/schema'
import { cookieFrom, createTestApp, errorOf, type TestApp } from '~tests/fixtures/test-app'
import { DEMO_EMAIL, DEMO_NAME, demoAccountEnabled, demoPassword, recreateDemoAccount } from './demo-account'
import { DEMO_ACCOUNT_LOCKED, DEMO_PROFILE_LOCKED } from '../auth/demo-guard'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())

async function signInAsDemo(headers: Record<string, string> = {}) {
  const response = await app.authRequest('/sign-in/email', {
    body: { email: DEMO_EMAIL, password: demoPassword(app.env) },
    headers,
  })
  expect(response.status).toBe(200)
  return cookieFrom(response)
}

describe('the demo account', () => {
  it('is offered only while the paid services are all simulated', () => {
    expect(demoAccountEnabled(parseEnv({ NODE_ENV: 'test' }))).toBe(true)
    // A YouTube key alone spends nothing an anonymous visitor could run up.
    expect(demoAccountEnabled(parseEnv({ NODE_ENV: 'test', YOUTUBE_API_KEY: 'k' }))).toBe(true)
    expect(demoAccountEnabled(parseEnv({ NODE_ENV: 'test', LLM_API_KEY: 'sk-1', BILLING: 'off' }))).toBe(false)
    expect(demoAccountEnabled(parseEnv({ NODE_ENV: 'test', DATAFORSEO_LOGIN: 'a', DATAFORSEO_PASSWORD: 'b', BILLING: 'off' }))).toBe(false)
    // A self-hosted server has real users, even with every engine simulated.
    expect(demoAccountEnabled(parseEnv({ NODE_ENV: 'test', BILLING: 'off' }))).toBe(false)
    expect(demoAccountEnabled(parseEnv({ NODE_ENV: 'test', POLAR_ACCESS_TOKEN: 'polar_oat_1' }))).toBe(false)
  })

  it('is a Growth user with one set-up business and its competitors', async () => {
    const demo = await recreateDemoAccount(app.db, app.env)
    const [row] = await app.db
      .select({ email: user.email, verified: user.emailVerified, plan: plan.name, selected: user.selectedBusiness })
      .from(user)
      .leftJoin(plan, eq(plan.id, user.plan))
      .where(eq(user.id, demo.userId))
    expect(row).toEqual({ email: DEMO_EMAIL, verified: true, plan: 'Growth', selected: demo.businessId })
    const [profile] = await app.db.select().from(business).where(eq(business.id, demo.businessId))
    // Complete as the setup wizard judges it: name, url, description, sitemap, blog, language, tone.
    expect(profile).toMatchObject({ name: 'Acme Roasters', language: 'English', tone: 'Friendly' })
    expect(profile.description && profile.sitemapUrl && profile.blogUrl).toBeTruthy()
    const [{ competitors }] = await app.db
      .select({ competitors: count() })
      .from(competitor)
      .where(eq(competitor.businessId, demo.businessId))
    expect(competitors).toBeGreaterThanOrEqual(2)
  })

  it('is re-created on each start: what a visitor changed is gone, and nothing is duplicated', async () => {
    const first = await recreateDemoAccount(app.db, app.env)
    await app.db.delete(competitor).where(eq(competitor.businessId, first.businessId))
    const image = await storeMedia({
      dataDir: app.env.DATA_DIR,
      businessId: first.businessId,
      slug: 'cover',
      bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]),
      contentType: 'image/png',
    })
    const second = await recreateDemoAccount(app.db, app.env)
    // The previous account's article images do not pile up on disk start after start.
    expect(existsSync(image.path)).toBe(false)
    expect(second.userId).not.toBe(first.userId)
    expect(await app.db.select().from(user).where(eq(user.email, DEMO_EMAIL))).toHaveLength(1)
    expect(await app.db.select().from(business).where(eq(business.id, first.businessId))).toHaveLength(0)
    const [{ competitors }] = await app.db
      .select({ competitors: count() })
      .from(competitor)
      .where(eq(competitor.businessId, second.businessId))
    expect(competitors).toBe(3)
  })

  it('two starts at once leave exactly one demo account', async () => {
    await Promise.all([recreateDemoAccount(app.db, app.env), recreateDemoAccount(app.db, app.env)])
    expect(await app.db.select().from(user).where(eq(user.email, DEMO_EMAIL))).toHaveLength(1)
  })

  it('signs in with the derived password, and nobody can change its sign-in details', async () => {
    await recreateDemoAccount(app.db, app.env)
    const cookie = await signInAsDemo()
    for (const [path, body] of [
      ['/change-password', { currentPassword: demoPassword(app.env), newPassword: 'taken over 123' }],
      ['/change-email', { newEmail: 'mine@example.com' }],
      ['/delete-user', { password: demoPassword(app.env) }],
      ['/revoke-other-sessions', {}],
    ] as const) {
      expect(await errorOf(await app.authRequest(path, { body, cookie })), path).toEqual({
        status: 403,
        code: 'DEMO_ACCOUNT_LOCKED',
        message: DEMO_ACCOUNT_LOCKED,
      })
    }
    // Still the same account, still reachable.
    await signInAsDemo()
  })

  it('keeps its identity read-only: name and picture cannot be changed (no tracking pixel for the next visitor)', async () => {
    const demo = await recreateDemoAccount(app.db, app.env)
    const cookie = await signInAsDemo()
    for (const body of [{ name: 'Mallory' }, { image: 'https://tracker.example/pixel.gif' }, { name: 'Mallory', image: null }]) {
      expect(await errorOf(await app.authRequest('/update-user', { body, cookie })), JSON.stringify(body)).toEqual({
        status: 403,
        code: 'DEMO_ACCOUNT_LOCKED',
        message: DEMO_PROFILE_LOCKED,
      })
    }
    const [row] = await app.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, demo.userId))
    expect(row).toEqual({ name: DEMO_NAME, image: null })
  })

  it('shows each visitor only their own session: no other visitor’s address, browser or token', async () => {
    await recreateDemoAccount(app.db, app.env)
    const visitors = [
      { 'user-agent': 'Visitor A Browser', 'x-rankpilot-client-ip': '203.0.113.10' },
      { 'user-agent': 'Visitor B Browser', 'x-rankpilot-client-ip': '198.51.100.20' },
      { 'user-agent': 'Visitor C Browser', 'x-rankpilot-client-ip': '192.0.2.30' },
    ]
    const cookies = []
    for (const headers of visitors) cookies.push(await signInAsDemo(headers))
    for (const [index, cookie] of cookies.entries()) {
      const own = await app.auth.api.getSession({ headers: new Headers({ cookie }) })
      const response = await app.authRequest('/list-sessions', { cookie })
      expect(response.status).toBe(200)
      const text = await response.text()
      const sessions = JSON.parse(text) as Array<{ id: string; token: string; userAgent: string; ipAddress: string }>
      expect(sessions).toHaveLength(1)
      expect(sessions[0]).toMatchObject({ id: own!.session.id, token: own!.session.token, userAgent: visitors[index]['user-agent'] })
      for (const other of visitors.filter((_, i) => i !== index)) {
        expect(text).not.toContain(other['user-agent'])
        expect(text).not.toContain(other['x-rankpilot-client-ip'])
      }
    }
  })

  it('still lists every session of an ordinary account', async () => {
    const other = await app.signUp()
    await app.authRequest('/sign-in/email', { body: { email: other.email, password: other.password } })
    const sessions = (await (await app.authRequest('/list-sessions', { cookie: other.cookie })).json()) as unknown[]
    expect(sessions).toHaveLength(2)
  })

  it("leaves everyone else's account alone", async () => {
    const other = await app.signUp()
    const response = await app.authRequest('/change-password', {
      body: { currentPassword: other.password, newPassword: 'a new password 1' },
      cookie: other.cookie,
    })
    expect(response.status).toBe(200)
  })
})
