import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { pageTitle } from '~/features/page-title'
import { PlanCards, PlanCardsSkeleton } from '~/features/paywall/plan-cards'
import { billingOverviewQuery, planListQuery } from '~/features/paywall/paywall-queries'

export const Route = createFileRoute('/_app/paywall')({
  // The plans, fetched before the page renders (docs/decisions/0019-screen-data-loading.md).
  loader: async ({ context }) => {
    // The current plan mark comes from billing.overview; prefetched (never throws) so it renders
    // with the cards, while a failure of it still shows the plans. It needs a plan: without one
    // it would answer PLAN_REQUIRED, a redirect to this very page.
    await Promise.all([
      context.queryClient.ensureQueryData(planListQuery()),
      context.user.plan ? context.queryClient.prefetchQuery(billingOverviewQuery()) : undefined,
    ])
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Choose your plan', matches) }] }),
  pendingComponent: () => (
    <>
      <PaywallHeader />
      <PlanCardsSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <PaywallHeader />
      <RouteErrorState title="Could not load the plans" error={error} reset={reset} />
    </>
  ),
  component: () => (
    <>
      <PaywallHeader />
      <PlanCards />
    </>
  ),
})

function PaywallHeader() {
  return (
    <PageHeader
      title="Choose your plan"
      description="Plans differ in how many businesses you can run and how many articles are written for you each month."
    />
  )
}
