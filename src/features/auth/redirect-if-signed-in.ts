import { redirect } from '@tanstack/react-router'
import { getSession } from '~/lib/session'

/** `beforeLoad` of the sign-in and sign-up pages: a signed-in visitor goes straight to the app. */
export async function redirectIfSignedIn() {
  const session = await getSession()
  if (session?.user) throw redirect({ to: '/content' })
}
