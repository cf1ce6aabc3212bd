import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { injectFault, mockRequestCount } from '~/server/demo-network/mock-faults'
import { webhookHandlers, webhookMock } from './mock'
import { connectorContext, publishableArticle } from '~tests/fixtures/publishing-connector'
import { providerErrorOf, useMockServer } from '~tests/fixtures/mock-server'
import { webhookConnector, webhookDeliveryId } from './webhook'

const url = 'https://hooks.example.com/rankpilot'
const SECRET = `whsec_${Buffer.from('a receiver’s signing secret, 32b').toString('base64')}`
useMockServer(...webhookHandlers({ url, secret: SECRET }))

afterEach(() => {
  webhookMock.reset()
})

const webhook = (options: { secret?: string; timeoutMs?: number } = {}) =>
  connectorContext<'webhook'>('Webhook', { url }, { secret: options.secret ?? SECRET }, options)

describe('webhook connector', () => {
  it('a test event is signed and accepted; a wrong secret is refused as an auth error', async () => {
    expect(await webhookConnector.test(webhook().context)).toEqual({ account: 'hooks.example.com accepted a signed test event' })
    expect(webhookMock.deliveries[0]!.body).toMatchObject({ type: 'webhook.test' })
    const other = `whsec_${Buffer.from('not the receiver’s secret at all').toString('base64')}`
    expect((await providerErrorOf(webhookConnector.test(webhook({ secret: other }).context))).kind).toBe('auth')
  })

  it('publishes, updates and unpublishes as signed events that verify with the secret; the live URL is the receiver’s answer', async () => {
    const { context } = webhook()
    const article = publishableArticle()
    expect(await webhookConnector.find(context, article)).toBeNull()
    expect(await webhookConnector.create(context, article)).toEqual({
      externalId: article.id,
      url: `https://hooks.example.com/blog/${article.slug}`,
    })
    await webhookConnector.update(context, article.id, publishableArticle({ revision: 2, title: 'Revised' }))
    await webhookConnector.unpublish(context, article.id, publishableArticle({ revision: 2 }))
    expect(webhookMock.deliveries.map((delivery) => (delivery.body as { type: string }).type)).toEqual([
      'article.published',
      'article.updated',
      'article.unpublished',
    ])
    expect(webhookMock.deliveries[0]).toMatchObject({ id: webhookDeliveryId('article.published', article.id, 1) })
    expect(webhookMock.deliveries[0]!.body).toMatchObject({
      data: { id: article.id, slug: article.slug, html: article.html, tags: article.tags },
    })
  })

  it('the same event for the same revision carries the same webhook-id, so a receiver stores it once', async () => {
    const { context } = webhook()
    await webhookConnector.create(context, publishableArticle())
    await webhookConnector.create(context, publishableArticle())
    expect(webhookMock.deliveries).toHaveLength(1)
    expect(webhookMock.redeliveries).toBe(1)
    expect(webhookDeliveryId('article.published', 'a', 1)).not.toBe(webhookDeliveryId('article.published', 'a', 2))
  })

  it('a signature made by the standardwebhooks library’s rules: a receiver verifies the raw body', async () => {
    const sent: { body: string; headers: Headers }[] = []
    const { context } = webhook()
    const inner = context.fetch
    context.fetch = async (input, init) => {
      sent.push({ body: String(init?.body), headers: new Headers(init?.headers) })
      return inner(input, init)
    }
    await webhookConnector.create(context, publishableArticle())
    const verified = new Webhook(SECRET).verify(sent[0]!.body, Object.fromEntries(sent[0]!.headers.entries()))
    expect(verified).toMatchObject({ type: 'article.published' })
  })

  it('rejected (4xx), retried after a 429, failing on a lasting 5xx, and timing out', async () => {
    injectFault('webhook', { kind: 'status', status: 422, body: { message: 'slug already used by a page' }, times: 1 })
    const rejected = await providerErrorOf(webhookConnector.create(webhook().context, publishableArticle()))
    expect(rejected.kind).toBe('rejected')
    expect(rejected.message).toContain('slug already used by a page')

    const limited = webhook()
    injectFault('webhook', { kind: 'rate-limit', retryAfterSeconds: 2, times: 1 })
    await webhookConnector.create(limited.context, publishableArticle())
    expect(limited.sleeps).toEqual([2000])

    injectFault('webhook', { kind: 'status', status: 503, times: 3 })
    const before = mockRequestCount('webhook')
    expect((await providerErrorOf(webhookConnector.create(webhook().context, publishableArticle({ revision: 5 })))).kind).toBe('server')
    expect(mockRequestCount('webhook') - before).toBe(3)

    injectFault('webhook', { kind: 'slow', delayMs: 500, times: 3 })
    expect(
      (await providerErrorOf(webhookConnector.create(webhook({ timeoutMs: 100 }).context, publishableArticle({ revision: 6 })))).kind,
    ).toBe('timeout')
  })
})
