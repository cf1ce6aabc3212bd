import { Link, useRouter } from '@tanstack/react-router'
import { ArrowLeftIcon, HouseIcon } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { SiteFooter } from '~/components/site-footer'

/** The 404 page's sentence (docs/product/routes.md). */
export const NOT_FOUND_MESSAGE = 'The page you are looking for does not exist.'

/**
 * The 404 page (docs/product/routes.md): the root route's notFoundComponent, so every unmatched URL and every
 * `notFound()` thrown by a loader without a closer notFoundComponent ends here, served with HTTP
 * 404 (TanStack Start takes the status from the not-found match). It replaces the layouts, so
 * it carries the site footer itself.
 */
export function NotFoundPage() {
  const router = useRouter()
  const goBack = () => {
    if (window.history.length > 1) router.history.back()
    else void router.navigate({ to: '/' })
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="flex flex-1 items-center justify-center px-6 py-24">
        <section aria-labelledby="not-found-title" className="grid max-w-lg justify-items-center gap-4 text-center">
          <p className="text-sm font-semibold tracking-widest text-primary">404</p>
          <h1 id="not-found-title" className="text-3xl font-bold tracking-tight">
            Page not found
          </h1>
          <p className="text-pretty text-muted-foreground">{NOT_FOUND_MESSAGE}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Button variant="outline" onClick={goBack}>
              <ArrowLeftIcon aria-hidden="true" />
              Go back
            </Button>
            <Button asChild>
              <Link to="/">
                <HouseIcon aria-hidden="true" />
                Home
              </Link>
            </Button>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  )
}

/**
 * The router's `defaultNotFoundComponent`: TanStack's plain "Not Found" paragraph, in
 * the app's colours. It renders inside a layout, for a `notFound()` aimed at a route that has no
 * notFoundComponent of its own (`notFound({ routeId })`), or for a layout that opts in with
 * `notFoundComponent: NotFoundParagraph`. Unmatched URLs get the 404 page.
 */
export function NotFoundParagraph() {
  return <p className="p-6 text-muted-foreground">Not Found</p>
}
