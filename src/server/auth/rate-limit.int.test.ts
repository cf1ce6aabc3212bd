import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '~tests/fixtures/test-app'
import { CLIENT_IP_HEADER } from './auth'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: 'true' })
})
afterAll(() => app?.close())

const signInFrom = (ip: string) =>
  app.authRequest('/sign-in/email', {
    body: { email: 'nobody@example.com', password: 'wrong password' },
    headers: { [CLIENT_IP_HEADER]: ip },
  })

describe('auth rate limiting', () => {
  it('limits sign-in attempts per client address, not for everyone at once', async () => {
    const first = [await signInFrom('203.0.113.7'), await signInFrom('203.0.113.7'), await signInFrom('203.0.113.7')]
    expect(first.map((response) => response.status)).toEqual([401, 401, 401])
    expect((await signInFrom('203.0.113.7')).status).toBe(429)
    // Another client is unaffected by the first one's bucket.
    expect((await signInFrom('198.51.100.20')).status).toBe(401)
  })
})
