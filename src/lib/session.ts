import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getAuth } from '~/server/auth'

export interface GetSessionInput {
  /** Read the session from the database instead of the signed cookie cache (up to 60 s old). */
  disableCookieCache?: boolean
}

/**
 * The signed-in session and user, or null. Runs on the server on every call, so route guards
 * (`beforeLoad`) see the same answer during SSR and client navigation.
 */
export const getSession = createServerFn({ method: 'GET' })
  .validator((input: GetSessionInput | undefined) => ({ disableCookieCache: input?.disableCookieCache === true }))
  .handler(async ({ data }) => {
    return getAuth().api.getSession({
      headers: getRequest().headers,
      query: { disableCookieCache: data.disableCookieCache },
    })
  })

export type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>
export type SessionUser = Session['user']
