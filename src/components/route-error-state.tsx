import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { ErrorState } from './error-state'

/**
 * The body of a route's `errorComponent` for a failed loader: Try again clears React Query's
 * error boundary and re-runs the route's loaders (spec §8: "Try Again invalidates the router").
 */
export function RouteErrorState({ title, error }: { title: string; error: unknown }) {
  const router = useRouter()
  const queryErrorBoundary = useQueryErrorResetBoundary()
  return (
    <ErrorState
      title={title}
      error={error}
      onRetry={() => {
        queryErrorBoundary.reset()
        void router.invalidate()
      }}
    />
  )
}
