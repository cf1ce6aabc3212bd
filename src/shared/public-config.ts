import type { SocialProviderId } from '~/env'

/** What the browser may know of the configuration (root loader data): no secrets. */
export interface PublicConfig {
  appName: string
  /** The public base URL (APP_URL): every absolute link and return address is built on it. */
  appUrl: string
  /** Social providers with credentials, in the spec's order. */
  socialProviders: SocialProviderId[]
}
