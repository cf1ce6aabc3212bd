/**
 * The access gate of the signed-in area (spec §4), as a pure function so every state is tested
 * without a router or a server. `_app.tsx` turns a decision into a router redirect.
 */

export type GatePath = '/' | '/paywall' | '/setup'

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
}

export const SETUP_PATH = '/setup'
export const PAYWALL_PATH = '/paywall'

/** "/setup/" and "/setup" are the same page. */
export function normalizePath(pathname: string) {
  return pathname.replace(/\/+$/, '') || '/'
}

/** Where the user must go instead, or null when the requested page may render. */
export function decideAccess({ session, pathname, customerSessionToken }: GateInput): GateRedirect | null {
  const target = gateTarget(session, customerSessionToken)
  if (!target) return null
  // Spec §4: never redirect to the page the user is already on (else /paywall would loop).
  if (normalizePath(pathname) === target.to) return null
  return target
}

function gateTarget(session: GateInput['session'], customerSessionToken: string | undefined): GateRedirect | null {
  const user = session?.user
  if (!session || !user) return { to: '/' }
  if (!user.plan) return { to: PAYWALL_PATH }
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
