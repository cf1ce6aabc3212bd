import { createRouterClient, ORPCError } from '@orpc/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { handleRpcRequest } from '~/server/app/rpc-handler'
import { router } from '~/server/app/router'
import { CLIENT_IP_HEADER } from '~/server/auth/auth'
import { newsletter } from '~/server/db/schema'
import { rejectionOf, rpcClient, rpcContext } from '~tests/fixtures/rpc'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { NEWSLETTER_RATE_LIMIT, resetNewsletterRateLimit } from './newsletter.router'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())
beforeEach(() => resetNewsletterRateLimit())

const rows = () => app.db.select({ email: newsletter.email }).from(newsletter)

/** The router as a caller from one client address sees it (the header scripts/serve.mjs sets). */
function clientAt(address: string) {
  const context = rpcContext(app)
  context.headers.set(CLIENT_IP_HEADER, address)
  return createRouterClient(router, { context })
}

/** newsletter.add over HTTP through the app's /rpc handler, optionally from a client address. */
function postAdd(email: string, address?: string) {
  const headers = new Headers({ origin: TEST_APP_URL, 'content-type': 'application/json', 'x-csrf-token': 'orpc' })
  if (address) headers.set(CLIENT_IP_HEADER, address)
  const request = new Request(`${TEST_APP_URL}/rpc/newsletter/add`, { method: 'POST', headers, body: JSON.stringify({ json: { email } }) })
  return handleRpcRequest(request, { ...rpcContext(app), headers: request.headers })
}

describe('newsletter.add', () => {
  it('stores the address trimmed and lowercased', async () => {
    await expect(rpcClient(app).newsletter.add({ email: '  Ann.Reader@Example.COM ' })).resolves.toEqual({ success: true })
    expect(await rows()).toEqual([{ email: 'ann.reader@example.com' }])
  })

  it('answers a known address exactly like a new one, without a second row, whatever its case', async () => {
    const client = rpcClient(app)
    const fresh = await client.newsletter.add({ email: 'bea.new@example.com' })
    const again = await client.newsletter.add({ email: 'bea.new@example.com' })
    const otherCase = await client.newsletter.add({ email: ' BEA.NEW@example.com' })
    expect(fresh).toEqual({ success: true })
    expect(again).toStrictEqual(fresh)
    expect(otherCase).toStrictEqual(fresh)
    expect((await rows()).filter((row) => row.email === 'bea.new@example.com')).toHaveLength(1)
  })

  it('answers the same over HTTP too: same status and body for a new and a known address', async () => {
    const first = await postAdd('cleo.http@example.com')
    const second = await postAdd('cleo.http@example.com')
    expect(first.status).toBe(200)
    expect(second.status).toBe(first.status)
    expect(await second.text()).toBe(await first.text())
  })

  it('works for a signed-in caller too', async () => {
    const { cookie } = await app.signUp()
    await expect(rpcClient(app, cookie).newsletter.add({ email: 'member@example.com' })).resolves.toEqual({ success: true })
  })

  it.each(['not-an-email', 'ann@', '@example.com', '', `${'a'.repeat(250)}@example.com`])(
    'rejects %j with a clear BAD_REQUEST',
    async (email) => {
      const before = (await rows()).length
      const error = await rpcClient(app)
        .newsletter.add({ email })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ORPCError)
      expect(error).toMatchObject({
        code: 'BAD_REQUEST',
        status: 400,
        message: 'Enter a valid email address, like name@example.com.',
        data: { reason: 'NEWSLETTER_INVALID_EMAIL' },
      })
      expect(await rows()).toHaveLength(before)
    },
  )

  it('rejects a missing email as BAD_REQUEST with the same message', async () => {
    const error = await rpcClient(app)
      .newsletter.add({} as { email: string })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Enter a valid email address, like name@example.com.' })
  })
})

describe('newsletter.add rate limit', () => {
  const limited = {
    code: 'TOO_MANY_REQUESTS',
    status: 429,
    message: 'Too many newsletter sign-ups from your connection in a short time. Try again in a few minutes.',
    data: { reason: 'NEWSLETTER_RATE_LIMITED' },
  }

  it(`allows ${NEWSLETTER_RATE_LIMIT.max} sign-ups per client address and refuses the next (429); another address still may`, async () => {
    expect(NEWSLETTER_RATE_LIMIT.max).toBe(5)
    const first = clientAt('203.0.113.7')
    for (let i = 0; i < 5; i++) {
      await expect(first.newsletter.add({ email: `limit-${i}@example.com` })).resolves.toEqual({ success: true })
    }
    expect(await rejectionOf(first.newsletter.add({ email: 'limit-5@example.com' }))).toMatchObject(limited)
    expect((await rows()).map((row) => row.email)).not.toContain('limit-5@example.com')

    await expect(clientAt('198.51.100.20').newsletter.add({ email: 'limit-5@example.com' })).resolves.toEqual({ success: true })
  })

  it('counts refused addresses too, so the validator cannot be probed without limit', async () => {
    const client = clientAt('203.0.113.8')
    for (let i = 0; i < 5; i++) {
      expect(await rejectionOf(client.newsletter.add({ email: 'not-an-email' }))).toMatchObject({ code: 'BAD_REQUEST' })
    }
    expect(await rejectionOf(client.newsletter.add({ email: 'valid@example.com' }))).toMatchObject(limited)
  })

  it('puts callers without a client address in one shared bucket rather than skipping the limit', async () => {
    for (let i = 0; i < 5; i++) await rpcClient(app).newsletter.add({ email: `anon-${i}@example.com` })
    expect(await rejectionOf(rpcClient(app).newsletter.add({ email: 'anon-5@example.com' }))).toMatchObject(limited)
    await expect(clientAt('203.0.113.9').newsletter.add({ email: 'anon-5@example.com' })).resolves.toEqual({ success: true })
  })

  it('answers 429 over HTTP with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await postAdd('http-limit@example.com', '192.0.2.44')).status).toBe(200)
    const refused = await postAdd('http-limit@example.com', '192.0.2.44')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ json: { code: 'TOO_MANY_REQUESTS', data: { reason: 'NEWSLETTER_RATE_LIMITED' } } })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
  })
})
