import { useRetryRouteLoad } from './fallbacks/use-retry-route-load'
import { ErrorState } from './error-state'

/**
 * The body of a route's `errorComponent` when the page keeps its frame and shows the failure as
 * a list state (design.md): Try again clears React Query's error boundary and re-runs the
 * route's loaders (spec §8: "Try Again invalidates the router"). Pass the errorComponent's
 * `reset` to clear the route's error boundary as well. Pages without a designed error state get
 * the router's default, the route error page (src/components/fallbacks/route-error-page.tsx).
 */
export function RouteErrorState({ title, error, reset }: { title: string; error: unknown; reset?: () => void }) {
  const { retry } = useRetryRouteLoad(reset)
  return <ErrorState title={title} error={error} onRetry={() => void retry()} />
}
