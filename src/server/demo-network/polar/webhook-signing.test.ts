import { validateEvent, WebhookVerificationError } from '@polar-sh/sdk/webhooks'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { signPolarWebhook } from './webhook-signing'

const secret = 'polar_whs_demo_secret'
const event = { type: 'checkout.created', timestamp: '2026-01-01T00:00:00Z', data: { id: 'not-parsed-here' } }

describe('signPolarWebhook', () => {
  it('signs with standard webhook headers that standardwebhooks verifies with Polar’s secret encoding', () => {
    const { body, headers } = signPolarWebhook(event, secret, { id: 'msg_1' })
    expect(headers['webhook-id']).toBe('msg_1')
    expect(headers['webhook-signature']).toMatch(/^v1,/)
    const verifier = new Webhook(Buffer.from(secret, 'utf-8').toString('base64'))
    expect(verifier.verify(body, { ...headers })).toEqual(event)
  })

  it('is rejected by the SDK when the body was tampered with', () => {
    const { body, headers } = signPolarWebhook(event, secret)
    expect(() => validateEvent(body.replace('checkout.created', 'order.paid'), { ...headers }, secret)).toThrow(WebhookVerificationError)
  })

  it('is rejected by the SDK when its timestamp is 6 minutes old', () => {
    const { body, headers } = signPolarWebhook(event, secret, { timestamp: new Date(Date.now() - 6 * 60 * 1000) })
    expect(() => validateEvent(body, { ...headers }, secret)).toThrow('Message timestamp too old')
  })

  it('is rejected by the SDK when signed with another secret', () => {
    const { body, headers } = signPolarWebhook(event, 'polar_whs_other')
    expect(() => validateEvent(body, { ...headers }, secret)).toThrow('No matching signature found')
  })
})
