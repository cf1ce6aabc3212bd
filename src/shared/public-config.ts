import type { SocialProviderId } from '~/env'

/** What the browser may know of the configuration (root loader data): no secrets. */
export interface PublicConfig {
  appName: string
  /** The public base URL (APP_URL): every absolute link and return address is built on it. */
  appUrl: string
  /** Social providers with credentials, in the spec's order. */
  socialProviders: SocialProviderId[]
  /**
   * Demo mode (product.md §8): the services running on their in-process mocks, by display name,
   * and whether the shared demo account is offered. Null when every service is real.
   */
  demo: DemoConfig | null
}

export interface DemoConfig {
  simulated: string[]
  account: boolean
}
