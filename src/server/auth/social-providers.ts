import type { SocialProviders } from 'better-auth'
import type { Env, SocialProviderId } from '~/env'
import { DEMO_CONSENT_PATH, DEMO_GOOGLE_CLIENT_ID, DEMO_GOOGLE_CLIENT_SECRET } from '~/server/providers/demo-mode'
import { providerModes } from '~/server/providers/modes'

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
      // needs once the user links the webmasters.readonly scope.
      config[provider] = { ...base, accessType: 'offline' }
    } else {
      config[provider] = base
    }
  }
  return config as SocialProviders
}

/**
 * What better-auth is given: the configured providers, plus Google in demo mode (no Google
 * credentials), on demo client credentials and with its authorization endpoint replaced by the
 * local stand-in consent page. The code exchange still goes to oauth2.googleapis.com, which the
 * demo network (providers/demo-mode.ts) answers; the callback is better-auth's real one.
 */
export function authSocialProviders(env: ModesEnv & Pick<Env, 'APP_URL'>): SocialProviders {
  const configured = socialProvidersFor(env)
  if (!demoGoogle(env)) return configured
  const standIn = {
    clientId: DEMO_GOOGLE_CLIENT_ID,
    clientSecret: DEMO_GOOGLE_CLIENT_SECRET,
    accessType: 'offline',
    authorizationEndpoint: `${env.APP_URL}${DEMO_CONSENT_PATH}`,
  }
  return { ...configured, google: standIn } as SocialProviders
}

/** The sign-in buttons to show: the configured providers, and Google on its stand-in in demo mode. */
export function offeredSocialProviders(env: ModesEnv): SocialProviderId[] {
  const enabled = enabledSocialProviders(env)
  return demoGoogle(env) ? ['google', ...enabled] : enabled
}

type ModesEnv = Parameters<typeof providerModes>[0]

/** Google on its stand-in consent page: only in full demo mode (modes.ts), never beside real users. */
export function demoGoogle(env: ModesEnv) {
  return providerModes(env).google === 'demo'
}

export function enabledSocialProviders(env: Pick<Env, 'socialProviders'>): SocialProviderId[] {
  return Object.keys(env.socialProviders) as SocialProviderId[]
}

/**
 * Providers whose accounts may be linked to an existing user without the email being verified
 * there (linking needs a trusted provider or a verified email). Google only: it is the
 * product's sign-in, and it verifies the addresses it returns.
 */
export const TRUSTED_LINKING_PROVIDERS: SocialProviderId[] = ['google']

/** Apple posts its callback from its own origin (response_mode=form_post). */
export function providerTrustedOrigins(env: Pick<Env, 'socialProviders'>): string[] {
  return env.socialProviders.apple ? ['https://appleid.apple.com'] : []
}
