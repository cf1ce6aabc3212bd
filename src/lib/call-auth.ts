import type { authClient } from './auth-client'

type AuthClient = typeof authClient

/** What a call answers when the client could not be downloaded: no message, so authErrorMessage says the server was not reached. */
const CLIENT_NOT_LOADED: { data: null; error: { code?: string; message?: string } } = { data: null, error: {} }

/**
 * Runs one better-auth call with the client downloaded on first use (a submit or a click), not
 * with the page: the public auth pages stay light (docs/product/limits.md). Its answer is the
 * call's own (`{ data, error }`).
 */
export async function callAuth<T>(call: (client: AuthClient) => Promise<T>): Promise<T | typeof CLIENT_NOT_LOADED> {
  let client: AuthClient
  try {
    client = (await import('./auth-client')).authClient
  } catch {
    return CLIENT_NOT_LOADED
  }
  return call(client)
}
