import { defaultKeyHasher } from '@better-auth/api-key'
import { generateRandomString } from 'better-auth/crypto'
import { and, asc, count, eq } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { apikey, user } from '~/server/db/schema'
import { appError, RPC_ERRORS } from '~/server/rpc/errors'
import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH, MAX_API_KEYS, type ApiKeyCreateInput, type ApiScope } from '~/shared/api-keys'
import { isDemoAccount } from '~/shared/demo-account'
import { maskSecret, SECRET_MASK } from '~/shared/secrets'
import { API_KEY_ERRORS } from './api-keys.errors'
import { permissionsOf, scopesOf } from '~/server/access/api-key'
import { recordHistory } from '~/server/history/record'
import { DAY_MS } from '~/shared/time'

/** What settings lists of a key: never the key itself, which only its hash is left of. */
export interface ApiKeySummary {
  id: string
  name: string
  /** The key masked to its last 4 characters (`••••wxyz`), to tell keys apart; null for a key made before masks were kept. */
  masked: string | null
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
  masked: apikey.start,
  permissions: apikey.permissions,
  createdAt: apikey.createdAt,
  lastUsedAt: apikey.lastRequest,
  expiresAt: apikey.expiresAt,
}

function summaryOf(
  {
    permissions,
    name,
    masked,
    ...row
  }: Omit<ApiKeySummary, 'scopes' | 'name' | 'expired'> & { name: string | null; permissions: string | null },
  now = Date.now(),
) {
  const granted = permissions ? (JSON.parse(permissions) as Record<string, string[]>) : null
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now
  // A key made before masks were kept has its first characters in that column: never shown.
  const shown = masked?.startsWith(SECRET_MASK) ? masked : null
  return { ...row, name: name ?? '', masked: shown, scopes: scopesOf(granted), expired } satisfies ApiKeySummary
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
 * Creates a key with the scopes as its permissions, stored as better-auth's plugin stores and
 * verifies it: `rp_` + 64 random letters, only its SHA-256 hash kept (the plugin's own hasher),
 * and its last 4 characters masked to tell keys apart. Answers the key in clear this once; it
 * cannot be read again.
 *
 * The cap of MAX_API_KEYS is atomic: the count and the insert run in one transaction holding the
 * owner's user row (SELECT … FOR UPDATE), so concurrent creates of one user queue up and each sees
 * the keys the ones before it made. The plugin's own create endpoint writes outside our
 * transaction, which is why the row is written here.
 */
export async function createApiKey(
  db: Database,
  owner: { id: string; email: string },
  input: ApiKeyCreateInput,
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  if (isDemoAccount(owner)) throw appError(API_KEY_ERRORS.DEMO_API_KEYS_LOCKED)
  const key = `${API_KEY_PREFIX}${generateRandomString(API_KEY_RANDOM_LENGTH, 'a-z', 'A-Z')}`
  const hashed = await defaultKeyHasher(key)
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.id)).for('update')
    if (!locked) throw appError(RPC_ERRORS.AUTH_REQUIRED)
    const [held] = await tx.select({ total: count() }).from(apikey).where(eq(apikey.referenceId, owner.id))
    if ((held?.total ?? 0) >= MAX_API_KEYS) throw appError(API_KEY_ERRORS.API_KEY_LIMIT_REACHED)
    const now = new Date()
    const [inserted] = await tx
      .insert(apikey)
      .values({
        referenceId: owner.id,
        name: input.name,
        start: maskSecret(key),
        prefix: API_KEY_PREFIX,
        key: hashed,
        enabled: true,
        // The plugin's counter is off: requests are limited per user in src/server/access/api-key.ts.
        rateLimitEnabled: false,
        requestCount: 0,
        expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
        permissions: JSON.stringify(permissionsOf(input.scopes)),
        createdAt: now,
        updatedAt: now,
      })
      .returning(summaryColumns)
    await recordHistory(tx, {
      kind: 'api-key',
      action: 'created',
      userId: owner.id,
      title: input.name,
      detail: { start: inserted!.masked },
    })
    return inserted!
  })
  return { key, apiKey: summaryOf(row) }
}

/** Revokes one of the user's keys for good: the next call with it is 401. Someone else's id is NOT_FOUND. */
export async function revokeApiKey(db: Database, userId: string, id: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(apikey)
      .where(and(eq(apikey.id, id), eq(apikey.referenceId, userId)))
      .returning({ id: apikey.id, name: apikey.name, start: apikey.start })
    if (deleted.length === 0) throw appError(API_KEY_ERRORS.API_KEY_NOT_FOUND)
    await recordHistory(tx, { kind: 'api-key', action: 'revoked', userId, title: deleted[0]!.name, detail: { start: deleted[0]!.start } })
    return { id }
  })
}
