import type { BillingMode } from './public-config'

/**
 * The access gate of the signed-in area (docs/product/routes.md), as a pure function so every state is tested
 * without a router or a server. `_app.tsx` turns a decision into a router redirect.
 *
 * On a self-hosted server (billing 'off') every account has the top plan, so the plan step is
 * skipped whatever the session stores, and /paywall sends the user on to the next step.
 */

export type GatePath = '/' | '/paywall' | '/setup' | '/content'

export interface GateRedirect {
  to: GatePath
  /** `/setup?checkout=true` when the user came back from checkout (a customer_session_token). */
  search?: { checkout: true }
}

export interface GateInput {
  session: { user?: { plan?: string | null; selectedBusiness?: string | null } | null } | null | undefined
  /** The path being navigated to, e.g. "/keywords". */
  pathname: string
  /** The `customer_session_token` search value, present after a checkout. */
  customerSessionToken?: string
  /** The server's billing mode (public config); anything but 'off' needs a plan. */
  billing?: BillingMode
}

export const SETUP_PATH = '/setup'
export const PAYWALL_PATH = '/paywall'
/** Where a signed-in, onboarded user lands (sign-in goes there too). */
export const HOME_PATH = '/content'

/** "/setup/" and "/setup" are the same page. */
export function normalizePath(pathname: string) {
  return pathname.replace(/\/+$/, '') || '/'
}

/** Where the user must go instead, or null when the requested page may render. */
export function decideAccess({ session, pathname, customerSessionToken, billing }: GateInput): GateRedirect | null {
  const billingOff = billing === 'off'
  const target = gateTarget(session, customerSessionToken, billingOff)
  const path = normalizePath(pathname)
  // Nothing to choose without billing: the paywall is never shown, the user goes on.
  if (!target && billingOff && path === PAYWALL_PATH) return { to: HOME_PATH }
  if (!target) return null
  // Never redirect to the page the user is already on (else /paywall would loop).
  if (path === target.to) return null
  return target
}

function gateTarget(session: GateInput['session'], customerSessionToken: string | undefined, billingOff: boolean): GateRedirect | null {
  const user = session?.user
  if (!session || !user) return { to: '/' }
  if (!user.plan && !billingOff) return { to: PAYWALL_PATH }
  if (!user.selectedBusiness) {
    return customerSessionToken !== undefined ? { to: SETUP_PATH, search: { checkout: true } } : { to: SETUP_PATH }
  }
  return null
}

/**
 * Setup is where the plan and the first business appear (checkout webhook, business creation), so
 * it reads the session fresh instead of from the cookie cache, which may be up to a minute old.
 */
export function shouldBypassCookieCache(pathname: string) {
  return normalizePath(pathname) === SETUP_PATH
}

/** The two onboarding pages get the simpler shell (no business switcher, no main navigation). */
export function isOnboardingPath(pathname: string) {
  const path = normalizePath(pathname)
  return path === SETUP_PATH || path === PAYWALL_PATH
}
