import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { parseEnv } from '~/env'
import { plan, user } from '~/server/db/schema'
import { polarHandlers, polarStore, resetPolarMock } from '~/server/demo-network/polar/mock'
import { DEMO_CHECKOUT_LABEL, handleDemoCheckout } from './demo-checkout'
import { DEMO_PORTAL_LABEL, handleDemoPortal } from './demo-portal'
import { planProductIds, seedPlans } from '~/server/db/seed'
import { recordOverage } from './metering'
import { recordUsage } from './usage'

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

const planNamed = async (name: string) => (await app.db.select().from(plan).where(eq(plan.name, name)))[0]
const planOf = async (userId: string) => (await app.db.select({ plan: user.plan }).from(user).where(eq(user.id, userId)))[0].plan
const checkoutDeps = (env = app.env) => ({ env, db: app.db, authHandler: (request: Request) => app.auth.handler(request) })
const checkoutPage = (id: string, init?: RequestInit, env = app.env) =>
  handleDemoCheckout(new Request(`${TEST_APP_URL}/demo/polar/checkout/${id}`, init), id, checkoutDeps(env))
const submit = (decision: 'pay' | 'cancel', origin = TEST_APP_URL) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
  body: `decision=${decision}`,
})

/** Signs up and starts a checkout for `planName` through billing.checkout; returns the checkout id. */
async function startCheckout(planName: string) {
  const account = await app.signUp()
  const { url } = await rpcClient(app, account.cookie).billing.checkout({ planId: (await planNamed(planName)).id })
  const match = /\/demo\/polar\/checkout\/([^/?]+)$/.exec(url)
  expect(url.startsWith(`${TEST_APP_URL}/demo/polar/checkout/`)).toBe(true)
  return { ...account, checkoutId: match![1] }
}

describe('billing.checkout', () => {
  it('starts a Polar checkout for the plan product, owned by the caller, returning to /setup?checkout=true', async () => {
    const { userId, checkoutId } = await startCheckout('Growth')
    expect(polarStore().checkouts.get(checkoutId)).toMatchObject({
      productIds: [(await planNamed('Growth')).productId],
      externalCustomerId: userId,
      successUrl: `${TEST_APP_URL}/setup?checkout=true`,
      returnUrl: `${TEST_APP_URL}/paywall`,
    })
  })

  it("the plugin's browser-side usage ingestion is not served: usage is reported by the server only", async () => {
    const { cookie } = await app.signUp()
    const response = await app.authRequest('/usage/ingest', { cookie, body: { event: 'rankpilot_usage', metadata: { articles: -100 } } })
    expect(response.status).toBe(404)
    expect(polarStore().events).toEqual([])
  })

  it('refuses an unknown plan, the current plan, a second plan and anonymous callers clearly', async () => {
    const { cookie, userId } = await app.signUp()
    const client = rpcClient(app, cookie)
    const unknown = await rejectionOf(client.billing.checkout({ planId: 'nope' }))
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'That plan is not offered. Reload the page to see the current plans.' })
    const empty = await rejectionOf(client.billing.checkout({ planId: ' ' }))
    expect(empty).toMatchObject({ code: 'BAD_REQUEST', message: 'Choose a plan.' })
    await app.db
      .update(user)
      .set({ plan: (await planNamed('Growth')).id })
      .where(eq(user.id, userId))
    expect(await rejectionOf(client.billing.checkout({ planId: (await planNamed('Growth')).id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Growth is already your plan.',
    })
    expect((await rejectionOf(client.billing.checkout({ planId: (await planNamed('Agency')).id })))?.data?.reason).toBe(
      'CHANGE_PLAN_IN_PORTAL',
    )
    expect((await rejectionOf(rpcClient(app).billing.checkout({ planId: (await planNamed('Agency')).id })))?.code).toBe('UNAUTHORIZED')
    expect(polarStore().checkouts.size).toBe(0)
  })
})

