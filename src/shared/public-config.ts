import type { SocialProviderId } from './social-providers'

/**
 * How this server bills (src/server/providers/modes.ts, billingMode):
 * - 'live': Polar (POLAR_ACCESS_TOKEN), the paywall sells the plans;
 * - 'demo': full demo mode, the paywall sells them through a stand-in checkout that takes no payment;
 * - 'off': self-hosted (BILLING=off), no paywall, every account has the top plan's features.
 */
export type BillingMode = 'live' | 'demo' | 'off'

/** What the browser may know of the configuration (root loader data): no secrets. */
export interface PublicConfig {
  appName: string
  /** The public base URL (APP_URL): every absolute link and return address is built on it. */
  appUrl: string
  /** Social providers with credentials, in SOCIAL_PROVIDERS order (src/shared/social-providers.ts). */
  socialProviders: SocialProviderId[]
  billing: BillingMode
  /**
   * Demo mode (docs/product/services.md): the services running on their in-process mocks, by display name,
   * and whether the shared demo account is offered. Null when every service is real.
   */
  demo: DemoConfig | null
}

export interface DemoConfig {
  simulated: string[]
  account: boolean
  /**
   * Google sign-in is the stand-in consent page, which signs in (creating it if need be) whatever
   * address is typed: "Start ranking" never starts it for the visitor (docs/product/routes.md).
   */
  googleStandIn: boolean
}
