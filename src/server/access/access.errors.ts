import { defineErrorCodes } from '~/server/rpc/errors'

/**
 * Why a call was refused before its procedure ran (docs/product/messages.md): the access checks of
 * the procedure builders (src/server/rpc/procedures.ts). The domains' catalogues include them
 * (API_KEY_ERRORS, PLAN_ERRORS, BUSINESS_ERRORS), so each code keeps its one definition.
 *
 * A revoked key and one that never existed are the same API_KEY_INVALID, and another user's
 * business and a missing one the same BUSINESS_NOT_FOUND: neither reveals whether it existed.
 */
export const API_KEY_ACCESS_ERRORS = defineErrorCodes({
  API_KEY_REQUIRED: {
    code: 'UNAUTHORIZED',
    message: 'Send an API key: "Authorization: Bearer rp_…" or "x-api-key: rp_…". Create one in Settings → API keys.',
  },
  API_KEY_INVALID: {
    code: 'UNAUTHORIZED',
    message: 'This API key is not valid: it may have been revoked. Create a new one in Settings → API keys.',
  },
  API_KEY_EXPIRED: { code: 'UNAUTHORIZED', message: 'This API key has expired. Create a new one in Settings → API keys.' },
  API_KEY_SCOPE_MISSING: { code: 'FORBIDDEN', message: 'This API key does not have the scope this needs.' },
  API_KEY_NOT_ALLOWED: { code: 'FORBIDDEN', message: 'API keys cannot do this. Sign in to the app instead.' },
  API_KEY_RATE_LIMITED: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests with your API keys. Try again in a minute.' },
})

export const PLAN_ACCESS_ERRORS = defineErrorCodes({
  PLAN_REQUIRED: { code: 'FORBIDDEN', message: 'Choose a plan to continue.' },
})

export const BUSINESS_ACCESS_ERRORS = defineErrorCodes({
  BUSINESS_NOT_FOUND: { code: 'NOT_FOUND', message: 'Business not found.' },
  BUSINESS_ACCESS_DENIED: { code: 'FORBIDDEN', message: 'You do not have access to the selected business.' },
  BUSINESS_REQUIRED: { code: 'PRECONDITION_FAILED', message: 'Set up your business first.' },
})
