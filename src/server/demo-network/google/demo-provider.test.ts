import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/env'
import { authSocialProviders, offeredSocialProviders } from '~/server/auth/social-providers'
import { providerModes } from '~/server/providers/modes'
import { handleConsentRequest } from './consent'
import { DEMO_CONSENT_PATH, DEMO_GOOGLE_CLIENT_ID, DEMO_GOOGLE_CLIENT_SECRET } from './demo-identity'

const APP_URL = 'https://app.example.com'

describe('Google in demo mode (better-auth configuration)', () => {
  it('without Google credentials: demo client, offline access, authorization at the stand-in consent page', () => {
    const env = parseEnv({ NODE_ENV: 'test', APP_URL })
    expect(providerModes(env).google).toBe('demo')
    expect(authSocialProviders(env).google).toEqual({
      clientId: DEMO_GOOGLE_CLIENT_ID,
      clientSecret: DEMO_GOOGLE_CLIENT_SECRET,
      accessType: 'offline',
      authorizationEndpoint: `${APP_URL}${DEMO_CONSENT_PATH}`,
    })
    expect(offeredSocialProviders(env)).toEqual(['google'])
  })

  it('keeps the other configured providers next to demo Google', () => {
    const env = parseEnv({ NODE_ENV: 'test', APP_URL, GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' })
    expect(Object.keys(authSocialProviders(env)).sort()).toEqual(['github', 'google'])
    expect(offeredSocialProviders(env)).toEqual(['google', 'github'])
  })

  it('with real Google credentials: nothing of the demo is configured', () => {
    const env = parseEnv({ NODE_ENV: 'test', APP_URL, GOOGLE_CLIENT_ID: 'real-id', GOOGLE_CLIENT_SECRET: 'real-secret' })
    expect(providerModes(env).google).toBe('live')
    const google = authSocialProviders(env).google as unknown as Record<string, unknown>
    expect(google).toMatchObject({ clientId: 'real-id', clientSecret: 'real-secret', accessType: 'offline' })
    expect(google.authorizationEndpoint).toBeUndefined()
    expect(offeredSocialProviders(env)).toEqual(['google'])
  })

  it.each([
    ['LLM_API_KEY', { LLM_API_KEY: 'sk-real', BILLING: 'off' }],
    ['DATAFORSEO credentials', { DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'pw', POLAR_ACCESS_TOKEN: 'polar_oat_real' }],
    ['POLAR_ACCESS_TOKEN', { POLAR_ACCESS_TOKEN: 'polar_oat_real' }],
    ['BILLING=off', { BILLING: 'off' }],
  ])('beside a real paid service (%s), no Google at all: a stand-in must never sign into real users’ app', async (_, extra) => {
    const env = parseEnv({ NODE_ENV: 'test', APP_URL, ...extra })
    expect(providerModes(env).google).toBe('off')
    expect(authSocialProviders(env).google).toBeUndefined()
    expect(offeredSocialProviders(env)).toEqual([])
    const consent = await handleConsentRequest(new Request(`${APP_URL}${DEMO_CONSENT_PATH}?client_id=${DEMO_GOOGLE_CLIENT_ID}`), env)
    expect(consent.status).toBe(404)
  })
})
