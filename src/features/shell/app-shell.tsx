import { getRouteApi, useRouterState } from '@tanstack/react-router'
import { MenuIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { AppLogo } from '~/components/app-logo'
import { MAIN_CONTENT_ID, SkipLink } from '~/components/skip-link'
import { Button } from '~/components/ui/button'
import { Sheet, SheetContent, SheetTrigger } from '~/components/ui/sheet'
import { isOnboardingPath } from '~/shared/access-gate'
import { AccountMenu } from './account-menu'
import { BusinessSwitcher } from './business-switcher'
import { MainNav } from './main-nav'

const rootRoute = getRouteApi('__root__')

/**
 * The signed-in layout. /paywall and /setup (where the gate sends users without a plan or a
 * business) get a plain top bar: the sections and the switcher would only lead back to the gate.
 */
export function AppShell({ children }: { children: ReactNode }) {
  // The page on screen decides, not the address: while a navigation loads, the previous page stays
  // shown, and handing it to the other shell early would remount it, refetching its queries (those
  // of a business just deleted answer NOT_FOUND).
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname })
  return isOnboardingPath(pathname) ? <OnboardingShell>{children}</OnboardingShell> : <SidebarShell>{children}</SidebarShell>
}

function SidebarShell({ children }: { children: ReactNode }) {
  const { appName } = rootRoute.useLoaderData()
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <div className="min-h-screen md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink />
      <aside className="sticky top-0 hidden h-[calc(100vh-var(--demo-banner-height,0px))] flex-col gap-4 border-r border-border bg-card/50 p-3 md:flex">
        <AppLogo appName={appName} to="/content" className="px-2 pt-1" />
        <BusinessSwitcher />
        <MainNav />
        <div className="mt-auto border-t border-border pt-3">
          <AccountMenu />
        </div>
      </aside>

      {/* Small screens: the sidebar becomes a top bar whose menu opens the same sections. */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur md:hidden">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open menu">
              <MenuIcon aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent title="Menu">
            <AppLogo appName={appName} to="/content" className="px-2 pt-1" />
            <BusinessSwitcher />
            <MainNav onNavigate={() => setMenuOpen(false)} />
          </SheetContent>
        </Sheet>
        <AppLogo appName={appName} to="/content" />
        <div className="ml-auto">
          <AccountMenu compact />
        </div>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 px-4 py-6 outline-none md:px-8 md:py-8">
        <div className="mx-auto max-w-7xl">{children}</div>
      </main>
    </div>
  )
}

function OnboardingShell({ children }: { children: ReactNode }) {
  const { appName } = rootRoute.useLoaderData()
  return (
    <div className="min-h-screen">
      <SkipLink />
      <header className="flex h-14 items-center border-b border-border px-4 md:px-8">
        <AppLogo appName={appName} />
        <div className="ml-auto">
          <AccountMenu compact showSettings={false} />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="px-4 py-8 outline-none md:px-8">
        <div className="mx-auto max-w-4xl">{children}</div>
      </main>
    </div>
  )
}
