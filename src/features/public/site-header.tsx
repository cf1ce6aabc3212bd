import { getRouteApi, Link } from '@tanstack/react-router'
import { AppLogo } from '~/components/app-logo'
import { cn } from '~/lib/utils'
import { usePublicVisitor } from './public-session'
import { ConnectSearchConsoleButton, SignInLink, StartRankingLink, useSearchConsoleActionShown } from './start-ranking'

const rootRoute = getRouteApi('__root__')

/**
 * The public site's top navigation (docs/product/routes.md): logo → `/`, Blog, and the account actions
 * ("Sign in" and "Start ranking" signed out; the Search Console action and "Start ranking" signed
 * in). So few items fit a phone without a menu: the Search Console action shrinks to its icon
 * there, and on the narrowest screens, when a third item shows, the logo keeps only its tile (the
 * name stays the link's accessible name).
 */
export function SiteHeader() {
  const { appName } = rootRoute.useLoaderData()
  const { signedIn } = usePublicVisitor()
  const crowded = useSearchConsoleActionShown() || !signedIn
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label="Site" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-6 sm:px-6">
        <AppLogo
          appName={appName}
          className={cn('mr-auto text-base', crowded && 'max-[379px]:[&>span:last-child]:sr-only')}
        />
        <Link
          to="/blog"
          className="rounded-md px-1.5 py-1 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
          activeProps={{ className: 'text-foreground', 'aria-current': 'page' }}
        >
          Blog
        </Link>
        <ConnectSearchConsoleButton />
        <SignInLink className="h-8 px-2 sm:h-9 sm:px-3" />
        <StartRankingLink className="h-8 px-3 sm:h-9 sm:px-4" />
      </nav>
    </header>
  )
}
