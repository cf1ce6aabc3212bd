import { defineErrorCodes } from '~/server/rpc/errors'
import { DEMO_API_KEYS_LOCKED, MAX_API_KEYS } from '~/shared/api-keys'

/**
 * Why an API call or a key's management was refused (docs/product/messages.md). A revoked key and
 * one that never existed are the same API_KEY_INVALID: a key never reveals whether it existed.
 */
export const API_KEY_ERRORS = defineErrorCodes({
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
  API_KEY_NOT_FOUND: { code: 'NOT_FOUND', message: 'API key not found.' },
  API_KEY_LIMIT_REACHED: {
    code: 'FORBIDDEN',
    message: `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use to create another.`,
  },
  DEMO_API_KEYS_LOCKED: { code: 'FORBIDDEN', message: DEMO_API_KEYS_LOCKED },
})
