import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { schema } from '~/server/db'
import { handleConsentRequest } from './consent'
import { DEMO_CONSENT_PATH, DEMO_GOOGLE_CLIENT_ID } from './demo-identity'
import { googleHandlers } from './mock'

/** Google sign-in without Google credentials: stand-in consent page, mocked token endpoint, real callback. */
const network = setupServer(...googleHandlers())
let demo: TestApp
let live: TestApp
beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  demo = await createTestApp()
  live = await createTestApp({ GOOGLE_CLIENT_ID: 'real.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'real-secret' })
})
afterAll(async () => {
  network.close()
  await demo?.close()
  await live?.close()
})

async function signInThroughConsent(decision: 'allow' | 'deny', email = 'newcomer@acme.io') {
  const start = await demo.authRequest('/sign-in/social', { body: { provider: 'google', callbackURL: '/content' } })
  const authorization = new URL(((await start.json()) as { url: string }).url)
  const consent = await handleConsentRequest(
    new Request(authorization, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(authorization.searchParams), email, decision }),
    }),
    demo.env,
  )
  const callback = await demo.authRequest(`/callback/google${new URL(consent.headers.get('location')!).search}`, {
    cookie: cookieFrom(start),
  })
  return { authorization, location: callback.headers.get('location'), cookie: cookieFrom(callback, cookieFrom(start)) }
}

describe('demo Google sign-in', () => {
  it('starts at the stand-in consent page with the demo client and offline access', async () => {
    const { authorization } = await signInThroughConsent('deny')
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${TEST_APP_URL}${DEMO_CONSENT_PATH}`)
    expect(authorization.searchParams.get('client_id')).toBe(DEMO_GOOGLE_CLIENT_ID)
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/api/auth/callback/google`)
    expect(authorization.searchParams.get('access_type')).toBe('offline')
  })

  it('signs a new user in with the email chosen on the consent page', async () => {
    const { location, cookie } = await signInThroughConsent('allow', 'Newcomer@Acme.io')
    expect(location).toBe('/content')
    const session = await (await demo.authRequest('/get-session', { cookie })).json()
    expect(session.user).toMatchObject({ email: 'newcomer@acme.io', emailVerified: true, name: 'Newcomer' })
  })

  it('never signs into an existing account by its email (the identity is self-asserted)', async () => {
    const owner = await demo.signUp({ email: 'owner@victim.io' })
    await demo.db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, owner.userId))
    const { location, cookie } = await signInThroughConsent('allow', 'owner@victim.io')
    expect(location).toBe(`${TEST_APP_URL}/api/auth/error?error=account_not_linked`)
    expect(await (await demo.authRequest('/get-session', { cookie })).json()).toBeNull()
    const accounts = await demo.db.select().from(schema.account).where(eq(schema.account.userId, owner.userId))
    expect(accounts.map((account) => account.providerId)).toEqual(['credential'])
  })

  it('Cancel ends on the auth error page with access_denied', async () => {
    const { location } = await signInThroughConsent('deny')
    expect(location).toBe(`${TEST_APP_URL}/api/auth/error?error=access_denied`)
  })

  it('is not used when real Google credentials are set: the authorization URL is Google’s', async () => {
    const start = await live.authRequest('/sign-in/social', { body: { provider: 'google', callbackURL: '/content' } })
    const url = new URL(((await start.json()) as { url: string }).url)
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(url.searchParams.get('client_id')).toBe('real.apps.googleusercontent.com')
  })
})
