import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { plan, user, webhookDelivery } from '~/server/db/schema'
import { parseEnv } from '~/env'
import { createAppAuth } from '~/server/app/auth'
import { createMailer } from '~/server/email/mailer'
import { polarHandlers, resetPolarMock } from '~/server/demo-network/polar/mock'
import { completeDemoCheckout, polarStore, type PolarWebhookEvent } from '~/server/demo-network/polar/store'
import { signPolarWebhook } from '~/server/demo-network/polar/webhook-signing'
import type { SignedWebhookHeaders } from '~/server/providers/webhook/signing'
import { subscriptionJson } from '~/server/demo-network/polar/subscription-objects'
import { createPolarClient, polarWebhookSecret } from '~/server/providers/polar'
import { WEBHOOK_REPLAYED } from './webhooks'

const server = setupServer(...polarHandlers({ appUrl: TEST_APP_URL }))
let app: TestApp
let secret: string

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  app = await createTestApp()
  secret = polarWebhookSecret(app.env)!
})
afterEach(() => resetPolarMock())
afterAll(async () => {
  server.close()
  await app?.close()
})

async function planId(name: string) {
  const [row] = await app.db.select({ id: plan.id, productId: plan.productId }).from(plan).where(eq(plan.name, name))
  return row
}

async function planOf(userId: string) {
  const [row] = await app.db.select({ plan: user.plan }).from(user).where(eq(user.id, userId))
  return row.plan
}

/** A paid Growth checkout in the Polar mock for a new user: the webhooks Polar would send. */
async function paidCheckout(planName = 'Growth') {
  const { userId, email } = await app.signUp()
  const { productId } = await planId(planName)
  const polar = createPolarClient(app.env)
  const checkout = await polar.checkouts.create({
    products: [productId],
    externalCustomerId: userId,
    successUrl: `${TEST_APP_URL}/setup?checkout=true`,
  })
  const completed = completeDemoCheckout(checkout.id, { email })
  const active = completed.webhookEvents.find((event) => event.type === 'subscription.active')!
  return { userId, events: completed.webhookEvents, active }
}

