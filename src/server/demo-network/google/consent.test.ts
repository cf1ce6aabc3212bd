import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/env'
import { handleConsentRequest } from './consent'
import { decodeAuthorizationCode, DEMO_CONSENT_PATH, DEMO_DEFAULT_EMAIL, DEMO_GOOGLE_CLIENT_ID, demoIdentity } from './demo-identity'

const APP_URL = 'http://localhost:3000'
const demoEnv = parseEnv({ NODE_ENV: 'test', APP_URL, APP_NAME: 'Rankpilot' })
const GSC = 'https://www.googleapis.com/auth/webmasters.readonly'

/** The query better-auth's Google provider builds for the demo client. */
const authorization = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: DEMO_GOOGLE_CLIENT_ID,
    state: 'state-123',
    scope: `email profile openid ${GSC}`,
    redirect_uri: `${APP_URL}/api/auth/callback/google`,
    access_type: 'offline',
    code_challenge_method: 'S256',
    code_challenge: 'challenge-abc',
    ...overrides,
  })

const get = (params: URLSearchParams, env = demoEnv) => handleConsentRequest(new Request(`${APP_URL}${DEMO_CONSENT_PATH}?${params}`), env)
const post = (fields: Record<string, string>, env = demoEnv) =>
  handleConsentRequest(
    new Request(`${APP_URL}${DEMO_CONSENT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    env,
  )

describe('the stand-in consent page', () => {
  it('shows the demo label, the app name, the requested scopes and a prefilled email', async () => {
    const response = await get(authorization())
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await response.text()
    expect(html).toContain("Demo mode — this stands in for Google's consent screen")
    expect(html).toContain('Sign in to Rankpilot with Google')
    expect(html).toContain('See your primary Google Account email address')
    expect(html).toContain('View Search Console data for your verified sites')
    expect(html).toContain(`value="${DEMO_DEFAULT_EMAIL}"`)
    expect(html).toContain('>Continue</button>')
    expect(html).toContain('>Cancel</button>')
    expect(html).toContain('name="state" value="state-123"')
  })

  it('prefills login_hint and escapes what it echoes', async () => {
    const html = await (await get(authorization({ login_hint: 'me@site.com', state: '"><script>x</script>' }))).text()
    expect(html).toContain('value="me@site.com"')
    expect(html).not.toContain('<script>x</script>')
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"')
  })

  it.each([
    [
      'a forged redirect_uri',
      { redirect_uri: 'https://evil.example/api/auth/callback/google' },
      'The redirect_uri is not this app’s Google callback.',
    ],
    [
      'another callback of this app',
      { redirect_uri: `${APP_URL}/api/auth/callback/github` },
      'The redirect_uri is not this app’s Google callback.',
    ],
    ['another client', { client_id: 'someone-else.apps.googleusercontent.com' }, 'The client_id is not this app’s demo client.'],
    ['no state', { state: '' }, 'The state parameter is missing.'],
    ['no PKCE', { code_challenge_method: 'plain' }, 'A PKCE S256 code_challenge is required.'],
  ])('refuses %s without redirecting anywhere', async (_case, overrides, reason) => {
    for (const response of [
      await get(authorization(overrides)),
      await post({ ...Object.fromEntries(authorization(overrides)), email: 'a@b.co', decision: 'allow' }),
    ]) {
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      const html = await response.text()
      expect(html).toContain('This sign-in request is not valid')
      expect(html).toContain(reason)
      expect(html).not.toContain('evil.example')
    }
  })

  it('Continue returns to the callback with a code for the chosen email and the original state', async () => {
    const response = await post({ ...Object.fromEntries(authorization()), email: ' Jane.Doe@Acme.io ', decision: 'allow' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${APP_URL}/api/auth/callback/google`)
    expect(location.searchParams.get('state')).toBe('state-123')
    const code = decodeAuthorizationCode(location.searchParams.get('code'))
    expect(code).toMatchObject({
      ...demoIdentity('jane.doe@acme.io'),
      email: 'jane.doe@acme.io',
      name: 'Jane Doe',
      scope: `email profile openid ${GSC}`,
      redirectUri: `${APP_URL}/api/auth/callback/google`,
      codeChallenge: 'challenge-abc',
      offline: true,
    })
  })

  it('Cancel returns access_denied with the state, and no code', async () => {
    const response = await post({ ...Object.fromEntries(authorization()), email: '', decision: 'deny' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.has('code')).toBe(false)
  })

  it('asks again for an address that is not an email', async () => {
    const response = await post({ ...Object.fromEntries(authorization()), email: 'not-an-email', decision: 'allow' })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Enter an email address, e.g. someone@example.com.')
  })

  it('does not exist once real Google credentials are configured', async () => {
    const live = parseEnv({ NODE_ENV: 'test', APP_URL, GOOGLE_CLIENT_ID: 'real-id', GOOGLE_CLIENT_SECRET: 'real-secret' })
    expect((await get(authorization(), live)).status).toBe(404)
    expect((await post({ ...Object.fromEntries(authorization()), email: 'a@b.co', decision: 'allow' }, live)).status).toBe(404)
  })

  it('gives the same address the same Google subject every time', () => {
    expect(demoIdentity('Same@Example.com').sub).toBe(demoIdentity('same@example.com').sub)
    expect(demoIdentity('one@example.com').sub).not.toBe(demoIdentity('two@example.com').sub)
    expect(demoIdentity('one@example.com').sub).toMatch(/^\d{19}$/)
  })
})
