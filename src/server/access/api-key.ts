import { defaultKeyHasher } from '@better-auth/api-key'
import { eq } from 'drizzle-orm'
import type { Auth } from '~/server/auth/auth'
import type { Database } from '~/server/db'
import { apikey } from '~/server/db/schema'
import { createRateLimiter } from '~/server/rate-limit'
import { appError } from '~/server/rpc/errors'
import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, API_SCOPES, type ApiScope } from '~/shared/api-keys'
import { API_KEY_ACCESS_ERRORS } from './access.errors'

/** A verified API key: whose it is and what it may do. */
export interface ApiKeyCaller {
  keyId: string
  userId: string
  scopes: readonly ApiScope[]
}

/**
 * API requests per user and process, all of the user's keys together (docs/product/limits.md): one
 * budget per account, so more keys never mean more requests. A fixed window, like the app's own
 * limits (src/server/rate-limit.ts). Counted after the key is verified, every call alike.
 */
export const API_KEY_RATE_LIMIT = { max: 120, windowMs: 60_000 }
const userLimiter = createRateLimiter(API_KEY_RATE_LIMIT)

/** The 429 message: the limit and when to try again. */
export const apiRateLimitMessage = (retryAfterSeconds: number) =>
  `Too many requests with your API keys (at most ${API_KEY_RATE_LIMIT.max} a minute per account, all keys together). ` +
  `Try again in ${retryAfterSeconds} seconds.`

/** Tests only. */
export function resetApiKeyRateLimit() {
  userLimiter.reset()
}

/**
 * The key a request presents: `Authorization: Bearer <key>`, else `x-api-key: <key>`. Cookies are
 * never looked at: an API request is authenticated by its key alone.
 */
export function presentedApiKey(headers: Headers): string | null {
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(headers.get('authorization') ?? '')?.[1]
  const key = bearer ?? headers.get('x-api-key')?.trim()
  return key ? key : null
}

/** A key of ours has exactly this shape; anything else is refused without a database lookup. */
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`)

/**
 * Verifies the presented key and counts the call against its owner's rate limit. Throws the
 * ORPCError the API answers with: 401 API_KEY_REQUIRED / API_KEY_INVALID (unknown or revoked) /
 * API_KEY_EXPIRED, 429 API_KEY_RATE_LIMITED (with `Retry-After` when `resHeaders` is given).
 *
 * Every transport that takes API keys goes through this, from the procedure stack
 * (signedInProcedure in src/server/rpc/procedures.ts), never on its own.
 */
export async function verifyApiKey(
  { auth, db }: { auth: Auth; db: Database },
  key: string | null,
  resHeaders?: Headers,
): Promise<ApiKeyCaller> {
  if (!key) throw appError(API_KEY_ACCESS_ERRORS.API_KEY_REQUIRED)
  if (!KEY_SHAPE.test(key)) throw appError(API_KEY_ACCESS_ERRORS.API_KEY_INVALID)
  // Unknown (or revoked) and expired keys are refused here, by the hash the plugin stores: the
  // plugin would log every refusal as a server error, which anyone could fill the logs with. An
  // expired key stays listed in settings (as expired) until revoked or the plugin clears it.
  const [stored] = await db
    .select({ expiresAt: apikey.expiresAt })
    .from(apikey)
    .where(eq(apikey.key, await defaultKeyHasher(key)))
  if (!stored) throw appError(API_KEY_ACCESS_ERRORS.API_KEY_INVALID)
  if (stored.expiresAt && stored.expiresAt.getTime() <= Date.now()) throw appError(API_KEY_ACCESS_ERRORS.API_KEY_EXPIRED)
  const result = await auth.api.verifyApiKey({ body: { key } })
  if (!result.valid || !result.key) {
    throw appError(result.error?.code === 'KEY_EXPIRED' ? API_KEY_ACCESS_ERRORS.API_KEY_EXPIRED : API_KEY_ACCESS_ERRORS.API_KEY_INVALID)
  }
  const verdict = userLimiter.hit(result.key.referenceId)
  if (!verdict.allowed) {
    resHeaders?.set('retry-after', String(verdict.retryAfterSeconds))
    throw appError(API_KEY_ACCESS_ERRORS.API_KEY_RATE_LIMITED, { message: apiRateLimitMessage(verdict.retryAfterSeconds) })
  }
  return { keyId: result.key.id, userId: result.key.referenceId, scopes: scopesOf(result.key.permissions) }
}

/** The key's scopes from its stored permissions (`{"api":["read",…]}`); anything unknown is dropped. */
export function scopesOf(permissions: Record<string, string[]> | null | undefined): ApiScope[] {
  const granted = permissions?.api ?? []
  return API_SCOPES.filter((scope) => granted.includes(scope))
}

/** The stored form of a key's scopes. */
export const permissionsOf = (scopes: readonly ApiScope[]) => ({ api: [...scopes] })
