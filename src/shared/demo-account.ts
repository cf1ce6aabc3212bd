/**
 * The shared demo account of demo mode (src/server/demo/demo-account.ts): one identity every
 * visitor who clicks "Explore the demo" signs into. The server refuses changes to who it is (name,
 * picture, email, password, sessions, the account itself); the settings screen says so up front.
 */
export const DEMO_EMAIL = 'demo@rankpilot.local'

export const DEMO_PROFILE_LOCKED =
  'The demo account is shared, so its name and picture cannot be changed. Create your own account to try this.'

/** What the settings screen says above the demo account's disabled name and email forms. */
export const DEMO_IDENTITY_NOTE =
  'Everyone exploring the demo signs in to this account, so its name, picture and email cannot be changed. ' +
  'Create your own account to try this.'

export const isDemoAccount = (user: { email: string }) => user.email === DEMO_EMAIL

/** Why the demo's own business cannot be deleted (server refusal and the settings note). */
export const DEMO_BUSINESS_LOCKED =
  'Everyone exploring the demo shares this business, so it cannot be deleted. Create your own account to try this.'
