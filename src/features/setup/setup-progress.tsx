import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { ErrorState } from '~/components/error-state'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import { initialSetupStep } from '~/shared/setup-step'
import { currentBusiness } from '../shell/current-business'
import { SetupStepper } from './setup-stepper'

const appRoute = getRouteApi('/_app')

/**
 * spec §3: "the setup view also treats a competitors list on the business". business.list rows
 * carry no competitors today, so a business without that list counts as having none.
 */
function competitorCountOf(business: object | undefined) {
  const competitors = (business as { competitors?: unknown } | undefined)?.competitors
  return Array.isArray(competitors) ? competitors.length : 0
}

/** Works out where setup continues from the user's current business, then shows the steps. */
export function SetupProgress() {
  const { user } = appRoute.useRouteContext()
  const businesses = useQuery(orpc.business.list.queryOptions())

  if (businesses.isPending) {
    return (
      <div role="status" aria-label="Loading your business" className="grid gap-2 sm:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    )
  }
  if (businesses.isError) {
    return <ErrorState title="Could not load your business" error={businesses.error} onRetry={() => businesses.refetch()} />
  }

  const business = currentBusiness(businesses.data, user.selectedBusiness)
  return <SetupStepper currentStep={initialSetupStep(business, competitorCountOf(business))} />
}
