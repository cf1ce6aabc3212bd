import { env, SOCIAL_PROVIDERS, type SocialProviderId } from '~/env'

/** What the browser may know of the configuration: no secrets. */
export interface PublicConfig {
  appName: string
  appUrl: string
  /** Social providers with credentials, in the spec's order. */
  socialProviders: SocialProviderId[]
  requireEmailVerification: boolean
}

export function readPublicConfig(): PublicConfig {
  const current = env()
  return {
    appName: current.APP_NAME,
    appUrl: current.APP_URL,
    socialProviders: SOCIAL_PROVIDERS.filter((provider) => provider in current.socialProviders),
    requireEmailVerification: current.REQUIRE_EMAIL_VERIFICATION,
  }
}
