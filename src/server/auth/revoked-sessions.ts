/**
 * Sessions this process has seen revoked, so a revoked session is refused on its very next request
 * even while its signed cookie cache (60 s) or the RPC layer's memo (session-memo.ts) would still
 * vouch for it.
 *
 * better-auth deletes the session rows on every revoking path (sign-out, revoke-session(s),
 * revoke-other-sessions, reset-password, change-password with revokeOtherSessions, delete-user);
 * its `databaseHooks.session.delete.before` runs for each row about to be deleted, including the
 * bulk deletes, and feeds `recordDeleted` (before, not after: after-hooks wait for a surrounding
 * transaction to commit, and the record must precede any session the same request creates).
 * Paths that end every session of a user also record the user with the time: any of their
 * sessions created before it is refused, whatever its token.
 *
 * A record only has to outlive the answers that could still vouch for the session: a cookie cache
 * written at the latest just after the row was deleted, and a memo entry bounded by that cookie.
 * Other processes still learn of a revocation from the database once the cookie cache expires.
 */

/** Endpoints after which none of the user's sessions from before the request may be used. */
const ENDS_EVERY_SESSION = new Set(['/revoke-sessions', '/reset-password', '/change-password', '/delete-user', '/delete-user/callback'])

/** Bounds memory if revocations are flooded; the oldest records go first. */
const MAX_RECORDS = 100_000

/** The fields of a session row (or of the session in a cookie cache) the rule needs. */
export interface SessionFacts {
  token: string
  userId: string
  createdAt: Date | string | number
}

export interface SessionRevocations {
  /** A session row better-auth deleted, during the endpoint at `path` when known. */
  recordDeleted(session: SessionFacts, path?: string, now?: number): void
  /** Whether this session was revoked here (and its record is still kept). */
  refuses(session: SessionFacts, now?: number): boolean
}

export function createSessionRevocations({ keepMs }: { keepMs: number }): SessionRevocations {
  // Insertion order is time order, so expired records are always at the front.
  const tokens = new Map<string, number>()
  const users = new Map<string, { since: number; until: number }>()

  function prune(now: number) {
    for (const [token, until] of tokens) {
      if (until > now && tokens.size <= MAX_RECORDS) break
      tokens.delete(token)
    }
    for (const [userId, record] of users) {
      if (record.until > now && users.size <= MAX_RECORDS) break
      users.delete(userId)
    }
  }

  return {
    recordDeleted(session, path, now = Date.now()) {
      tokens.delete(session.token)
      tokens.set(session.token, now + keepMs)
      // Recorded as each row goes: a session the same request creates afterwards (change-password's
      // new one) is not older than the time, so it stays valid.
      if (path && ENDS_EVERY_SESSION.has(path)) {
        users.delete(session.userId)
        users.set(session.userId, { since: now, until: now + keepMs })
      }
      prune(now)
    },
    refuses(session, now = Date.now()) {
      const until = tokens.get(session.token)
      if (until !== undefined && until > now) return true
      const user = users.get(session.userId)
      return user !== undefined && user.until > now && new Date(session.createdAt).getTime() < user.since
    },
  }
}

const byAuth = new WeakMap<object, SessionRevocations>()

/** Ties a revocation record to the better-auth instance whose hooks feed it (auth.ts). */
export function attachSessionRevocations<A extends object>(auth: A, revocations: SessionRevocations): A {
  byAuth.set(auth, revocations)
  return auth
}

/** The revocation record of a better-auth instance made by createAuth. */
export function sessionRevocationsOf(auth: object): SessionRevocations | undefined {
  return byAuth.get(auth)
}
