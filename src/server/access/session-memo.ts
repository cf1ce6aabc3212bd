import type { Auth, AuthSession } from '~/server/auth/auth'
import { SESSION_COOKIE_CACHE_MAX_AGE } from '~/server/auth/auth'
import { sessionRevocationsOf } from '~/server/auth/revoked-sessions'

/**
 * The signed-in session of an RPC call, remembered for exactly as long as better-auth's own
 * cookie cache would answer it from the cookies alone.
 *
 * With the cookie cache on (auth.ts) and no cache refreshing (our sessions live in the
 * database, so better-auth turns `refreshCache` off), `getSession` is a pure function of the
 * request's auth cookies and the clock while the signed session-data cookie is unexpired: it
 * checks the signatures and returns the cookie's copy without touching the database. Checking
 * those signatures with WebCrypto and running the endpoint pipeline costs ~1 ms a call, which
 * was most of the Keywords list's overhead over its SQL (docs/decisions/0008). Here the answer is
 * kept under the exact auth cookie values, so only a request carrying the same credentials gets
 * it, and only until the earliest of: the session-data cookie's own expiry, the session's expiry,
 * and 60 s (the cookie cache's max age, in case that cookie's expiry was not the one better-auth
 * checked). A new sign-in, a business switch or any session change re-issues the cookies, which
 * is a different key. A session revoked in this process (sign-out, revoke-session(s), a password
 * reset or change, account deletion: revoked-sessions.ts) is refused on its next call, from memory
 * or not: its entry is dropped and better-auth, which ignores its cookie cache too, finds no row.
 */
const MAX_ENTRIES = 10_000

interface Entry {
  session: AuthSession
  expires: number
}

const memos = new WeakMap<Auth, Map<string, Entry>>()

export async function getMemoizedSession(auth: Auth, headers: Headers, now = Date.now): Promise<AuthSession | null> {
  const { sessionToken, sessionData } = (await auth.$context).authCookies
  const cookies = authCookies(headers.get('cookie'), sessionToken.name.slice(0, -'session_token'.length))
  if (!cookies.has(sessionToken.name)) return auth.api.getSession({ headers })

  let memo = memos.get(auth)
  if (!memo) memos.set(auth, (memo = new Map()))
  const key = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const revocations = sessionRevocationsOf(auth)
  const entry = memo.get(key)
  if (entry && entry.expires > now() && !revocations?.refuses(entry.session.session)) return entry.session
  if (entry) memo.delete(key)

  const session = await auth.api.getSession({ headers })
  if (session && revocations?.refuses(session.session)) return null
  const dataExpires = sessionDataExpiry(cookies, sessionData.name)
  if (!session || dataExpires === undefined) return session
  const expires = Math.min(dataExpires, new Date(session.session.expiresAt).getTime(), now() + SESSION_COOKIE_CACHE_MAX_AGE * 1000)
  if (expires <= now()) return session
  Object.freeze(session.session)
  Object.freeze(session.user)
  memo.set(key, { session: Object.freeze(session), expires })
  if (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value as string)
  return session
}

/** The request's better-auth cookies (name → value), in header order. */
function authCookies(header: string | null, prefix: string): Map<string, string> {
  const found = new Map<string, string>()
  if (!header) return found
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    const name = part.slice(0, separator).trim()
    if (name.startsWith(prefix)) found.set(name, part.slice(separator + 1).trim())
  }
  return found
}

/**
 * When the session-data cookie (possibly split in numbered chunks) says it expires. Only bounds
 * how long an answer `getSession` already gave is kept; better-auth verified the signature.
 */
function sessionDataExpiry(cookies: Map<string, string>, name: string): number | undefined {
  let value = cookies.get(name)
  if (value === undefined) {
    const chunks: string[] = []
    for (let index = 0; cookies.has(`${name}.${index}`); index++) chunks.push(cookies.get(`${name}.${index}`) as string)
    if (chunks.length === 0) return undefined
    value = chunks.join('')
  }
  try {
    const payload = JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8')) as { expiresAt?: unknown }
    return typeof payload.expiresAt === 'number' && Number.isFinite(payload.expiresAt) ? payload.expiresAt : undefined
  } catch {
    return undefined
  }
}
