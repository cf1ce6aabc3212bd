import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertBusiness, rejectionOf } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { meterEvent, plan, usage, user } from '~/server/db/schema'
import { clearFaults } from '~/server/demo-network/mock-faults'
import { polarHandlers, polarIngestedEvents, resetPolarMock } from '~/server/demo-network/polar/mock'
import { assertCanCreateBusiness } from './plan-limits'
import { deliverMeterEvents, POLAR_METER_EVENT } from './metering'
import { createPolarClient } from '~/server/providers/polar'
import { billingPeriodOf, recordUsage, withBillableAction, type UsageInput } from './usage'

const server = setupServer(...polarHandlers({ appUrl: TEST_APP_URL }))
let app: TestApp
let ingestRequests = 0
server.events.on('request:start', ({ request }) => {
  if (new URL(request.url).pathname === '/v1/events/ingest') ingestRequests += 1
})

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
})
afterEach(() => {
  resetPolarMock()
  clearFaults()
  ingestRequests = 0
})
afterAll(async () => {
  server.close()
  await app?.close()
})

const deps = () => ({ db: app.db })

async function userOnPlan(name: string) {
  const { userId } = await app.signUp()
  const [row] = await app.db.select({ id: plan.id }).from(plan).where(eq(plan.name, name))
  await app.db.update(user).set({ plan: row.id }).where(eq(user.id, userId))
  return userId
}

const article = (userId: string, key: string, extra: Partial<UsageInput> = {}): UsageInput => ({
  userId,
  source: 'article.generate',
  sourceDetails: `article ${key}`,
  unit: 'article',
  quantity: 1,
  metadata: { keyword: 'seo audit' },
  idempotencyKey: key,
  ...extra,
})

const usageRows = (userId: string) => app.db.select().from(usage).where(eq(usage.userId, userId))

/** Fills the user's allowance for this period in one row. */
async function useUp(userId: string, quantity: number) {
  await recordUsage(app.db, article(userId, `bulk-${userId}`, { quantity }))
}

describe('withBillableAction', () => {
  it('records one usage row with the period, and a retry with the same key records nothing more', async () => {
    const userId = await userOnPlan('Starter')
    const business = await insertBusiness(app, userId)
    let runs = 0
    const action = async () => ++runs
    const first = await withBillableAction(deps(), article(userId, 'job-1:article', { businessId: business.id }), action)
    const retry = await withBillableAction(deps(), article(userId, 'job-1:article', { businessId: business.id }), action)
    expect(runs).toBe(2)
    expect(first).toMatchObject({ result: 1, charged: true })
    expect(retry).toMatchObject({ result: 2, charged: false, usageId: first.usageId })
    const rows = await usageRows(userId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      businessId: business.id,
      source: 'article.generate',
      sourceDetails: 'article job-1:article',
      quantity: 1,
      unit: 'article',
      metadata: { keyword: 'seo audit' },
      billingPeriod: billingPeriodOf(),
    })
    expect(rows[0].billingPeriod).toMatch(/^\d{4}-\d{2}$/)
  })

  it('a failed action is not charged', async () => {
    const userId = await userOnPlan('Growth')
    const failure = withBillableAction(deps(), article(userId, 'job-2:article'), async () => {
      throw new Error('the model timed out')
    })
    await expect(failure).rejects.toThrow('the model timed out')
    expect(await usageRows(userId)).toEqual([])
    expect(ingestRequests).toBe(0)
  })

  it('stops the action once the allowance of a plan without metered pricing is used, with the message', async () => {
    const userId = await userOnPlan('Starter')
    await useUp(userId, 14)
    await withBillableAction(deps(), article(userId, 'last-one'), async () => 'written')
    let ran = false
    const error = await rejectionOf(
      withBillableAction(deps(), article(userId, 'one-too-many'), async () => {
        ran = true
      }),
    )
    expect(ran).toBe(false)
    expect(error?.code).toBe('FORBIDDEN')
    expect(error?.data?.reason).toBe('ALLOWANCE_REACHED')
    const renews = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    })
    expect(error?.message).toBe(
      `You have used all 15 articles of your Starter plan this month. Your allowance renews on ${renews}; upgrade your plan to write more now.`,
    )
    // The toast's button leads to the plans.
    expect(error?.data).toMatchObject({ action: { label: 'See plans', path: '/settings#plan-and-billing' } })
    expect((await usageRows(userId)).reduce((total, row) => total + row.quantity, 0)).toBe(15)
    // A retry of an action that was already charged still runs: it is not a new article.
    expect((await withBillableAction(deps(), article(userId, 'last-one'), async () => 'again')).result).toBe('again')
  })

  it('is one atomic reservation: six actions at once with three articles left run three, and a failure frees its article', async () => {
    const userId = await userOnPlan('Starter')
    await useUp(userId, 12)
    let ran = 0
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        withBillableAction(deps(), article(userId, `at-once-${index}`), async () => {
          ran += 1
          await new Promise((resolve) => setTimeout(resolve, 20))
          return index
        }),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
    expect(ran).toBe(3)
    for (const result of results.filter((item) => item.status === 'rejected'))
      expect(result.reason).toMatchObject({ code: 'FORBIDDEN', data: { reason: 'ALLOWANCE_REACHED' } })
    expect((await usageRows(userId)).reduce((total, row) => total + row.quantity, 0)).toBe(15)

    // One article left: a failed action held it only while it ran.
    const other = await userOnPlan('Starter')
    await useUp(other, 14)
    const failure = withBillableAction(deps(), article(other, 'fails'), async () => {
      throw new Error('the model timed out')
    })
    await expect(failure).rejects.toThrow('the model timed out')
    expect(await withBillableAction(deps(), article(other, 'then-written'), async () => 'written')).toMatchObject({ charged: true })
    expect((await usageRows(other)).map((row) => row.idempotencyKey).sort()).toEqual([`bulk-${other}`, 'then-written'])
  })

  it('a metered plan may go past the allowance and says what it will cost', async () => {
    const userId = await userOnPlan('Growth')
    await useUp(userId, 30)
    const result = await withBillableAction(deps(), article(userId, 'extra-1'), async () => 'written')
    expect(result.overageNotice).toBe(
      'This goes past the 30 articles your Growth plan includes this month: 1 extra article at $3.00 each ($3.00) will be billed at the end of the period.',
    )
  })

  it('a user without a plan is sent to the paywall', async () => {
    const { userId } = await app.signUp()
    const error = await rejectionOf(withBillableAction(deps(), article(userId, 'no-plan'), async () => 'x'))
    expect(error?.data).toMatchObject({ reason: 'PLAN_REQUIRED', redirectTo: '/paywall' })
  })
})

