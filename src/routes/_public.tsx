import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SiteFooter } from '~/features/public/site-footer'
import { SiteHeader } from '~/features/public/site-header'

/** The public site (landing, blog, legal): top navigation and footer around every page. */
export const Route = createFileRoute('/_public')({
  component: PublicLayout,
})

function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
