import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { CreditCardIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import { toast } from '~/lib/toast'
import { Skeleton } from '~/components/ui/skeleton'
import { cn } from '~/lib/utils'
import { formatDollars } from '../format'
import { PlanFeatures } from '../plans/plan-features'
import { orpc } from '~/lib/orpc'
import { billingOverviewQuery, planListQuery } from './paywall-queries'

const appRoute = getRouteApi('/_app')

/**
 * The plans from plan.getAll, cheapest first, with the user's current plan marked. The current
 * plan is read from billing.overview (the database): the session's copy can be a minute old right
 * after a checkout. Choosing a plan starts a Polar checkout and leaves for its page.
 */
export function PlanCards() {
  const { user } = appRoute.useRouteContext()
  const { data: plans } = useSuspenseQuery(planListQuery())
  // A paid procedure: asked only when the session has a plan (else PLAN_REQUIRED sends back here).
  const overview = useQuery({ ...billingOverviewQuery(), enabled: Boolean(user.plan) })
  const currentPlanId = overview.data ? (overview.data.plan?.id ?? null) : user.plan
  const checkout = useMutation(
    orpc.billing.checkout.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast.error('Could not start the checkout', { description: error.message }),
    }),
  )

  if (plans.length === 0) {
    return (
      <EmptyState
        icon={CreditCardIcon}
        title="No plans are offered yet"
        description="Plans are added when the service starts; each one will be listed here with its monthly price, how many businesses it covers and how many articles it writes."
      />
    )
  }

  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plans.map((plan) => {
        const isCurrent = plan.id === currentPlanId
        const choosing = checkout.isPending && checkout.variables?.planId === plan.id
        return (
          <li key={plan.id}>
            <Card
              className={cn('flex h-full flex-col', isCurrent && 'border-primary ring-1 ring-primary')}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle>{plan.name}</CardTitle>
                  {isCurrent && <Badge>Current plan</Badge>}
                </div>
                <CardDescription>{plan.description}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <p>
                  <span className="text-3xl font-semibold tracking-tight">{formatDollars(plan.price)}</span>
                  <span className="text-sm text-muted-foreground"> / month</span>
                </p>
                {plan.basePrice !== plan.price && (
                  <p className="text-sm text-muted-foreground">Base price {formatDollars(plan.basePrice)} a month</p>
                )}
                <PlanFeatures plan={plan} />
              </CardContent>
              <CardFooter className="mt-auto">
                {isCurrent ? (
                  <Button className="w-full" variant="outline" disabled>
                    Your current plan
                  </Button>
                ) : (
                  <Button
                    className="w-full"
                    // Success leaves the page for the checkout, so stay disabled until it does.
                    disabled={checkout.isPending || checkout.isSuccess}
                    onClick={() => checkout.mutate({ planId: plan.id })}
                  >
                    {choosing && <Spinner aria-hidden="true" />}
                    Choose {plan.name}
                  </Button>
                )}
              </CardFooter>
            </Card>
          </li>
        )
      })}
    </ul>
  )
}

/** Three card-shaped placeholders while the plans load. */
export function PlanCardsSkeleton() {
  return (
    <div role="status" aria-label="Loading plans" className="grid gap-4 md:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <Card key={index} className="grid gap-4 p-6">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-28" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-36" />
        </Card>
      ))}
    </div>
  )
}
