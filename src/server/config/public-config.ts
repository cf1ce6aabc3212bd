import { env, SOCIAL_PROVIDERS } from '~/env'
import type { PublicConfig } from '~/shared/public-config'

export type { PublicConfig }

export function readPublicConfig(): PublicConfig {
  const current = env()
  return {
    appName: current.APP_NAME,
    appUrl: current.APP_URL,
    socialProviders: SOCIAL_PROVIDERS.filter((provider) => provider in current.socialProviders),
    requireEmailVerification: current.REQUIRE_EMAIL_VERIFICATION,
  }
}
