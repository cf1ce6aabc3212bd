import { createHmac, timingSafeEqual } from 'node:crypto'
import { NOTIFICATION_KINDS, type NotificationKind } from '~/shared/notifications'

/**
 * The one-click unsubscribe link of a notification (docs/product/notifications.md): a token that
 * names a user and a kind, signed with HMAC-SHA256 under a key derived from the app's auth secret,
 * so it works signed out and cannot be made for another user or kind. It does not expire: a link
 * in an old email still turns its kind off.
 */

const PURPOSE = 'rankpilot.notification-unsubscribe.v1'

const keyOf = (secret: string) => createHmac('sha256', secret).update(PURPOSE).digest()
const sign = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest('base64url')

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, k: kind })).toString('base64url')
  return `${payload}.${sign(secret, payload)}`
}

/** The user and kind of a genuine token; null for anything else (tampered, truncated, unknown kind). */
export function readUnsubscribeToken(secret: string, token: string | null | undefined): { userId: string; kind: NotificationKind } | null {
  if (!token || token.length > 512) return null
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0) return null
  const expected = Buffer.from(sign(secret, payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown }
    if (typeof parsed.u !== 'string' || !parsed.u) return null
    if (!(NOTIFICATION_KINDS as readonly unknown[]).includes(parsed.k)) return null
    return { userId: parsed.u, kind: parsed.k as NotificationKind }
  } catch {
    return null
  }
}
