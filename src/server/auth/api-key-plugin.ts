import { apiKey } from '@better-auth/api-key'
import { API_KEY_NAME_MAX, API_KEY_PREFIX, API_KEY_RANDOM_LENGTH } from '~/shared/api-keys'

/**
 * better-auth's API key plugin (docs/decisions/0013-public-api.md). It checks a presented key
 * (hash lookup, expiry) and records when it was last used; keys are written by apiKey.create
 * (api-keys.service.ts) in the plugin's own form (`rp_` + 64 random letters, only its SHA-256
 * hash stored), inside the transaction that caps them per user. What it does not do here:
 *
 * - No session from a key (`enableSessionForAPIKeys` stays off): a key never signs anyone in to
 *   better-auth's endpoints, so it cannot change the account, its password, email or sessions.
 * - No rate limiting: the plugin's counter only restarts after a whole window without requests,
 *   so a steady client would be locked out for good. Requests are limited per user, across all
 *   of their keys, in src/server/access/api-key.ts instead, like the app's own limits.
 * - Its HTTP endpoints are turned off (`API_KEY_HTTP_PATHS` in better-auth's `disabledPaths`):
 *   keys are managed only through the signed-in apiKey.* procedures, which set the scopes (the
 *   plugin accepts scopes from the server only) and refuse the demo account.
 */
export function apiKeyPlugin() {
  return apiKey({
    defaultPrefix: API_KEY_PREFIX,
    defaultKeyLength: API_KEY_RANDOM_LENGTH,
    // No start of the key is kept: settings shows its last 4 characters (api-keys.service.ts).
    startingCharactersConfig: { shouldStore: false },
    requireName: true,
    maximumNameLength: API_KEY_NAME_MAX,
    keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 },
    rateLimit: { enabled: false },
    enableSessionForAPIKeys: false,
    enableMetadata: false,
  })
}

/** The plugin's endpoints under /api/auth, none of which a browser or a key may reach. */
export const API_KEY_HTTP_PATHS = [
  '/api-key/create',
  '/api-key/get',
  '/api-key/update',
  '/api-key/delete',
  '/api-key/list',
  '/api-key/verify',
  '/api-key/delete-all-expired-api-keys',
]
