import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertBusiness, rejectionOf, rpcClient } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { env, parseEnv, resetEnvCache, type Env } from '~/env'
import { meterEvent } from '~/server/db/schema'
import { PLAN_SEEDS } from '~/server/db/seed'
import { polarHandlers, resetPolarMock } from '~/server/demo-network/polar/mock'
import { billingAuthPlugins } from '~/server/auth/polar-plugins'
import { billingAuthParts } from './billing-auth'
import { handleDemoCheckout } from './demo-checkout'
import { forgetAllPlanAccess } from '~/server/access/plan-access'
import { findUserPlan } from '~/server/access/plan-access'
import { assertCanCreateBusiness, businessAllowance } from './plan-limits'
import { billingPeriodOf, checkAllowance, recordUsage, withBillableAction } from './usage'

// A self-hosted server with a live LLM: BILLING=off and a real (unreachable, never called) AI base
// URL. Services read the configuration through env(), switched here through process.env.
const SELF_HOSTED = { BILLING: 'off', LLM_BASE_URL: 'http://127.0.0.1:9/v1' }
const TOP = [...PLAN_SEEDS].sort((a, b) => b.price - a.price)[0]

// Anything reaching Polar (checkout, portal, usage events) would land here and be counted.
const polar = setupServer(...polarHandlers({ appUrl: TEST_APP_URL }))
let polarRequests = 0
polar.events.on('request:start', () => {
  polarRequests += 1
})
let app: TestApp

beforeAll(async () => {
  polar.listen({ onUnhandledFrame: 'error' })
  Object.assign(process.env, SELF_HOSTED)
  resetEnvCache()
  app = await createTestApp(SELF_HOSTED)
})
beforeEach(() => {
  forgetAllPlanAccess()
  polarRequests = 0
})
afterAll(async () => {
  for (const name of Object.keys(SELF_HOSTED)) delete process.env[name]
  resetEnvCache()
  forgetAllPlanAccess()
  resetPolarMock()
  polar.close()
  await app?.close()
})

describe('findUserPlan on a self-hosted server (BILLING=off)', () => {
  it('is the most expensive seeded plan for a user with no stored plan, with nothing metered', async () => {
    expect(env().BILLING).toBe('off')
    const { userId } = await app.signUp()
    expect(await findUserPlan(app.db, userId)).toMatchObject({
      name: TOP.name,
      businessLimit: TOP.businessLimit,
      articlesPerMonth: TOP.articlesPerMonth,
      hasMeteredPricing: false,
      meteredUnitPrice: null,
      selfHosted: true,
    })
    // The same user on a server that bills has no plan: the answer follows the mode, nothing was written.
    const billed: Env = parseEnv({ NODE_ENV: 'test' })
    expect(await findUserPlan(app.db, userId, billed)).toBeUndefined()
  })

  it('ignores a stored plan and answers nothing for an unknown user', async () => {
    const { userId } = await app.signUp({ plan: 'Starter' })
    expect((await findUserPlan(app.db, userId))?.name).toBe(TOP.name)
    expect(await findUserPlan(app.db, 'no-such-user')).toBeUndefined()
  })

  it('lets a user without a stored plan through every paid procedure', async () => {
    const { cookie } = await app.signUp()
    const client = rpcClient(app, cookie)
    expect(await client.business.list()).toEqual([])
    expect(await client.setup.state()).toBeDefined()
  })
})

