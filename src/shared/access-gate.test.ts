import { describe, expect, it } from 'vitest'
import { decideAccess, isOnboardingPath, normalizePath, shouldBypassCookieCache, type GateInput } from './access-gate'

const noPlan = { session: { user: { plan: null, selectedBusiness: null } } }
const planOnly = { session: { user: { plan: 'plan_1', selectedBusiness: null } } }
const onboarded = { session: { user: { plan: 'plan_1', selectedBusiness: 'biz_1' } } }

// The gate's rules (docs/product/routes.md), one row per state and path; `expected` null means the page renders.
const cases: Array<{ name: string; input: GateInput; expected: ReturnType<typeof decideAccess> }> = [
  // 1. No session or no user → /
  { name: 'no session', input: { session: null, pathname: '/keywords' }, expected: { to: '/' } },
  { name: 'undefined session', input: { session: undefined, pathname: '/content' }, expected: { to: '/' } },
  { name: 'session without user', input: { session: { user: null }, pathname: '/keywords' }, expected: { to: '/' } },
  { name: 'no session on /setup', input: { session: null, pathname: '/setup' }, expected: { to: '/' } },
  { name: 'no session on /paywall', input: { session: null, pathname: '/paywall' }, expected: { to: '/' } },
  {
    name: 'no session with a checkout token',
    input: { session: null, pathname: '/setup', customerSessionToken: 'cst' },
    expected: { to: '/' },
  },
  // 2. No plan → /paywall
  { name: 'no plan', input: { ...noPlan, pathname: '/keywords' }, expected: { to: '/paywall' } },
  { name: 'no plan on /setup', input: { ...noPlan, pathname: '/setup' }, expected: { to: '/paywall' } },
  {
    name: 'no plan, empty-string plan',
    input: { session: { user: { plan: '', selectedBusiness: 'biz_1' } }, pathname: '/content' },
    expected: { to: '/paywall' },
  },
  {
    name: 'no plan but a business',
    input: { session: { user: { plan: null, selectedBusiness: 'biz_1' } }, pathname: '/keywords' },
    expected: { to: '/paywall' },
  },
  {
    name: 'no plan with a checkout token',
    input: { ...noPlan, pathname: '/content', customerSessionToken: 'cst' },
    expected: { to: '/paywall' },
  },
  { name: 'no plan, already on /paywall', input: { ...noPlan, pathname: '/paywall' }, expected: null },
  { name: 'no plan, already on /paywall/', input: { ...noPlan, pathname: '/paywall/' }, expected: null },
  // 3. Plan but no business → /setup (with checkout=true after a checkout)
  { name: 'plan, no business', input: { ...planOnly, pathname: '/keywords' }, expected: { to: '/setup' } },
  { name: 'plan, no business, on /paywall', input: { ...planOnly, pathname: '/paywall' }, expected: { to: '/setup' } },
  {
    name: 'plan, no business, checkout token',
    input: { ...planOnly, pathname: '/content', customerSessionToken: 'cst_123' },
    expected: { to: '/setup', search: { checkout: true } },
  },
  {
    name: 'plan, no business, empty checkout token still counts as present',
    input: { ...planOnly, pathname: '/content', customerSessionToken: '' },
    expected: { to: '/setup', search: { checkout: true } },
  },
  { name: 'plan, no business, already on /setup', input: { ...planOnly, pathname: '/setup' }, expected: null },
  {
    name: 'plan, no business, already on /setup with a token',
    input: { ...planOnly, pathname: '/setup', customerSessionToken: 'cst' },
    expected: null,
  },
  // 4. Onboarded → no redirect anywhere, including the onboarding pages themselves
  { name: 'onboarded on /keywords', input: { ...onboarded, pathname: '/keywords' }, expected: null },
  { name: 'onboarded on /setup', input: { ...onboarded, pathname: '/setup' }, expected: null },
  { name: 'onboarded on /paywall', input: { ...onboarded, pathname: '/paywall' }, expected: null },
  { name: 'onboarded with a checkout token', input: { ...onboarded, pathname: '/content', customerSessionToken: 'cst' }, expected: null },
]

describe('decideAccess (docs/product/routes.md)', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    expect(decideAccess(input)).toEqual(expected)
  })
})

// Self-hosted (billing 'off'): every account has the top plan, whatever the session stores.
const SETUP = '/setup'
const selfHosted: Array<{ name: string; input: GateInput; expected: ReturnType<typeof decideAccess> }> = [
  { name: 'no session still goes to sign in', input: { session: null, pathname: '/keywords', billing: 'off' }, expected: { to: '/' } },
  { name: 'no stored plan, no business → /setup', input: { ...noPlan, pathname: '/keywords', billing: 'off' }, expected: { to: SETUP } },
  { name: 'no stored plan on /setup renders', input: { ...noPlan, pathname: '/setup', billing: 'off' }, expected: null },
  { name: '/paywall without a business → /setup', input: { ...noPlan, pathname: '/paywall', billing: 'off' }, expected: { to: SETUP } },
  {
    name: 'no stored plan but a business: every page renders',
    input: { session: { user: { plan: null, selectedBusiness: 'biz_1' } }, pathname: '/keywords', billing: 'off' },
    expected: null,
  },
  {
    name: '/paywall/ when onboarded → /content',
    input: { session: { user: { plan: null, selectedBusiness: 'biz_1' } }, pathname: '/paywall/', billing: 'off' },
    expected: { to: '/content' },
  },
  {
    name: 'a stored plan changes nothing: /paywall → /content',
    input: { ...onboarded, pathname: '/paywall', billing: 'off' },
    expected: { to: '/content' },
  },
]

describe('decideAccess on a self-hosted server (billing off)', () => {
  it.each(selfHosted)('$name', ({ input, expected }) => {
    expect(decideAccess(input)).toEqual(expected)
  })

  it.each(['live', 'demo'] as const)('billing %s still sends a user without a plan to /paywall', (billing) => {
    expect(decideAccess({ ...noPlan, pathname: '/keywords', billing })).toEqual({ to: '/paywall' })
    expect(decideAccess({ ...noPlan, pathname: '/paywall', billing })).toBeNull()
  })
})

describe('path helpers', () => {
  it.each([
    ['/setup', '/setup'],
    ['/setup/', '/setup'],
    ['/', '/'],
    ['//', '/'],
  ])('normalizePath(%s) = %s', (input, output) => {
    expect(normalizePath(input)).toBe(output)
  })

  it('reads the session fresh only on /setup', () => {
    expect(shouldBypassCookieCache('/setup')).toBe(true)
    expect(shouldBypassCookieCache('/setup/')).toBe(true)
    expect(shouldBypassCookieCache('/paywall')).toBe(false)
    expect(shouldBypassCookieCache('/keywords')).toBe(false)
  })

  it('treats /setup and /paywall as onboarding pages', () => {
    expect(isOnboardingPath('/setup')).toBe(true)
    expect(isOnboardingPath('/paywall/')).toBe(true)
    expect(isOnboardingPath('/settings')).toBe(false)
  })
})
