/**
 * The top navigation's two Google actions (docs/product/routes.md). Return addresses are built on the
 * configured public URL (APP_URL, from the root loader), never on an undefined base: the
 * original built them on one, so they pointed nowhere.
 *
 * The better-auth client is imported on click, not with the page: public pages stay light and
 * only a visitor who starts sign-in downloads it.
 */

/** Google's read-only Search Console scope (docs/product/services.md). */
export const SEARCH_CONSOLE_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly'

/** `https://app.example.com` + `/content`, whatever trailing slash the base has. */
export function appAddress(appUrl: string, path: `/${string}`) {
  return `${appUrl.replace(/\/+$/, '')}${path}`
}

export type GoogleActionResult = { ok: true } | { ok: false; message: string }

/**
 * Starts Google sign-in; Google returns to `/content` (the gate then sends a new user on to the
 * paywall or setup), a failure to the sign-in page, which shows it. On success the browser is
 * already leaving for Google when this resolves.
 */
export async function startGoogleSignIn(appUrl: string): Promise<GoogleActionResult> {
  const { authClient, authErrorMessage } = await import('~/lib/auth-client')
  const result = await authClient.signIn.social({
    provider: 'google',
    callbackURL: appAddress(appUrl, '/content'),
    errorCallbackURL: appAddress(appUrl, '/sign-in'),
  })
  return result.error ? { ok: false, message: authErrorMessage(result.error) } : { ok: true }
}

/**
 * Links a Google account (any address: the one that manages the site in Search Console) with the
 * read-only Search Console scope. Google returns to /integrations, where the property is chosen;
 * a refusal (consent denied, …) comes back there too, as `?searchConsole=error&error=<code>`.
 */
export async function connectSearchConsole(appUrl: string): Promise<GoogleActionResult> {
  const { authClient, authErrorMessage } = await import('~/lib/auth-client')
  const result = await authClient.linkSocial({
    provider: 'google',
    scopes: [SEARCH_CONSOLE_SCOPE],
    callbackURL: appAddress(appUrl, '/integrations?searchConsole=linked'),
    errorCallbackURL: appAddress(appUrl, '/integrations?searchConsole=error'),
  })
  return result.error ? { ok: false, message: authErrorMessage(result.error) } : { ok: true }
}