function post(body: string, headers: SignedWebhookHeaders) {
  return app.auth.handler(
    new Request(`${TEST_APP_URL}/api/auth/polar/webhooks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    }),
  )
}

function deliver(
  event: PolarWebhookEvent,
  { secret: signingSecret = secret, ...options }: { id?: string; timestamp?: Date; secret?: string } = {},
) {
  const { body, headers } = signPolarWebhook(event, signingSecret, options)
  return post(body, headers)
}

describe('Polar webhooks at /api/auth/polar/webhooks', () => {
  it('a correctly signed subscription.active sets the plan of the Polar product', async () => {
    const { userId, active } = await paidCheckout('Growth')
    expect(await planOf(userId)).toBeNull()
    const response = await deliver(active)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true })
    expect(await planOf(userId)).toBe((await planId('Growth')).id)
  })

  it('every event of a completed checkout is accepted, in order', async () => {
    const { userId, events } = await paidCheckout('Agency')
    for (const event of events) expect((await deliver(event)).status).toBe(200)
    expect(await planOf(userId)).toBe((await planId('Agency')).id)
  })

  it('a wrong signature is refused and changes nothing', async () => {
    const { userId, active } = await paidCheckout()
    const response = await deliver(active, { secret: 'polar_whs_not_the_right_secret', id: 'msg_wrong_signature' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/^Webhook Error: /) })
    expect(await planOf(userId)).toBeNull()
    // A forged delivery must not claim the id: the genuine one with the same id still goes through.
    expect(await app.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, 'msg_wrong_signature'))).toEqual([])
    expect((await deliver(active, { id: 'msg_wrong_signature' })).status).toBe(200)
    expect(await planOf(userId)).toBe((await planId('Growth')).id)
  })

  it('a body changed after signing is refused', async () => {
    const { userId, active } = await paidCheckout()
    const { body, headers } = signPolarWebhook(active, secret)
    const response = await post(body.replace('"active"', '"trialing"'), headers)
    expect(response.status).toBe(400)
    expect(await planOf(userId)).toBeNull()
  })

  it('a timestamp more than 5 minutes old (or ahead) is refused and changes nothing', async () => {
    const { userId, active } = await paidCheckout()
    const stale = await deliver(active, { timestamp: new Date(Date.now() - 6 * 60 * 1000) })
    expect(stale.status).toBe(400)
    expect(await stale.json()).toMatchObject({ message: expect.stringMatching(/^Webhook Error: .*timestamp/i) })
    const ahead = await deliver(active, { timestamp: new Date(Date.now() + 6 * 60 * 1000) })
    expect(ahead.status).toBe(400)
    expect(await planOf(userId)).toBeNull()
    // Within tolerance it is accepted.
    expect((await deliver(active, { timestamp: new Date(Date.now() - 4 * 60 * 1000) })).status).toBe(200)
  })

  it('a replayed webhook-id is refused and changes nothing', async () => {
    const { userId, active } = await paidCheckout('Growth')
    const signed = signPolarWebhook(active, secret, { id: 'msg_replay_1' })
    expect((await post(signed.body, signed.headers)).status).toBe(200)
    // The plan changes behind the webhook's back; a replay of the old delivery must not undo it.
    const starter = await planId('Starter')
    await app.db.update(user).set({ plan: starter.id }).where(eq(user.id, userId))
    const replay = await post(signed.body, signed.headers)
    expect(replay.status).toBe(409)
    expect(await replay.json()).toMatchObject({ message: WEBHOOK_REPLAYED })
    expect(await planOf(userId)).toBe(starter.id)
  })

  it('subscription.revoked clears the plan; a revoked old subscription leaves a newer plan alone', async () => {
    const { userId, active } = await paidCheckout('Growth')
    await deliver(active)
    const revoked = {
      ...active,
      type: 'subscription.revoked',
      data: { ...active.data, status: 'canceled', ended_at: new Date().toISOString() },
    }
    expect((await deliver(revoked)).status).toBe(200)
    expect(await planOf(userId)).toBeNull()

    const other = await paidCheckout('Growth')
    await deliver(other.active)
    const agency = await planId('Agency')
    await app.db.update(user).set({ plan: agency.id }).where(eq(user.id, other.userId))
    await deliver({ ...other.active, type: 'subscription.revoked' })
    expect(await planOf(other.userId)).toBe(agency.id)
  })

  it('a cancellation at period end keeps the plan until Polar revokes it', async () => {
    const { userId, active } = await paidCheckout('Growth')
    await deliver(active)
    const canceled = {
      ...active,
      type: 'subscription.canceled',
      data: { ...active.data, cancel_at_period_end: true, canceled_at: new Date().toISOString() },
    }
    expect((await deliver(canceled)).status).toBe(200)
    expect(await planOf(userId)).toBe((await planId('Growth')).id)
  })

  it('live Polar without POLAR_WEBHOOK_SECRET refuses every webhook', async () => {
    const liveEnv = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: TEST_APP_URL,
      DATA_DIR: app.env.DATA_DIR,
      POLAR_ACCESS_TOKEN: 'polar_oat_live',
    })
    expect(polarWebhookSecret(liveEnv)).toBeUndefined()
    const liveAuth = createAppAuth({
      db: app.db,
      env: liveEnv,
      mailer: createMailer({ from: liveEnv.EMAIL_FROM, outboxDir: app.outbox.dir }),
    })
    const { userId, active } = await paidCheckout()
    const { body, headers } = signPolarWebhook(active, secret)
    const response = await liveAuth.handler(
      new Request(`${TEST_APP_URL}/api/auth/polar/webhooks`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'Webhook Error: Polar webhook secret not found' })
    expect(await planOf(userId)).toBeNull()
  })

  it('an unknown product or a customer without our user id changes nothing', async () => {
    const { userId, active } = await paidCheckout()
    const subscription = [...polarStore().subscriptions.values()][0]
    const customer = polarStore().customers.get(subscription.customerId)!
    const unknown = { ...active, data: subscriptionJson({ ...subscription, productId: 'not-a-plan-product' }, customer) }
    expect((await deliver(unknown)).status).toBe(200)
    const anonymous = { ...active, data: subscriptionJson(subscription, { ...customer, externalId: null }) }
    expect((await deliver(anonymous)).status).toBe(200)
    expect(await planOf(userId)).toBeNull()
  })
})
