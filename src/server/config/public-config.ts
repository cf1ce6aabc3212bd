import { env } from '~/env'
import { enabledSocialProviders } from '~/server/auth/social-providers'
import type { PublicConfig } from '~/shared/public-config'

export type { PublicConfig }

export function readPublicConfig(): PublicConfig {
  const current = env()
  return {
    appName: current.APP_NAME,
    appUrl: current.APP_URL,
    socialProviders: enabledSocialProviders(current),
  }
}
