import type { Database } from '~/server/db'
import { logger } from '~/server/logger'
import { staticPagePolicy } from '~/server/http/security-headers'
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

const STYLE = `
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif;
    background: #0b1120; color: #e5e7eb; }
  main { max-width: 30rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  p { line-height: 1.5; color: #9ca3af; }
  button, a.button { display: inline-block; margin-top: 1rem; padding: 0.6rem 1.2rem; border: 0; border-radius: 0.375rem;
    background: #e5e7eb; color: #0b1120; text-decoration: none; font-weight: 600; font-size: 1rem; cursor: pointer; }`

function page(status: number, title: string, body: string): Response {
  const html = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      ${body}
    </main>
  </body>
</html>`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'content-security-policy': staticPagePolicy(STYLE),
    },
  })
}

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
