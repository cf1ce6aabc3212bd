import type { RpcContext } from './context'

/**
 * Re-issues the caller's session cookies after a change the session carries (the selected
 * business). The session cookie caches the user for a minute; reading the session with the cache
 * disabled writes fresh cookies, which go out with this response, so the page access gate sees the
 * change on the very next navigation. In-process calls (SSR, tests) have no response to add to.
 */
export async function reissueSessionCookie(context: RpcContext) {
  if (!context.resHeaders) return
  const { headers } = await context.auth.api.getSession({
    headers: context.headers,
    query: { disableCookieCache: true },
    returnHeaders: true,
  })
  for (const cookie of headers.getSetCookie()) context.resHeaders.append('set-cookie', cookie)
}