describe('the limits follow the top plan', () => {
  it('businesses: up to its businessLimit, then refused without an upgrade to sell', async () => {
    const { userId } = await app.signUp()
    for (let i = 0; i < TOP.businessLimit - 1; i++) await insertBusiness(app, userId)
    await expect(assertCanCreateBusiness(app.db, userId)).resolves.toMatchObject({ name: TOP.name })
    await insertBusiness(app, userId)
    const refused = await rejectionOf(assertCanCreateBusiness(app.db, userId))
    expect(refused).toMatchObject({
      code: 'FORBIDDEN',
      message: `This server allows ${TOP.businessLimit} businesses per account (billing is off), and you have ${TOP.businessLimit}.`,
      data: { reason: 'BUSINESS_LIMIT_REACHED' },
    })
    // Nothing to sell: no "See plans" button, here or in what the switcher asks.
    expect(refused?.data?.action).toBeUndefined()
    expect(await businessAllowance(app.db, userId)).toMatchObject({
      selfHosted: true,
      canAdd: false,
      action: null,
      limit: TOP.businessLimit,
    })
  })

  it('articles: counted, allowed up to its articlesPerMonth, then refused; never reported to Polar', async () => {
    const { userId } = await app.signUp()
    const almostAll = TOP.articlesPerMonth - 1
    await recordUsage(app.db, { userId, source: 'article.generate', unit: 'article', quantity: almostAll, idempotencyKey: 'bulk' })
    const deps = { db: app.db }
    const input = { userId, source: 'article.generate', unit: 'article', idempotencyKey: 'last' }
    const last = await withBillableAction(deps, input, async () => 'written')
    expect(last).toMatchObject({ result: 'written', charged: true, overageNotice: undefined })
    expect(polarRequests).toBe(0)
    expect(await app.db.select().from(meterEvent).where(eq(meterEvent.userId, userId))).toEqual([])

    const refused = await rejectionOf(checkAllowance(app.db, userId, 1))
    expect(refused?.data?.reason).toBe('ALLOWANCE_REACHED')
    expect(refused?.message).toMatch(
      new RegExp(`^You have used all ${TOP.articlesPerMonth} articles this server allows per account this month \\(billing is off\\)\\. `),
    )
    expect(refused?.message).not.toMatch(/upgrade/i)
    // Nothing to buy: no "See plans" button.
    expect(refused?.data?.action).toBeUndefined()
  })
})

describe('billing on a self-hosted server', () => {
  it('billing.overview: billing off, the top plan, and the usage of this period', async () => {
    const { userId, cookie } = await app.signUp()
    await recordUsage(app.db, { userId, source: 'article.generate', unit: 'article', quantity: 7, idempotencyKey: 'seven' })
    const overview = await rpcClient(app, cookie).billing.overview()
    expect(overview).toMatchObject({
      billing: 'off',
      plan: { name: TOP.name, hasMeteredPricing: false, meteredUnitPrice: null },
      period: billingPeriodOf(),
      articlesUsed: 7,
      articlesIncluded: TOP.articlesPerMonth,
      overArticles: 0,
      overageCost: 0,
    })
  })

  it('no checkout and no portal: BILLING_OFF, and Polar is never called', async () => {
    const { cookie } = await app.signUp()
    const client = rpcClient(app, cookie)
    const plans = await client.plan.getAll()
    for (const planId of plans.map((p) => p.id)) {
      expect(await rejectionOf(client.billing.checkout({ planId }))).toMatchObject({
        code: 'CONFLICT',
        message: 'Billing is off on this server: every account already has every plan feature.',
        data: { reason: 'BILLING_OFF' },
      })
    }
    expect((await rejectionOf(client.billing.portal({})))?.data?.reason).toBe('BILLING_OFF')
    expect(polarRequests).toBe(0)
  })

  it('the Polar endpoints of better-auth are not mounted', async () => {
    expect(billingAuthPlugins({ env: app.env, billing: billingAuthParts(app.db) })).toEqual([])
    const { cookie } = await app.signUp()
    for (const path of ['/checkout', '/customer/portal', '/polar/webhooks']) {
      expect((await app.authRequest(path, { cookie, body: { products: [TOP.productId] } })).status, path).toBe(404)
    }
    expect(polarRequests).toBe(0)
  })

  it('the demo checkout stand-in is not served beside a live LLM, with or without the start-up check', async () => {
    const page = (config: Env) =>
      handleDemoCheckout(new Request(`${TEST_APP_URL}/demo/polar/checkout/any`), 'any', {
        env: config,
        db: app.db,
        authHandler: (request) => app.auth.handler(request),
      })
    const notServed = async (config: Env) => {
      const response = await page(config)
      return response.status === 404 && !(await response.text()).includes('Demo mode')
    }
    expect(await notServed(app.env)).toBe(true)
    // The configuration of the reported bug (live LLM, no Polar, no BILLING) never starts
    // (src/env.ts); built by hand past that check, it still gets no free checkout.
    expect(await notServed({ ...app.env, BILLING: undefined })).toBe(true)
    // Full demo mode serves it (an unknown checkout id gets the stand-in's own page).
    expect(await notServed(parseEnv({ NODE_ENV: 'test', APP_URL: TEST_APP_URL }))).toBe(false)
  })
})
