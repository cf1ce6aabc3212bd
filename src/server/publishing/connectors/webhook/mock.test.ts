import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { webhookHandlers, webhookMock } from './mock'
import { signStandardWebhook, verifyStandardWebhook } from '~/server/providers/webhook/signing'
import { useMockServer } from '~tests/fixtures/mock-server'

const secret = `whsec_${Buffer.from('rankpilot-demo-webhook-secret-32b').toString('base64')}`
const url = 'https://hooks.example.com/rankpilot'
useMockServer(...webhookHandlers({ url, secret }))

afterEach(() => {
  webhookMock.reset()
})

const body = JSON.stringify({ type: 'article.published', data: { title: 'Best running shoes', slug: 'best-running-shoes' } })

describe('Standard Webhooks signing', () => {
  it('produces headers that the standardwebhooks library verifies', () => {
    const headers = signStandardWebhook({ secret, body, id: 'msg_1' })
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body))
  })

  it('rejects a tampered body', () => {
    const headers = signStandardWebhook({ secret, body })
    expect(() => verifyStandardWebhook(secret, body.replace('running', 'walking'), { ...headers })).toThrow(WebhookVerificationError)
    expect(() => verifyStandardWebhook(secret, body.replace('running', 'walking'), { ...headers })).toThrow('No matching signature found')
  })

  it('rejects a timestamp 6 minutes old', () => {
    const headers = signStandardWebhook({ secret, body, timestamp: new Date(Date.now() - 6 * 60 * 1000) })
    expect(() => verifyStandardWebhook(secret, body, { ...headers })).toThrow('Message timestamp too old')
  })
})

describe('webhook receiver mock', () => {
  it('accepts and records a correctly signed delivery', async () => {
    const headers = signStandardWebhook({ secret, body, id: 'msg_42' })
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true, url: 'https://hooks.example.com/blog/best-running-shoes' })
    expect(webhookMock.deliveries).toEqual([{ url, id: 'msg_42', timestamp: headers['webhook-timestamp'], body: JSON.parse(body) }])
  })

  it.each([
    [
      'a signature made with another secret',
      () => signStandardWebhook({ secret: `whsec_${Buffer.from('another-secret-of-enough-length!').toString('base64')}`, body }),
      'No matching signature found',
    ],
    [
      'a stale timestamp',
      () => signStandardWebhook({ secret, body, timestamp: new Date(Date.now() - 6 * 60 * 1000) }),
      'Message timestamp too old',
    ],
    ['no signature headers', () => ({}), 'Missing required headers'],
  ])('answers 401 to %s and records nothing', async (_case, sign, message) => {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...sign() }, body })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: 'invalid_signature', message })
    expect(webhookMock.deliveries).toEqual([])
  })
})
