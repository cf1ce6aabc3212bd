import { PLAN_ACCESS_ERRORS } from '~/server/access/access.errors'
import { defineErrorCodes } from '~/server/rpc/errors'

export const PLAN_ERRORS = {
  // No plan: the paid check of every call (src/server/access/access.errors.ts).
  ...PLAN_ACCESS_ERRORS,
  ...defineErrorCodes({
    BUSINESS_LIMIT_REACHED: { code: 'FORBIDDEN', message: 'Your plan has no room for another business.' },
  }),
}

export const BILLING_ERRORS = defineErrorCodes({
  PLAN_NOT_FOUND: { code: 'NOT_FOUND', message: 'That plan is not offered. Reload the page to see the current plans.' },
  ALREADY_ON_PLAN: { code: 'CONFLICT', message: 'This is already your plan.' },
  CHANGE_PLAN_IN_PORTAL: {
    code: 'CONFLICT',
    message: 'You already have a plan. Change it with Manage billing in Settings, so you are not billed twice.',
  },
  CHECKOUT_FAILED: { code: 'SERVICE_UNAVAILABLE', message: 'The checkout could not be started. Try again in a moment.' },
  PORTAL_FAILED: { code: 'SERVICE_UNAVAILABLE', message: 'The billing portal could not be opened. Try again in a moment.' },
  BILLING_OFF: { code: 'CONFLICT', message: 'Billing is off on this server: every account already has every plan feature.' },
})

export const USAGE_ERRORS = defineErrorCodes({
  ALLOWANCE_REACHED: { code: 'FORBIDDEN', message: 'You have used every article your plan includes this month.' },
})
