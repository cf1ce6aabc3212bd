import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SiteFooter } from '~/components/site-footer'
import { loadPublicVisitor } from '~/features/public/public-session'
import { SiteHeader } from '~/features/public/site-header'

/** The public site (landing, blog, legal): top navigation and footer around every page. */
export const Route = createFileRoute('/_public')({
  // Who the header is for ("Start ranking" → app, Google or sign-in). Between public pages the
  // answer is kept and revalidated in the background, so moving around never waits for it; once
  // the visitor leaves for the app it is dropped (gcTime 0), so coming back after signing out
  // there reads it afresh instead of showing the signed-in header first.
  loader: loadPublicVisitor,
  gcTime: 0,
  component: PublicLayout,
})

function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
