import { and, asc, count, eq } from 'drizzle-orm'
import type { Auth } from '~/server/auth'
import type { Database } from '~/server/db'
import { apikey } from '~/server/db/schema'
import { appError } from '~/server/rpc/errors'
import { MAX_API_KEYS, type ApiKeyCreateInput, type ApiScope } from '~/shared/api-keys'
import { isDemoAccount } from '~/shared/demo-account'
import { API_KEY_ERRORS } from './api-keys.errors'
import { permissionsOf, scopesOf } from './authenticate'

/** What settings lists of a key: never the key itself, which only its hash is left of. */
export interface ApiKeySummary {
  id: string
  name: string
  /** The first characters, prefix included (`rp_AbCdEfG`), to tell keys apart. */
  start: string | null
  scopes: ApiScope[]
  createdAt: Date
  lastUsedAt: Date | null
  expiresAt: Date | null
  /** Past its expiry: refused by the API, listed until revoked or cleared. */
  expired: boolean
}

const summaryColumns = {
  id: apikey.id,
  name: apikey.name,
  start: apikey.start,
  permissions: apikey.permissions,
  createdAt: apikey.createdAt,
  lastUsedAt: apikey.lastRequest,
  expiresAt: apikey.expiresAt,
}

function summaryOf(
  { permissions, name, ...row }: Omit<ApiKeySummary, 'scopes' | 'name' | 'expired'> & { name: string | null; permissions: string | null },
  now = Date.now(),
) {
  const granted = permissions ? (JSON.parse(permissions) as Record<string, string[]>) : null
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now
  return { ...row, name: name ?? '', scopes: scopesOf(granted), expired } satisfies ApiKeySummary
}

/** The user's keys, oldest first; an expired one stays listed (marked by its date) until it is removed. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(apikey)
    .where(eq(apikey.referenceId, userId))
    .orderBy(asc(apikey.createdAt), asc(apikey.id))
  return rows.map((row) => summaryOf(row))
}

/**
 * Creates a key through better-auth's plugin (which generates it and stores its hash), with the
 * scopes as its permissions. Answers the key in clear this once; it cannot be read again.
 */
export async function createApiKey(
  db: Database,
  auth: Auth,
  owner: { id: string; email: string },
  input: ApiKeyCreateInput,
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  if (isDemoAccount(owner)) throw appError(API_KEY_ERRORS.DEMO_API_KEYS_LOCKED)
  const [held] = await db.select({ total: count() }).from(apikey).where(eq(apikey.referenceId, owner.id))
  if ((held?.total ?? 0) >= MAX_API_KEYS) throw appError(API_KEY_ERRORS.API_KEY_LIMIT_REACHED)
  // Called without request headers: the plugin then takes the owner and permissions from us (server-side only).
  const created = await auth.api.createApiKey({
    body: {
      userId: owner.id,
      name: input.name,
      expiresIn: input.expiresInDays === null ? null : input.expiresInDays * 86_400,
      permissions: permissionsOf(input.scopes),
    },
  })
  const [row] = await db.select(summaryColumns).from(apikey).where(eq(apikey.id, created.id))
  return { key: created.key, apiKey: summaryOf(row) }
}

/** Revokes one of the user's keys for good: the next call with it is 401. Someone else's id is NOT_FOUND. */
export async function revokeApiKey(db: Database, userId: string, id: string): Promise<{ id: string }> {
  const deleted = await db
    .delete(apikey)
    .where(and(eq(apikey.id, id), eq(apikey.referenceId, userId)))
    .returning({ id: apikey.id })
  if (deleted.length === 0) throw appError(API_KEY_ERRORS.API_KEY_NOT_FOUND)
  return { id }
}
