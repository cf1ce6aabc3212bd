import { renderStaticPage, staticPageResponse, type StaticPage } from '~/server/http/static-page'
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

/** Rules of this page only: the code under the message. */
const CODE_STYLE = `
  .code { margin-top: 1.5rem; font-size: 0.875rem; }
  .code span { font-family: ui-monospace, monospace; color: #e5e7eb; }`

const errorPage = (code: string): StaticPage => ({
  title: 'Authentication Error',
  heading: ERROR_PAGE_HEADING,
  style: CODE_STYLE,
  body: `<p>${ERROR_PAGE_RETRY_MESSAGE}</p>
      <a href="/" id="returnLink">Return to Application</a>
      <p class="code">Error Code: <span id="errorCode">${escapeHtml(code)}</span></p>`,
})

export function renderAuthErrorPage(code: string): string {
  return renderStaticPage(errorPage(code))
}

/** The response for a request to the error page, or undefined for any other request. */
export function authErrorPageResponse(request: Request, basePath: string): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const url = new URL(request.url)
  if (url.pathname.replace(/\/+$/, '') !== `${basePath}/error`) return undefined
  return staticPageResponse(errorPage(errorCodeFrom(url)), { omitBody: request.method === 'HEAD' })
}
