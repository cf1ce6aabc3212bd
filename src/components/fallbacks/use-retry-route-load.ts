import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback, useState } from 'react'

/**
 * "Try Again" for a failed route (it invalidates the router): clears React Query's
 * error boundary so suspense queries fetch again, re-runs the route loaders with
 * `router.invalidate()`, then resets the route's error boundary (`reset`, given to every
 * errorComponent) so the page renders once the data is there. `retrying` is true meanwhile.
 */
export function useRetryRouteLoad(reset?: () => void) {
  const router = useRouter()
  const queryErrorBoundary = useQueryErrorResetBoundary()
  const [retrying, setRetrying] = useState(false)
  const retry = useCallback(async () => {
    setRetrying(true)
    try {
      queryErrorBoundary.reset()
      await router.invalidate()
      reset?.()
    } finally {
      setRetrying(false)
    }
  }, [router, queryErrorBoundary, reset])
  return { retry, retrying }
}
