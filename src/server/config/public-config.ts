import { env } from '~/env'
import { offeredSocialProviders } from '~/server/auth/social-providers'
import { demoAccountEnabled } from '~/server/demo/demo-account'
import { billingMode, PROVIDERS, simulatedProviders } from '~/server/providers/modes'
import type { PublicConfig } from '~/shared/public-config'

export type { PublicConfig }

export function readPublicConfig(): PublicConfig {
  const current = env()
  return {
    appName: current.APP_NAME,
    appUrl: current.APP_URL,
    socialProviders: offeredSocialProviders(current),
    billing: billingMode(current),
    demo: demoConfig(current),
  }
}

function demoConfig(current: ReturnType<typeof env>): PublicConfig['demo'] {
  const simulated = simulatedProviders(current)
  if (simulated.length === 0) return null
  return {
    simulated: simulated.map((id) => PROVIDERS[id]),
    account: demoAccountEnabled(current),
    googleStandIn: simulated.includes('google'),
  }
}
