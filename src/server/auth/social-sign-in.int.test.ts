import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { providerEnvNames, SOCIAL_PROVIDERS } from '~/env'
import { schema } from '~/server/db'

/** Every provider configured, as a deployment with all 22 client ids and secrets would be. */
const allProviders = Object.fromEntries(
  SOCIAL_PROVIDERS.flatMap((provider) => {
    const names = providerEnvNames(provider)
    return [
      [names.id, `${provider}-client-id`],
      [names.secret, `${provider}-client-secret`],
    ]
  }),
)

let app: TestApp
beforeAll(async () => {
  app = await createTestApp(allProviders)
})
afterAll(() => app?.close())
afterEach(() => vi.unstubAllGlobals())

describe('social sign-in starts', () => {
  it.each(SOCIAL_PROVIDERS)('%s: returns its authorization URL with our callback', async (provider) => {
    const response = await app.authRequest('/sign-in/social', { body: { provider, callbackURL: '/content' } })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { url: string; redirect: boolean }
    expect(body.redirect).toBe(true)
    const url = new URL(body.url)
    expect(url.protocol).toBe('https:')
    expect(url.searchParams.get('client_id') ?? url.searchParams.get('client_key')).toBe(`${provider}-client-id`)
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/api/auth/callback/${provider}`)
    expect(url.searchParams.get('state')).toBeTruthy()
  })
})

/** An unsigned id token: Google's getUserInfo only decodes the token it got from its token endpoint. */
const idToken = (claims: Record<string, unknown>) =>
  ['{"alg":"none"}', JSON.stringify({ iss: 'https://accounts.google.com', aud: 'google-client-id', ...claims })]
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.') + '.'

/** Google's token endpoint, answering with an id token for `profile`. */
function stubGoogle(profile: { sub: string; email: string; email_verified: boolean; name?: string }) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input)
    if (!url.startsWith('https://oauth2.googleapis.com/token')) throw new Error(`unexpected fetch ${url}`)
    return Response.json({
      access_token: 'google-access',
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
      id_token: idToken(profile),
    })
  })
}

/** Starts Google sign-in (or linking, with a session cookie) and comes back through the callback. */
async function googleRoundTrip(options: { cookie?: string; link?: boolean } = {}) {
  const start = await app.authRequest(options.link ? '/link-social' : '/sign-in/social', {
    cookie: options.cookie,
    body: { provider: 'google', callbackURL: '/content' },
  })
  expect(start.status).toBe(200)
  const state = new URL(((await start.json()) as { url: string }).url).searchParams.get('state')!
  const cookie = cookieFrom(start, options.cookie ?? '')
  const callback = await app.authRequest(`/callback/google?code=the-code&state=${encodeURIComponent(state)}`, { cookie })
  return { response: callback, location: callback.headers.get('location'), cookie: cookieFrom(callback, cookie) }
}

const accountsOf = async (userId: string) =>
  (await app.db.select().from(schema.account).where(eq(schema.account.userId, userId))).map((account) => account.providerId).sort()

describe('Google sign-in (token endpoint stubbed)', () => {
  it('creates a verified user and signs them in', async () => {
    stubGoogle({ sub: 'g-new', email: 'New.Person@gmail.com', email_verified: true, name: 'New Person' })
    const { location, cookie } = await googleRoundTrip()
    expect(location).toBe('/content')
    const session = await (await app.authRequest('/get-session', { cookie })).json()
    expect(session.user).toMatchObject({ email: 'new.person@gmail.com', emailVerified: true, name: 'New Person', plan: null })
    expect(await accountsOf(session.user.id)).toEqual(['google'])
  })

  it('links Google to an existing verified account with the same email', async () => {
    const user = await app.signUp({ email: 'linked@gmail.com' })
    await app.db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.userId))
    stubGoogle({ sub: 'g-linked', email: 'linked@gmail.com', email_verified: true })
    const { location, cookie } = await googleRoundTrip()
    expect(location).toBe('/content')
    expect((await (await app.authRequest('/get-session', { cookie })).json()).user.id).toBe(user.userId)
    expect(await accountsOf(user.userId)).toEqual(['credential', 'google'])
  })

  it('does not link to an account whose own email is unverified (pre-account takeover)', async () => {
    const user = await app.signUp({ email: 'squatted@gmail.com' })
    stubGoogle({ sub: 'g-squatted', email: 'squatted@gmail.com', email_verified: true })
    const { location } = await googleRoundTrip()
    expect(location).toBe(`${TEST_APP_URL}/api/auth/error?error=account_not_linked`)
    expect(await accountsOf(user.userId)).toEqual(['credential'])
  })

  it('links a Google account with a different email from a signed-in session (Search Console’s Google account), without changing the user', async () => {
    const user = await app.signUp({ email: 'me@example.com' })
    stubGoogle({ sub: 'g-other', email: 'someone-else@gmail.com', email_verified: true })
    const { location } = await googleRoundTrip({ cookie: user.cookie, link: true })
    expect(location).toBe('/content')
    expect(await accountsOf(user.userId)).toEqual(['credential', 'google'])
    const [row] = await app.db.select().from(schema.user).where(eq(schema.user.id, user.userId))
    expect(row!.email).toBe('me@example.com')
  })

  it('a sign-in (not a link) with another address never joins an existing account', async () => {
    const user = await app.signUp({ email: 'owner@example.com' })
    await app.db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.userId))
    stubGoogle({ sub: 'g-stranger', email: 'stranger@gmail.com', email_verified: true })
    const { cookie } = await googleRoundTrip()
    const session = await (await app.authRequest('/get-session', { cookie })).json()
    expect(session.user.id).not.toBe(user.userId)
    expect(await accountsOf(user.userId)).toEqual(['credential'])
  })

  it('links a Google account with the same email from settings', async () => {
    const user = await app.signUp({ email: 'settings@gmail.com' })
    stubGoogle({ sub: 'g-settings', email: 'settings@gmail.com', email_verified: true })
    const { location } = await googleRoundTrip({ cookie: user.cookie, link: true })
    expect(location).toBe('/content')
    expect(await accountsOf(user.userId)).toEqual(['credential', 'google'])
  })

  it('redirects a callback without state to the error page with state_not_found', async () => {
    const response = await app.authRequest('/callback/google?code=x')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${TEST_APP_URL}/api/auth/error?error=state_not_found`)
  })
})