describe('Polar meter events of withBillableAction (metered plans)', () => {
  const meterRows = (userId: string) => app.db.select().from(meterEvent).where(eq(meterEvent.userId, userId))
  const sweep = () => deliverMeterEvents(app.db, createPolarClient(app.env))
  // The sweep sends every user's pending events: earlier tests' are sent first, so each test sees its own.
  beforeEach(async () => {
    await sweep()
    resetPolarMock()
    ingestRequests = 0
  })

  it('only the part past the allowance is metered, once, with its key as external_id, even when the action is retried', async () => {
    const userId = await userOnPlan('Growth')
    await useUp(userId, 29)
    await withBillableAction(deps(), article(userId, 'job-8:article'), async () => 'ok')
    await withBillableAction(deps(), article(userId, 'job-9:article'), async () => 'ok')
    await withBillableAction(deps(), article(userId, 'job-9:article'), async () => 'ok')
    expect(await meterRows(userId)).toEqual([
      expect.objectContaining({ externalId: `${userId}:job-9:article`, quantity: 1, unitPrice: 3, state: 'pending' }),
    ])
    expect(await sweep()).toEqual({ inserted: 1, duplicates: 0, failed: 0 })
    expect(polarIngestedEvents({ externalCustomerId: userId })).toEqual([
      expect.objectContaining({
        name: POLAR_METER_EVENT,
        externalId: `${userId}:job-9:article`,
        metadata: expect.objectContaining({ articles: 1 }),
      }),
    ])
    expect((await meterRows(userId))[0]).toMatchObject({ state: 'sent', lastError: null, attempts: 1 })
  })

  it('an action that fails is never metered; one still running is held, not sent', async () => {
    const userId = await userOnPlan('Agency')
    await useUp(userId, 90)
    await expect(
      withBillableAction(deps(), article(userId, 'fails'), async () => {
        throw new Error('the model timed out')
      }),
    ).rejects.toThrow('the model timed out')
    expect(await meterRows(userId)).toEqual([])
    let finish: () => void = () => {}
    const running = withBillableAction(
      deps(),
      article(userId, 'slow'),
      () => new Promise<string>((resolve) => (finish = () => resolve('ok'))),
    )
    await expect.poll(async () => (await meterRows(userId)).map((row) => row.state)).toEqual(['held'])
    expect(await sweep()).toEqual({ inserted: 0, duplicates: 0, failed: 0 })
    finish()
    await running
    expect(await sweep()).toMatchObject({ inserted: 1 })
    expect(ingestRequests).toBe(1)
  })

  it('is not used by a plan without metered pricing', async () => {
    const userId = await userOnPlan('Starter')
    await withBillableAction(deps(), article(userId, 'starter-1'), async () => 'ok')
    expect(await meterRows(userId)).toEqual([])
    await sweep()
    expect(ingestRequests).toBe(0)
  })
})

describe('assertCanCreateBusiness', () => {
  it('refuses a second business on the 1-business Starter plan with the message', async () => {
    const userId = await userOnPlan('Starter')
    await expect(assertCanCreateBusiness(app.db, userId)).resolves.toMatchObject({ name: 'Starter', businessLimit: 1 })
    await insertBusiness(app, userId)
    const error = await rejectionOf(assertCanCreateBusiness(app.db, userId))
    expect(error?.code).toBe('FORBIDDEN')
    expect(error?.data?.reason).toBe('BUSINESS_LIMIT_REACHED')
    expect(error?.message).toBe('Your Starter plan includes 1 business, and you have 1. Upgrade your plan to add another business.')
  })

  it('Growth allows three businesses and refuses the fourth', async () => {
    const userId = await userOnPlan('Growth')
    for (let index = 0; index < 3; index += 1) {
      await assertCanCreateBusiness(app.db, userId)
      await insertBusiness(app, userId)
    }
    expect((await rejectionOf(assertCanCreateBusiness(app.db, userId)))?.message).toBe(
      'Your Growth plan includes 3 businesses, and you have 3. Upgrade your plan to add another business.',
    )
  })
})
