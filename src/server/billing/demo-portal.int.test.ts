import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rpcClient } from '~tests/fixtures/rpc'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { plan } from '~/server/db/schema'
import { polarHandlers, polarStore, resetPolarMock } from '~/server/demo-network/polar/mock'
import { handleDemoCheckout } from './demo-checkout'
import { DEMO_PORTAL_LABEL, DEMO_PORTAL_LINK_TTL_MS, handleDemoPortal, issueDemoPortalToken } from './demo-portal'

const server = setupServer(...polarHandlers({ appUrl: TEST_APP_URL }))
let app: TestApp

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
})
afterEach(() => resetPolarMock())
afterAll(async () => {
  server.close()
  await app?.close()
})

/** A user who paid for Agency through the stand-in checkout, and the portal link billing.portal gave them. */
async function payingUser() {
  const account = await app.signUp()
  const [agency] = await app.db.select().from(plan).where(eq(plan.name, 'Agency'))
  const { url: checkoutUrl } = await rpcClient(app, account.cookie).billing.checkout({ planId: agency.id })
  const checkoutId = checkoutUrl.split('/').at(-1)!
  const paid = await handleDemoCheckout(
    new Request(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      body: 'decision=pay',
    }),
    checkoutId,
    { env: app.env, db: app.db, authHandler: (request) => app.auth.handler(request) },
  )
  expect(paid.status).toBe(303)
  const { url } = await rpcClient(app, account.cookie).billing.portal({})
  return { ...account, portalUrl: url, token: new URL(url).searchParams.get('customer_session_token')! }
}

const open = (url: string, cookie?: string) =>
  handleDemoPortal(new Request(url, { headers: cookie ? { cookie } : {} }), { env: app.env, db: app.db, auth: app.auth })

const portalUrl = (token: string) => `${TEST_APP_URL}/demo/polar/portal?customer_session_token=${encodeURIComponent(token)}`

describe('the demo billing portal link', () => {
  it('is random, not one of the Polar mock’s guessable customer session tokens, and opens for its own session', async () => {
    const alice = await payingUser()
    expect(alice.token).toMatch(/^polar_cst_[A-Za-z0-9_-]{43}$/)
    expect(polarStore().sessions.has(alice.token)).toBe(false)
    const page = await open(alice.portalUrl, alice.cookie)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(DEMO_PORTAL_LABEL)
    expect(html).toContain('<dt>Agency</dt>')
    // A second link for the same session is another token.
    const { url: again } = await rpcClient(app, alice.cookie).billing.portal({})
    expect(new URL(again).searchParams.get('customer_session_token')).not.toBe(alice.token)
  })

  it('refuses guessed tokens, even with the customer’s own session', async () => {
    const alice = await payingUser()
    // Every token the mock ever issued (what the old links carried, derived from a counter and the customer).
    const mockTokens = [...polarStore().sessions.keys()]
    expect(mockTokens.length).toBeGreaterThan(0)
    for (const token of [...mockTokens, 'polar_cst_forged', alice.token.slice(0, -1), '']) {
      const page = await open(portalUrl(token), alice.cookie)
      expect(page.status, token).toBe(401)
      expect(await page.text()).not.toContain('<dt>Agency</dt>')
    }
  })

  it('refuses another user, another session of the same user, and a visitor signed out', async () => {
    const alice = await payingUser()
    const mallory = await app.signUp()
    const secondSession = cookieFrom(await app.authRequest('/sign-in/email', { body: { email: alice.email, password: alice.password } }))
    for (const [who, cookie] of [
      ['another user', mallory.cookie],
      ['another session', secondSession],
      ['nobody', undefined],
    ] as const) {
      const page = await open(alice.portalUrl, cookie)
      expect(page.status, who).toBe(401)
      expect(await page.text(), who).toContain('This billing session has expired')
    }
    // Still fine for the session that asked for it.
    expect((await open(alice.portalUrl, alice.cookie)).status).toBe(200)
  })

  it('expires after a few minutes, and with its session', async () => {
    const alice = await payingUser()
    const session = await app.auth.api.getSession({ headers: new Headers({ cookie: alice.cookie }) })
    const [customerId] = [...polarStore().sessions.values()]
    const stale = issueDemoPortalToken(session!.session.id, customerId, Date.now() - DEMO_PORTAL_LINK_TTL_MS - 1)
    expect((await open(portalUrl(stale), alice.cookie)).status).toBe(401)
    const fresh = issueDemoPortalToken(session!.session.id, customerId)
    expect((await open(portalUrl(fresh), alice.cookie)).status).toBe(200)

    expect((await app.authRequest('/sign-out', { cookie: alice.cookie, body: {} })).status).toBe(200)
    // The signed-out browser still holds its cookies, cookie cache included: refused all the same.
    expect((await open(alice.portalUrl, alice.cookie)).status).toBe(401)
  })
})
