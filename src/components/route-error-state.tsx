import { ErrorPanel } from './fallbacks/error-panel'
import { useRetryRouteLoad } from './fallbacks/use-retry-route-load'

/**
 * The body of a route's `errorComponent` when the page keeps its frame and shows the failure in
 * place: the error panel, whose Try again clears React Query's error boundary and re-runs the
 * route's loaders (Try Again invalidates the router). Pass the errorComponent's `reset` to clear
 * the route's error boundary as well. Pages without a frame of their own get the router's
 * default, the route error page (src/components/fallbacks/route-error-page.tsx).
 */
export function RouteErrorState({ title, error, reset }: { title: string; error: unknown; reset?: () => void }) {
  const { retry, retrying } = useRetryRouteLoad(reset)
  return <ErrorPanel title={title} error={error} onRetry={() => void retry()} retrying={retrying} />
}
