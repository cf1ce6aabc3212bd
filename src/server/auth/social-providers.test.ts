import { describe, expect, it } from 'vitest'
import { parseEnv, providerEnvNames, SOCIAL_PROVIDERS } from '~/env'
import { enabledSocialProviders, providerTrustedOrigins, socialProvidersFor } from './social-providers'

const baseEnv = { NODE_ENV: 'test' }
const credentialsFor = (provider: (typeof SOCIAL_PROVIDERS)[number]) => {
  const names = providerEnvNames(provider)
  return { [names.id]: `${provider}-id`, [names.secret]: `${provider}-secret` }
}

describe('socialProvidersFor', () => {
  it('lists the 22 providers', () => {
    expect(SOCIAL_PROVIDERS).toHaveLength(22)
  })

  it('enables nothing without credentials', () => {
    expect(socialProvidersFor(parseEnv(baseEnv))).toEqual({})
  })

  describe.each(SOCIAL_PROVIDERS)('%s', (provider) => {
    const names = providerEnvNames(provider)

    it('is enabled when both its client id and secret are set', () => {
      const env = parseEnv({ ...baseEnv, ...credentialsFor(provider) })
      expect(enabledSocialProviders(env)).toEqual([provider])
      expect(socialProvidersFor(env)[provider]).toMatchObject({ clientSecret: `${provider}-secret` })
    })

    it.each([
      { missing: 'secret', vars: { [names.id]: 'only-id' } },
      { missing: 'client id', vars: { [names.secret]: 'only-secret' } },
      { missing: 'secret (blank)', vars: { [names.id]: 'only-id', [names.secret]: '  ' } },
    ])('is not enabled when its $missing is missing', ({ vars }) => {
      expect(socialProvidersFor(parseEnv({ ...baseEnv, ...vars }))).toEqual({})
    })
  })

  it("passes TikTok's client id as its client key", () => {
    const config = socialProvidersFor(parseEnv({ ...baseEnv, ...credentialsFor('tiktok') }))
    expect(config.tiktok).toMatchObject({ clientKey: 'tiktok-id', clientSecret: 'tiktok-secret' })
  })

  it('asks Google for offline access (a refresh token for the Search Console sync)', () => {
    const config = socialProvidersFor(parseEnv({ ...baseEnv, ...credentialsFor('google') }))
    expect(config.google).toMatchObject({ clientId: 'google-id', accessType: 'offline' })
  })

  it('passes the client id for every other provider', () => {
    const all = Object.assign({}, ...SOCIAL_PROVIDERS.map(credentialsFor)) as Record<string, string>
    const config = socialProvidersFor(parseEnv({ ...baseEnv, ...all })) as Record<string, { clientId?: string }>
    expect(Object.keys(config).sort()).toEqual([...SOCIAL_PROVIDERS].sort())
    for (const provider of SOCIAL_PROVIDERS) expect(config[provider].clientId).toBe(`${provider}-id`)
  })

  it("trusts Apple's origin only when Apple is enabled (it posts its callback)", () => {
    expect(providerTrustedOrigins(parseEnv(baseEnv))).toEqual([])
    expect(providerTrustedOrigins(parseEnv({ ...baseEnv, ...credentialsFor('apple') }))).toEqual(['https://appleid.apple.com'])
  })
})
