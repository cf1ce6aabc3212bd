import { getRouteApi, Link } from '@tanstack/react-router'
import { SearchIcon } from 'lucide-react'
import { useState, type MouseEvent } from 'react'
import { toast } from '~/lib/toast'
// buttonVariants, not <Button>: Button pulls in Radix's Slot, which public pages do not need.
import { buttonVariants, type ButtonProps } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { cn } from '~/lib/utils'
import { connectSearchConsole, startGoogleSignIn } from './google-auth'
import { usePublicVisitor } from './public-session'

const rootRoute = getRouteApi('__root__')

export function useGoogleConfigured() {
  const { appUrl, socialProviders } = rootRoute.useLoaderData()
  return { appUrl, google: socialProviders.includes('google') }
}

/**
 * Whether "Start ranking" may go straight to Google: real Google sign-in, not demo mode's stand-in
 * page, which signs in (and creates) whatever address it is given. There the visitor chooses on
 * the sign-up page instead (an account, Google, or a link to sign in).
 */
function useDirectGoogleStart() {
  const { demo } = rootRoute.useLoaderData()
  const { google } = useGoogleConfigured()
  return google && !demo?.googleStandIn
}

interface StartRankingProps {
  size?: ButtonProps['size']
  className?: string
}

/**
 * "Start ranking" (docs/product/routes.md), the same wherever it appears:
 * - signed in: the app (`/content`; the gate sends a user without a plan to the paywall);
 * - signed out with real Google sign-in: Google sign-in, returning to `/content`;
 * - signed out otherwise (Google's demo stand-in, email-only deployments): the sign-up page, which
 *   offers every way in and links to sign-in. It never signs anyone in by itself.
 * In the Google case it is still a link to the sign-in page, which a click enhances: before
 * hydration, or on a modified click (new tab), the visitor lands on the sign-in page, whose
 * Google button does the same.
 */
export function StartRankingLink({ size = 'default', className }: StartRankingProps) {
  const { signedIn } = usePublicVisitor()
  const { appUrl } = useGoogleConfigured()
  const google = useDirectGoogleStart()
  const [pending, setPending] = useState(false)
  const classes = cn(buttonVariants({ size }), className)

  if (signedIn) {
    return (
      <Link to="/content" className={classes}>
        Start ranking
      </Link>
    )
  }
  if (!google) {
    return (
      <Link to="/sign-up" className={classes}>
        Start ranking
      </Link>
    )
  }

  async function signInWithGoogle(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (pending) return
    setPending(true)
    try {
      const result = await startGoogleSignIn(appUrl)
      if (!result.ok) {
        toast.error('Could not start Google sign-in', { description: result.message })
        setPending(false)
      }
    } catch {
      // The sign-in code could not be loaded (offline, a new deployment): the sign-in page can.
      window.location.assign('/sign-in')
    }
  }

  return (
    <a href="/sign-in" onClick={signInWithGoogle} aria-busy={pending || undefined} className={classes}>
      {pending && <Spinner />}
      Start ranking
    </a>
  )
}

/** "Sign in" in the header, for a signed-out visitor; a signed-in one has "Start ranking" → the app. */
export function SignInLink({ className }: { className?: string }) {
  const { signedIn } = usePublicVisitor()
  if (signedIn) return null
  return (
    <Link to="/sign-in" className={cn(buttonVariants({ variant: 'ghost' }), className)}>
      Sign in
    </Link>
  )
}

/**
 * "Explore the demo" beside "Start ranking" (full demo mode only): the same plain form post as the
 * sign-in page's, into the shared demo account, so it works before hydration.
 */
export function ExploreDemoButton({ size = 'default', className }: StartRankingProps) {
  const { demo } = rootRoute.useLoaderData()
  const { signedIn } = usePublicVisitor()
  if (!demo?.account || signedIn) return null
  return (
    <form method="post" action="/api/demo/sign-in" className="contents">
      <button type="submit" className={cn(buttonVariants({ variant: 'outline', size }), className)}>
        Explore the demo
      </button>
    </form>
  )
}

/** Whether the header shows the Search Console action: a signed-in user, Google configured. */
export function useSearchConsoleActionShown() {
  const { signedIn } = usePublicVisitor()
  const { google } = useGoogleConfigured()
  return signedIn && google
}

/**
 * The header's second action: links the signed-in user's Google account with the read-only Search
 * Console scope, returning to `/integrations` to choose the property. Shown only to a signed-in user when Google is configured.
 * On small screens only its icon shows; its accessible name stays the same.
 */
export function ConnectSearchConsoleButton({ className }: { className?: string }) {
  const { appUrl } = useGoogleConfigured()
  const available = useSearchConsoleActionShown()
  const [pending, setPending] = useState(false)
  if (!available) return null

  async function connect() {
    setPending(true)
    const result = await connectSearchConsole(appUrl).catch(() => ({
      ok: false as const,
      message: 'Check your connection and try again.',
    }))
    if (!result.ok) {
      toast.error('Could not connect Search Console', { description: result.message })
      setPending(false)
    }
  }

  return (
    <button
      type="button"
      aria-label="Connect Search Console"
      title="Connect Search Console (read-only)"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={connect}
      className={cn(buttonVariants({ variant: 'outline' }), 'h-8 w-8 px-0 sm:h-9 sm:w-auto sm:px-4', className)}
    >
      {pending ? <Spinner /> : <SearchIcon aria-hidden="true" />}
      <span className="hidden sm:inline">Connect Search Console</span>
    </button>
  )
}
