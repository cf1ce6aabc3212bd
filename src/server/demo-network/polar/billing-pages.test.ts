import { Polar } from '@polar-sh/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { demoPolar } from './billing-pages'
import { polarHandlers, polarStore, resetPolarMock } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

const appUrl = 'http://localhost:3000'
useMockServer(...polarHandlers({ appUrl }))
const polar = new Polar({ accessToken: 'polar_oat_demo', serverURL: 'https://sandbox-api.polar.sh' })
const productId = '0b9a3a52-95b6-4d8e-8f6e-3f1f1e2b9c11'

afterEach(() => {
  resetPolarMock()
})

async function openCheckout() {
  return polar.checkouts.create({
    products: [productId],
    externalCustomerId: 'user_7',
    successUrl: `${appUrl}/setup?checkout=true`,
    returnUrl: `${appUrl}/paywall`,
  })
}

describe('the Polar stand-in as the demo billing pages see it', () => {
  it('shows a checkout, pays it, and then lists the customer’s subscription and order', async () => {
    const created = await openCheckout()
    expect(demoPolar.checkout('no-such-checkout')).toBeUndefined()
    expect(demoPolar.checkout(created.id)).toEqual({
      status: 'open',
      productId,
      amountCents: created.totalAmount,
      externalCustomerId: 'user_7',
      returnUrl: `${appUrl}/paywall`,
    })

    const paid = demoPolar.pay(created.id, { email: 'seven@example.com' })
    expect(demoPolar.checkout(created.id)?.status).toBe('succeeded')
    expect(() => demoPolar.pay(created.id)).toThrow(/already succeeded/)

    const customerId = demoPolar.customerOfSession(paid.customerSessionToken)
    expect(customerId).toBeDefined()
    expect(demoPolar.customerOfSession('polar_cst_guessed')).toBeUndefined()
    expect(demoPolar.subscriptions(customerId!)).toEqual([{ productId, periodEnd: expect.any(String) }])
    expect(demoPolar.orders(customerId!)).toEqual([{ invoiceNumber: 'RANKPILOT-0001', createdAt: expect.any(String) }])
    expect(demoPolar.orders('another-customer')).toEqual([])
  })

  it('hands out copies: changing an answer leaves the stand-in’s store as it was', async () => {
    const created = await openCheckout()
    const view = demoPolar.checkout(created.id)!
    view.status = 'succeeded'
    expect(polarStore().checkouts.get(created.id)?.status).toBe('open')

    const paid = demoPolar.pay(created.id)
    const customerId = demoPolar.customerOfSession(paid.customerSessionToken)!
    demoPolar.subscriptions(customerId)[0]!.productId = 'changed'
    demoPolar.orders(customerId)[0]!.invoiceNumber = 'changed'
    expect(demoPolar.subscriptions(customerId)[0]?.productId).toBe(productId)
    expect(demoPolar.orders(customerId)[0]?.invoiceNumber).toBe('RANKPILOT-0001')
  })

  it('signs what paying sends the way Polar does', async () => {
    const created = await openCheckout()
    const [event] = demoPolar.pay(created.id).webhookEvents
    const { body, headers } = demoPolar.signWebhook(event!, 'whsec-demo')
    expect(JSON.parse(body)).toEqual(event)
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp'])
  })
})
