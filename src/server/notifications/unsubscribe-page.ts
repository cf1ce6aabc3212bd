import type { Database } from '~/server/db'
import { logger } from '~/server/logger'
import { staticPageResponse } from '~/server/http/static-page'
import { NOTIFICATION_KIND_LABELS } from '~/shared/notifications'
import { turnNotificationOff } from './notifications.service'
import { readUnsubscribeToken } from './unsubscribe-token'
import { escapeHtml } from '~/shared/text'

/**
 * /unsubscribe?token=… (docs/product/notifications.md), signed out:
 * - GET shows what the link turns off and a button; it changes nothing (mail scanners follow links).
 * - POST turns that kind off. It is also RFC 8058's one-click: the mail client POSTs
 *   `List-Unsubscribe=One-Click` to the List-Unsubscribe URL.
 * A bad or tampered token gets a page that says so (400), never a server error.
 */

/** The link's token is in the address: it goes nowhere else. */
const page = (status: number, title: string, body: string): Response =>
  staticPageResponse({ title, body }, { status, headers: { 'referrer-policy': 'no-referrer' } })

export const INVALID_LINK_MESSAGE =
  'This unsubscribe link is not valid: it may have been cut short or changed. Sign in and turn notifications off under Settings → Notifications.'

const settingsLink = `<a class="button" href="/settings#notifications">Notification settings</a>`

export async function handleUnsubscribe(request: Request, deps: { db: Database; secret: string }): Promise<Response> {
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  const target = readUnsubscribeToken(deps.secret, token)
  if (!target) return page(400, 'Link not valid', `<p>${escapeHtml(INVALID_LINK_MESSAGE)}</p>${settingsLink}`)
  const label = NOTIFICATION_KIND_LABELS[target.kind].label
  if (request.method === 'GET' || request.method === 'HEAD') {
    return page(
      200,
      `Unsubscribe from “${label}”`,
      `<p>You will no longer get “${escapeHtml(label)}” emails. Your other notifications stay as they are.</p>
      <form method="post" action="/unsubscribe?token=${encodeURIComponent(token!)}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit">Unsubscribe</button>
      </form>`,
    )
  }
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, POST' } })
  try {
    const found = await turnNotificationOff(deps.db, target.userId, target.kind)
    if (!found)
      return page(
        404,
        'Account not found',
        `<p>The account this link was sent to no longer exists, so there is nothing to unsubscribe.</p>`,
      )
  } catch (error) {
    logger.error('notifications: unsubscribe failed', error instanceof Error ? error.message : error)
    return page(503, 'Please try again', '<p>Your choice could not be saved just now. Please try the link again in a minute.</p>')
  }
  return page(
    200,
    'Unsubscribed',
    `<p>You will no longer get “${escapeHtml(label)}” emails. You can turn them back on under Settings → Notifications.</p>${settingsLink}`,
  )
}
