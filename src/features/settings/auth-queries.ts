import { queryOptions } from '@tanstack/react-query'
import { authClient, authErrorMessage } from '~/lib/auth-client'

/**
 * better-auth's client answers `{ data, error }` instead of throwing; React Query needs a throw
 * to show its error state. The thrown Error carries the server's own message (e.g. the demo
 * account's "The demo account is shared, …").
 */
export async function unwrap<T>(
  call: Promise<{ data: T | null; error: { message?: string | null; status?: number; statusText?: string | null } | null }>,
): Promise<T> {
  const { data, error } = await call
  if (error) throw new Error(authErrorMessage(error))
  return data as T
}

export const accountsQuery = queryOptions({
  queryKey: ['auth', 'accounts'],
  queryFn: () => unwrap(authClient.listAccounts()),
})

export const sessionsQuery = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: () => unwrap(authClient.listSessions()),
})

/** The provider id better-auth gives an email-and-password account. */
export const CREDENTIAL_PROVIDER = 'credential'
