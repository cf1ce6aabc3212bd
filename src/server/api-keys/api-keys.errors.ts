import { API_KEY_ACCESS_ERRORS } from '~/server/access/access.errors'
import { defineErrorCodes } from '~/server/rpc/errors'
import { DEMO_API_KEYS_LOCKED, MAX_API_KEYS } from '~/shared/api-keys'

/**
 * Why an API call or a key's management was refused (docs/product/messages.md): the key checks of
 * every API call (src/server/access/access.errors.ts), then the management of keys.
 */
export const API_KEY_ERRORS = {
  ...API_KEY_ACCESS_ERRORS,
  ...defineErrorCodes({
    API_KEY_NOT_FOUND: { code: 'NOT_FOUND', message: 'API key not found.' },
    API_KEY_LIMIT_REACHED: {
      code: 'FORBIDDEN',
      message: `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use to create another.`,
    },
    DEMO_API_KEYS_LOCKED: { code: 'FORBIDDEN', message: DEMO_API_KEYS_LOCKED },
  }),
}
