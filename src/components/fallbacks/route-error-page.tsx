import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ArrowLeftIcon, HouseIcon, RotateCwIcon, TriangleAlertIcon } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { errorMessageOf } from '~/lib/query-client'
import { cn } from '~/lib/utils'
import { useRetryRouteLoad } from './use-retry-route-load'

/**
 * The route error page (docs/product/routes.md): what failed, the error's message, and three ways on —
 * Try Again (re-runs route loading), Go Back and Home. The router's `defaultErrorComponent`, so
 * it renders where the failed route would have: inside its layout, or as the whole page for
 * the root route (`fullPage`).
 */
export function RouteErrorPage({ error, reset, fullPage = false }: ErrorComponentProps & { fullPage?: boolean }) {
  const router = useRouter()
  const { retry, retrying } = useRetryRouteLoad(reset)

  const goBack = () => {
    if (window.history.length > 1) router.history.back()
    else void router.navigate({ to: '/' })
  }

  return (
    <div className={cn('flex w-full flex-1 items-center justify-center px-6 py-16', fullPage && 'min-h-dvh')}>
      <section aria-labelledby="route-error-title" className="grid w-full max-w-lg justify-items-center gap-4 text-center">
        <TriangleAlertIcon aria-hidden="true" className="size-10 text-red-400" />
        <h1 id="route-error-title" className="text-2xl font-semibold tracking-tight">
          This page could not be loaded
        </h1>
        <p role="alert" className="text-pretty text-muted-foreground">
          {errorMessageOf(error)}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Button onClick={() => void retry()} disabled={retrying} aria-busy={retrying || undefined}>
            <RotateCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
            Try Again
          </Button>
          <Button variant="outline" onClick={goBack}>
            <ArrowLeftIcon aria-hidden="true" />
            Go Back
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/">
              <HouseIcon aria-hidden="true" />
              Home
            </Link>
          </Button>
        </div>
      </section>
    </div>
  )
}

/** The root route's errorComponent: the same page, filling the window. */
export function RootErrorPage(props: ErrorComponentProps) {
  return <RouteErrorPage {...props} fullPage />
}
