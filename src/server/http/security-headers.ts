import { createHash, randomBytes } from 'node:crypto'
import { REQUEST_ID_HEADER } from './request-id'

/**
 * The security headers of every response, and the Content-Security-Policy of every HTML page.
 * The app's pages run no inline script but the SSR scripts TanStack Router writes (and the root
 * route's one ScriptOnce), which carry the request's nonce (src/router.tsx passes it as `ssr.nonce`). Styles stay open to inline
 * (`'unsafe-inline'`, no nonce, as a nonce would switch it off): React's style props, Radix and
 * the toaster set inline styles. Images may come from any https site (article images); frames
 * only from youtube-nocookie (an article's video).
 */

/** A fresh nonce for one response: 128 random bits. */
export const createNonce = () => randomBytes(16).toString('base64')

export function appContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    // An article's video embed (src/server/articles/html.ts allows no other frame).
    'frame-src https://www.youtube-nocookie.com',
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The CSP source for one exact inline `<style>` text. */
export const styleHashSource = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`

/**
 * The policy of a page rendered outside React (the demo stand-ins, the auth error page): no
 * script at all, its one `<style>` allowed by hash, forms only to this origin.
 */
export function staticPagePolicy(css: string): string {
  return [
    "default-src 'none'",
    `style-src ${styleHashSource(css)}`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Headers every response carries. */
export const BASE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const

/** A response whose headers can be changed (a Response.redirect's or a fetch's cannot). */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff')
    return response
  } catch {
    return new Response(response.body, response)
  }
}

/**
 * Adds the security headers: nosniff always; the referrer policy unless the response chose its
 * own; for HTML without a policy of its own, the app's CSP with the nonce its scripts were given
 * (none given: a fresh one, so no inline script runs); and `x-request-id`.
 */
export function withSecurityHeaders(response: Response, options: { nonce?: string; requestId?: string } = {}): Response {
  const secured = withMutableHeaders(response)
  const { headers } = secured
  headers.set('x-content-type-options', BASE_SECURITY_HEADERS['x-content-type-options'])
  if (!headers.has('referrer-policy')) headers.set('referrer-policy', BASE_SECURITY_HEADERS['referrer-policy'])
  if (options.requestId) headers.set(REQUEST_ID_HEADER, options.requestId)
  const isHtml = /^text\/html\b/i.test(headers.get('content-type') ?? '')
  if (isHtml && !headers.has('content-security-policy')) {
    headers.set('content-security-policy', appContentSecurityPolicy(options.nonce ?? createNonce()))
  }
  return secured
}
