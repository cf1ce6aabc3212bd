import { singleton } from '~/server/singleton'

/**
 * Which business a user's calls work on, remembered for as long as the session cookie cache may
 * itself be stale (auth: 60 s). Keyed by the selection the session carries, so a switch (which
 * re-issues the session cookie) is a new key and takes effect at once in that browser; another
 * device follows within the same minute it already takes to see any session change.
 *
 * Only the id is kept, and only after the database confirmed ownership: business ids are never
 * reused and a business never changes owner, so the fact cannot turn false except by deletion,
 * which `forgetCurrentBusiness` handles in this process and the expiry bounds in others.
 * Saves a round trip on every business-scoped call (target: the procedure within 1.5× its SQL, docs/product/limits.md).
 */
const TTL_MS = 60_000
const MAX_ENTRIES = 10_000

interface Entry {
  businessId: string
  expires: number
}

const entries = singleton('__rankpilotCurrentBusiness', () => new Map<string, Entry>())

const keyOf = (userId: string, selection: string | null | undefined) => `${userId}\u0000${selection ?? ''}`

export function recallCurrentBusiness(userId: string, selection: string | null | undefined, now = Date.now()): string | undefined {
  const key = keyOf(userId, selection)
  const entry = entries.get(key)
  if (!entry) return undefined
  if (entry.expires <= now) {
    entries.delete(key)
    return undefined
  }
  return entry.businessId
}

export function rememberCurrentBusiness(userId: string, selection: string | null | undefined, businessId: string, now = Date.now()) {
  if (entries.size >= MAX_ENTRIES) {
    // Oldest first: a Map iterates in insertion order.
    for (const [key, entry] of entries) {
      if (entries.size < MAX_ENTRIES && entry.expires > now) break
      entries.delete(key)
    }
  }
  entries.set(keyOf(userId, selection), { businessId, expires: now + TTL_MS })
}

/** After a business is deleted, or the user's businesses change in a way the key cannot see. */
export function forgetCurrentBusiness(userId: string) {
  for (const [key] of entries) if (key.startsWith(`${userId}\u0000`)) entries.delete(key)
}
