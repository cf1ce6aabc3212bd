import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { ErrorState } from '~/components/error-state'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import { initialSetupStep } from '~/shared/setup-step'
import { currentBusiness } from '../shell/current-business'
import { SetupStepper } from './setup-stepper'

const appRoute = getRouteApi('/_app')

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

  // spec §3: "the setup view also treats a competitors list on the business" (business.list).
  const business = currentBusiness(businesses.data, user.selectedBusiness)
  return <SetupStepper currentStep={initialSetupStep(business, business?.competitors.length ?? 0)} />
}
