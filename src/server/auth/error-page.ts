import { staticPagePolicy } from '~/server/http/security-headers'
import { escapeHtml } from '~/shared/text'

/**
 * The auth error page, GET {basePath}/error?error=CODE (docs/product/routes.md). better-auth 1.7.7's own page
 * differs from ours (heading "Something went wrong", default code UNKNOWN, a "Go Home" link and
 * links to better-auth.com, and in production a redirect to /), so the plugin serves this one.
 */
export const ERROR_PAGE_HEADING = 'Better Auth Error'
export const ERROR_PAGE_RETRY_MESSAGE =
  'We encountered an issue while processing your request. Please try again or contact the application owner if the problem persists.'

/**
 * Only code-like values are shown: the page must not become a way to put arbitrary text on our
 * origin ("error=Call support at …"). Anything else reads as Unknown.
 */
export function errorCodeFrom(url: URL): string {
  const code = url.searchParams.get('error')
  return code && /^[A-Za-z_]{1,64}$/.test(code) ? code : 'Unknown'
}

const STYLE = `
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Arial, sans-serif;
    background: #0b1120; color: #e5e7eb; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.75rem; margin: 0 0 1rem; }
  p { line-height: 1.5; color: #9ca3af; }
  a { display: inline-block; margin-top: 1rem; padding: 0.6rem 1.2rem; border-radius: 0.375rem;
    background: #e5e7eb; color: #0b1120; text-decoration: none; font-weight: 600; }
  .code { margin-top: 1.5rem; font-size: 0.875rem; }
  .code span { font-family: ui-monospace, monospace; color: #e5e7eb; }`

/** No script; the page's one <style> is allowed by its hash. */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': staticPagePolicy(STYLE),
}

export function renderAuthErrorPage(code: string): string {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>Authentication Error</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      <h1>${ERROR_PAGE_HEADING}</h1>
      <p>${ERROR_PAGE_RETRY_MESSAGE}</p>
      <a href="/" id="returnLink">Return to Application</a>
      <p class="code">Error Code: <span id="errorCode">${escapeHtml(code)}</span></p>
    </main>
  </body>
</html>`
}

/** The response for a request to the error page, or undefined for any other request. */
export function authErrorPageResponse(request: Request, basePath: string): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const url = new URL(request.url)
  if (url.pathname.replace(/\/+$/, '') !== `${basePath}/error`) return undefined
  return new Response(request.method === 'HEAD' ? null : renderAuthErrorPage(errorCodeFrom(url)), { headers: HEADERS })
}