describe('the demo checkout page', () => {
  it('shows the demo label, plan and price; Pay runs the signed webhooks and returns with the token', async () => {
    const { userId, checkoutId } = await startCheckout('Growth')
    const page = await checkoutPage(checkoutId)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(DEMO_CHECKOUT_LABEL)
    expect(html).toContain('Rankpilot Growth')
    expect(html).toContain('$99</span> / month')
    expect(html).toContain('Pay $99')

    const paid = await checkoutPage(checkoutId, submit('pay'))
    expect(paid.status).toBe(303)
    const location = new URL(paid.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${TEST_APP_URL}/setup`)
    expect(location.searchParams.get('checkout')).toBe('true')
    expect(location.searchParams.get('customer_session_token')).toMatch(/^polar_cst_/)
    expect(await planOf(userId)).toBe((await planNamed('Growth')).id)

    const again = await checkoutPage(checkoutId, submit('pay'))
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('This checkout has already been paid.')
  })

  it('Cancel returns to /paywall and changes nothing; a cross-site post and unknown ids are refused', async () => {
    const { userId, checkoutId } = await startCheckout('Starter')
    const cancelled = await checkoutPage(checkoutId, submit('cancel'))
    expect(cancelled.status).toBe(303)
    expect(cancelled.headers.get('location')).toBe(`${TEST_APP_URL}/paywall`)
    expect((await checkoutPage(checkoutId, submit('pay', 'https://evil.example'))).status).toBe(403)
    expect(await planOf(userId)).toBeNull()
    const missing = await checkoutPage('no-such-checkout')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('This checkout does not exist or has expired.')
  })

  it('answers 404 when Polar is live', async () => {
    const { checkoutId } = await startCheckout('Growth')
    const live = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: TEST_APP_URL,
      DATA_DIR: app.env.DATA_DIR,
      POLAR_ACCESS_TOKEN: 'polar_oat_live',
    })
    expect((await checkoutPage(checkoutId, undefined, live)).status).toBe(404)
    const portal = await handleDemoPortal(new Request(`${TEST_APP_URL}/demo/polar/portal`), { env: live, db: app.db, auth: app.auth })
    expect(portal.status).toBe(404)
  })
})

describe('billing.overview and billing.portal', () => {
  it('shows only the caller’s plan and usage this period against the allowance', async () => {
    const { userId, cookie, checkoutId } = await startCheckout('Growth')
    // Before payment the overview is behind the paywall like every paid procedure.
    expect(await rejectionOf(rpcClient(app, cookie).billing.overview())).toMatchObject({
      code: 'FORBIDDEN',
      data: { reason: 'PLAN_REQUIRED' },
    })
    await checkoutPage(checkoutId, submit('pay'))
    await recordUsage(app.db, { userId, source: 'article.generate', unit: 'article', quantity: 30, idempotencyKey: 'bulk' })
    // Two more past the allowance, each billed as its save records it.
    for (const key of ['extra-1', 'extra-2']) {
      const recorded = await recordUsage(app.db, { userId, source: 'article.generate', unit: 'article', idempotencyKey: key })
      await recordOverage(app.db, {
        userId,
        usageId: recorded.id,
        idempotencyKey: key,
        billingPeriod: recorded.billingPeriod,
        quantity: 1,
        unitPrice: 3,
        occurredAt: recorded.timestamp,
      })
    }
    const other = await app.signUp({ plan: 'Growth' })
    await recordUsage(app.db, { userId: other.userId, source: 'article.generate', unit: 'article', quantity: 5, idempotencyKey: 'bulk' })
    const overview = await rpcClient(app, cookie).billing.overview()
    expect(overview).toMatchObject({ articlesUsed: 32, articlesIncluded: 30, overArticles: 2, overageCost: 6 })
    expect(overview.plan?.name).toBe('Growth')
    expect((await rpcClient(app, other.cookie).billing.overview()).articlesUsed).toBe(5)
  })

  it('opens the customer portal after payment, and sends to the paywall before', async () => {
    const { cookie, checkoutId } = await startCheckout('Agency')
    expect(await rejectionOf(rpcClient(app, cookie).billing.portal({}))).toMatchObject({
      code: 'FORBIDDEN',
      data: { reason: 'PLAN_REQUIRED', redirectTo: '/paywall' },
    })
    await checkoutPage(checkoutId, submit('pay'))
    const { url } = await rpcClient(app, cookie).billing.portal({})
    expect(url).toMatch(new RegExp(`^${TEST_APP_URL}/demo/polar/portal\\?customer_session_token=polar_cst_`))
    const portal = await handleDemoPortal(new Request(url, { headers: { cookie } }), { env: app.env, db: app.db, auth: app.auth })
    const html = await portal.text()
    expect(portal.status).toBe(200)
    expect(html).toContain(DEMO_PORTAL_LABEL)
    // One renewal day: the portal's subscription renews when the billing card says the allowance does.
    const { renewsOn } = await rpcClient(app, cookie).billing.overview()
    const portalRenews = /<dt>Agency<\/dt><dd>\$249 \/ month, renews ([A-Za-z]+ \d+), \d{4}<\/dd>/.exec(html)
    expect(portalRenews?.[1]).toBe(renewsOn)
    const forged = new Request(`${TEST_APP_URL}/demo/polar/portal?customer_session_token=polar_cst_forged`, { headers: { cookie } })
    const expired = await handleDemoPortal(forged, { env: app.env, db: app.db, auth: app.auth })
    expect(expired.status).toBe(401)
  })
})

describe('plans ↔ Polar products', () => {
  it('live product ids (POLAR_PRODUCT_*) replace the demo ones on the same plans, which users keep', async () => {
    const growth = await planNamed('Growth')
    const { userId } = await app.signUp()
    await app.db.update(user).set({ plan: growth.id }).where(eq(user.id, userId))
    try {
      await seedPlans(app.db, planProductIds({ POLAR_PRODUCT_GROWTH: 'prod_live_growth' }))
      const updated = await planNamed('Growth')
      expect(updated).toMatchObject({ id: growth.id, productId: 'prod_live_growth' })
      expect((await planNamed('Starter')).productId).toBe('rankpilot-starter')
      expect(await app.db.select().from(plan)).toHaveLength(3)
      expect(await planOf(userId)).toBe(growth.id)
    } finally {
      await seedPlans(app.db, planProductIds({}))
    }
    expect((await planNamed('Growth')).productId).toBe('rankpilot-growth')
  })
})
