import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getAuth } from '~/server/app/auth'

export interface GetSessionInput {
  /** Read the session from the database instead of the signed cookie cache (up to 60 s old). */
  disableCookieCache?: boolean
}

/**
 * The signed-in session and user, or null. Runs on the server on every call, so route guards
 * (`beforeLoad`) see the same answer during SSR and client navigation. A session revoked on this
 * server is null at once even while its cookie cache lasts: better-auth ignores the cache of a
 * revoked session (the cookie cache version in src/server/auth/auth.ts).
 */
export const getSession = createServerFn({ method: 'POST' })
  .validator((input: GetSessionInput | undefined) => ({ disableCookieCache: input?.disableCookieCache === true }))
  .handler(async ({ data }) => {
    return getAuth().api.getSession({
      headers: getRequest().headers,
      query: { disableCookieCache: data.disableCookieCache },
    })
  })

export type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>
export type SessionUser = Session['user']
