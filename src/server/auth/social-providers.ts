import type { SocialProviders } from 'better-auth'
import type { Env, SocialProviderId } from '~/env'

/**
 * better-auth's `socialProviders` option from the environment: a provider is enabled only when
 * both its `<PROVIDER>_CLIENT_ID` and `<PROVIDER>_CLIENT_SECRET` are set (env.ts keeps only those).
 */
export function socialProvidersFor(env: Pick<Env, 'socialProviders'>): SocialProviders {
  const config: Record<string, object> = {}
  for (const [provider, credentials] of Object.entries(env.socialProviders)) {
    if (!credentials) continue
    const base = { clientId: credentials.clientId, clientSecret: credentials.clientSecret }
    if (provider === 'tiktok') {
      // TikTok calls the client id a "client key". clientId is passed as well only because
      // better-auth warns at start-up about any provider config without one.
      config[provider] = { ...base, clientKey: credentials.clientId }
    } else if (provider === 'google') {
      // Offline access: Google then returns a refresh token, which the daily Search Console sync
      // needs once the user links the webmasters.readonly scope (providers.md).
      config[provider] = { ...base, accessType: 'offline' }
    } else {
      config[provider] = base
    }
  }
  return config as SocialProviders
}

export function enabledSocialProviders(env: Pick<Env, 'socialProviders'>): SocialProviderId[] {
  return Object.keys(env.socialProviders) as SocialProviderId[]
}

/**
 * Providers whose accounts may be linked to an existing user without the email being verified
 * there (spec §4: linking needs a trusted provider or a verified email). Google only: it is the
 * product's sign-in, and it verifies the addresses it returns.
 */
export const TRUSTED_LINKING_PROVIDERS: SocialProviderId[] = ['google']

/** Apple posts its callback from its own origin (response_mode=form_post). */
export function providerTrustedOrigins(env: Pick<Env, 'socialProviders'>): string[] {
  return env.socialProviders.apple ? ['https://appleid.apple.com'] : []
}
