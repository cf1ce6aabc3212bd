/**
 * The HTML shell of demo mode's stand-ins for outside hosted pages (Google's consent screen,
 * Polar's checkout and customer portal):
 * plain server-rendered pages with plain forms, so they work before any script loads, in the
 * app's dark theme, and labelled as demo pages on every screen.
 */

import { staticPagePolicy } from '~/server/http/security-headers'
import { escapeHtml } from '~/shared/text'

const STYLE = `
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif; background: #0b1120; color: #e5e7eb; }
  main { width: min(30rem, 100% - 2rem); padding: 2rem; border: 1px solid #1f2937; border-radius: 0.75rem; background: #111827; }
  .badge { display: inline-block; padding: 0.25rem 0.6rem; border-radius: 999px; background: #78350f; color: #fde68a; font-size: 0.8rem; font-weight: 600; }
  h1 { font-size: 1.4rem; margin: 1rem 0 0.5rem; }
  p, li, dd { line-height: 1.5; color: #9ca3af; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 1.25rem 0; }
  dt { font-weight: 600; } dd { margin: 0; }
  .price { font-size: 2rem; font-weight: 700; color: #e5e7eb; }
  .actions { display: flex; gap: 0.75rem; justify-content: flex-end; margin-top: 1.5rem; }
  button, a.button { padding: 0.6rem 1.2rem; border-radius: 0.375rem; font-weight: 600; font-size: 1rem; cursor: pointer; border: 1px solid #374151; text-decoration: none; }
  .primary { background: #e5e7eb; color: #0b1120; }
  .secondary { background: transparent; color: #e5e7eb; }
  .error { color: #fca5a5; }
  ul { padding-left: 1.2rem; }
  label { display: block; margin: 1.25rem 0 0.4rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem; border-radius: 0.375rem; border: 1px solid #374151; background: #0b1120; color: #e5e7eb; font-size: 1rem; }`

/** The app's own icon (as the app's pages link it), so a stand-in page does not send the browser to a missing /favicon.ico. */
export const FAVICON_LINK = '<link rel="icon" href="/logo.svg" type="image/svg+xml" />'

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  // No script; the page's one <style> (STYLE) is allowed by its hash.
  'content-security-policy': staticPagePolicy(STYLE),
}

export function demoPage(title: string, body: string, status = 200) {
  const html = `<!DOCTYPE html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)}</title>
    ${FAVICON_LINK}
    <style>${STYLE}</style>
  </head>
  <body><main>${body}</main></body>
</html>`
  return new Response(html, { status, headers: HEADERS })
}

export const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })

export const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })

export const formatUsd = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
