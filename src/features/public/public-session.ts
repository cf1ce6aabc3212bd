import { getRouteApi } from '@tanstack/react-router'
import { getSession } from '~/lib/session'

/** What the public site's header needs to know of the visitor; no session data reaches the page. */
export interface PublicVisitor {
  signedIn: boolean
}

/**
 * The `/_public` layout's loader. A failure to read the session (database down) must not take
 * the landing page with it: the visitor is then treated as signed out and still gets the page.
 */
export async function loadPublicVisitor(): Promise<PublicVisitor> {
  try {
    const session = await getSession()
    return { signedIn: Boolean(session?.user) }
  } catch (error) {
    console.error('Could not read the session for the public header; rendering as signed out.', error)
    return { signedIn: false }
  }
}

const publicRoute = getRouteApi('/_public')

export const usePublicVisitor = (): PublicVisitor => publicRoute.useLoaderData()
