import { Polar } from '@polar-sh/sdk'
import { validateEvent } from '@polar-sh/sdk/webhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFault } from '../mock-faults'
import { completeDemoCheckout, polarHandlers, polarIngestedEvents, polarStore, resetPolarMock } from './mock'
import { signPolarWebhook } from './webhook-signing'
import { useMockServer } from '~tests/fixtures/mock-server'

const serverURL = 'https://sandbox-api.polar.sh'
const appUrl = 'http://localhost:3000'
useMockServer(...polarHandlers({ appUrl }))
const polar = new Polar({ accessToken: 'polar_oat_demo', serverURL })
const productId = '0b9a3a52-95b6-4d8e-8f6e-3f1f1e2b9c11'

afterEach(() => {
  resetPolarMock()
})

/** What better-auth's sign-up hooks do: list by email, create, then attach the user id. */
async function signUp(email: string, userId: string) {
  const { result: existing } = await polar.customers.list({ email })
  expect(existing.items).toHaveLength(0)
  const created = await polar.customers.create({ email, name: 'Ada Lovelace' })
  const { result: found } = await polar.customers.list({ email })
  expect(found.items.map((customer) => customer.id)).toEqual([created.id])
  return polar.customers.update({ id: created.id, customerUpdate: { externalId: userId } })
}

describe('Polar mock through the real @polar-sh/sdk', () => {
  it('serves every customer call the better-auth plugin makes, in shapes the SDK accepts', async () => {
    const customer = await signUp('ada@example.com', 'user_1')
    expect(customer).toMatchObject({ email: 'ada@example.com', externalId: 'user_1', type: 'individual' })
    expect(customer.createdAt).toBeInstanceOf(Date)

    const renamed = await polar.customers.updateExternal({
      externalId: 'user_1',
      customerUpdateExternalID: { email: 'ada@example.org', name: 'Ada King' },
    })
    expect(renamed).toMatchObject({ email: 'ada@example.org', name: 'Ada King' })

    const state = await polar.customers.getStateExternal({ externalId: 'user_1' })
    expect(state).toMatchObject({ id: customer.id, activeSubscriptions: [], grantedBenefits: [], activeMeters: [] })

    await polar.customers.delete({ id: customer.id })
    const { result } = await polar.customers.list({ email: 'ada@example.org' })
    expect(result.items).toEqual([])
  })

  it('creates a checkout on our stand-in page, and completing it yields a subscription, a token and webhooks', async () => {
    await signUp('grace@example.com', 'user_2')
    const checkout = await polar.checkouts.create({
      products: [productId],
      externalCustomerId: 'user_2',
      successUrl: `${appUrl}/billing?checkout=done`,
      metadata: { referenceId: 'business_9' },
    })
    expect(checkout.status).toBe('open')
    expect(checkout.url).toBe(`${appUrl}/demo/polar/checkout/${checkout.id}`)
    expect(checkout.totalAmount).toBeGreaterThan(0)
    expect(checkout.products[0]?.id).toBe(productId)

    const completed = completeDemoCheckout(checkout.id)
    expect(completed.customerSessionToken).toMatch(/^polar_cst_[0-9a-f]{32}$/)
    expect(new URL(completed.redirectUrl).searchParams.get('customer_session_token')).toBe(completed.customerSessionToken)
    expect(completed.webhookEvents.map((event) => event.type)).toEqual([
      'order.created',
      'subscription.created',
      'subscription.active',
      'order.paid',
      'customer.state_changed',
    ])
    expect(() => completeDemoCheckout(checkout.id)).toThrow('already succeeded')

    const state = await polar.customers.getStateExternal({ externalId: 'user_2' })
    expect(state.activeSubscriptions).toEqual([expect.objectContaining({ productId, status: 'active' })])

    const byReference = await polar.subscriptions.list({ metadata: { referenceId: 'business_9' } })
    expect(byReference.result.items.map((subscription) => subscription.checkoutId)).toEqual([checkout.id])

    const session = await polar.customerSessions.create({ externalCustomerId: 'user_2', returnUrl: `${appUrl}/billing` })
    expect(session.customerPortalUrl).toBe(`${appUrl}/demo/polar/portal?customer_session_token=${session.token}`)
    const portal = await polar.customerPortal.subscriptions.list({ customerSession: session.token }, {})
    expect(portal.result.items.map((subscription) => subscription.productId)).toEqual([productId])
    const orders = await polar.customerPortal.orders.list({ customerSession: session.token }, {})
    expect(orders.result.items).toEqual([
      expect.objectContaining({ paid: true, subscriptionId: portal.result.items[0]?.id, checkoutId: checkout.id }),
    ])
    const meters = await polar.customerPortal.customerMeters.list({ customerSession: session.token }, {})
    expect(meters.result.items).toEqual([])
    const benefits = await polar.customerPortal.benefitGrants.list({ customerSession: session.token }, {})
    expect(benefits.result.items).toEqual([])
  })

  it('signs the completion webhooks so the SDK validates and parses every one', async () => {
    await signUp('linus@example.com', 'user_3')
    const checkout = await polar.checkouts.create({ products: [productId], externalCustomerId: 'user_3' })
    const secret = 'polar_whs_demo_secret'
    for (const event of completeDemoCheckout(checkout.id).webhookEvents) {
      const { body, headers } = signPolarWebhook(event, secret)
      const parsed = validateEvent(body, { ...headers }, secret)
      expect(parsed.type).toBe(event.type)
    }
  })

  it('reports duplicate usage events by external_id', async () => {
    await signUp('ken@example.com', 'user_4')
    const event = (externalId: string) => ({
      name: 'article.generated',
      externalCustomerId: 'user_4',
      externalId,
      metadata: { articles: 1 },
    })
    expect(await polar.events.ingest({ events: [event('a1'), event('a2')] })).toEqual({ inserted: 2, duplicates: 0 })
    expect(await polar.events.ingest({ events: [event('a2'), event('a3')] })).toEqual({ inserted: 1, duplicates: 1 })
    expect(polarStore().events.map((stored) => stored.externalId)).toEqual(['a1', 'a2', 'a3'])
    expect(polarIngestedEvents({ externalCustomerId: 'user_4' }).map((stored) => [stored.name, stored.metadata])).toEqual([
      ['article.generated', { articles: 1 }],
      ['article.generated', { articles: 1 }],
      ['article.generated', { articles: 1 }],
    ])
    expect(polarIngestedEvents({ externalCustomerId: 'someone else' })).toEqual([])
  })

  it('refuses a batch with an event without a customer, storing none of it', async () => {
    const response = await fetch(`${serverURL}/v1/events/ingest`, {
      method: 'POST',
      headers: { Authorization: 'Bearer polar_oat_demo', 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [{ name: 'extra_article', external_customer_id: 'user_5' }, { name: 'extra_article' }] }),
    })
    expect(response.status).toBe(422)
    expect(polarIngestedEvents()).toEqual([])
  })

  it('answers a wrong token with 401 in Polar error shape', async () => {
    const response = await fetch(`${serverURL}/v1/customers/?email=a%40b.c`, { headers: { Authorization: 'Bearer wrong' } })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: 'Unauthorized',
      detail: 'The access token provided is expired, revoked, malformed, or invalid for other reasons.',
    })
    const sdk = new Polar({ accessToken: 'wrong', serverURL })
    await expect(sdk.customers.list({ email: 'a@b.c' })).rejects.toMatchObject({ statusCode: 401 })
  })

  it('answers a customer session for an unknown user with a 422 validation error', async () => {
    await expect(polar.customerSessions.create({ externalCustomerId: 'nobody' })).rejects.toMatchObject({
      detail: [expect.objectContaining({ loc: ['body', 'external_customer_id'], msg: 'Customer does not exist.' })],
    })
  })

  it('lets tests inject faults', async () => {
    injectFault('polar', { kind: 'status', status: 503, times: 1 })
    const response = await fetch(`${serverURL}/v1/customers/`, { headers: { Authorization: 'Bearer polar_oat_demo' } })
    expect(response.status).toBe(503)
  })
})
