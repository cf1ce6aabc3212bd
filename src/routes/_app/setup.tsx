import { createFileRoute } from '@tanstack/react-router'
import { CircleCheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { AddedBusinessActions, NewBusinessSetup } from '~/features/business/new-business-setup'
import { pageTitle } from '~/features/page-title'
import { businessAllowanceQuery, setupStateQuery } from '~/features/setup/setup-queries'
import { SetupSkeleton, SetupWizard } from '~/features/setup/setup-wizard'

interface SetupSearch {
  /** true when the gate sends a user here straight after checkout (docs/product/routes.md). */
  checkout?: boolean
  /** Setup of an additional business: `new` before step 1 saves it, then its id. */
  business?: string
}

const BUSINESS_PARAM = /^(new|[0-9A-Za-z_-]{1,64})$/

export const Route = createFileRoute('/_app/setup')({
  // Only a real boolean counts (`?checkout=true`); any other value is dropped, never an error.
  // The key is always returned: the router merges validated search over the raw one, so an
  // omitted key would let `?checkout=yes` through unvalidated.
  validateSearch: (search: Record<string, unknown>): SetupSearch => ({
    checkout: typeof search.checkout === 'boolean' ? search.checkout : undefined,
    business: typeof search.business === 'string' && BUSINESS_PARAM.test(search.business) ? search.business : undefined,
  }),
  loaderDeps: ({ search }) => ({ business: search.business }),
  // Where setup stands (or, before an added business's step 1, whether the plan has room for it)
  // is fetched before the wizard renders (docs/decisions/0019-screen-data-loading.md).
  loader: async ({ context, deps }) => {
    if (deps.business === 'new') await context.queryClient.ensureQueryData(businessAllowanceQuery())
    else await context.queryClient.ensureQueryData(setupStateQuery(deps.business))
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Setup', matches) }] }),
  pendingComponent: () => (
    <>
      <SetupHeader />
      <SetupSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <SetupHeader />
      <RouteErrorState title="Could not load your business" error={error} reset={reset} />
    </>
  ),
  component: SetupPage,
})

/** "Setup" for the first business, "Add a business" for another one (`?business=`). */
function SetupHeader({ actions }: { actions?: ReactNode }) {
  const { business } = Route.useSearch()
  return business ? (
    <PageHeader
      title="Add a business"
      description="Five short steps tell us about this business before its keyword research starts."
      actions={actions}
    />
  ) : (
    <PageHeader title="Setup" description="Five short steps tell us about your business before keyword research starts." />
  )
}

function SetupPage() {
  const { checkout, business } = Route.useSearch()
  if (business) {
    return (
      <>
        <SetupHeader actions={<AddedBusinessActions businessId={business === 'new' ? undefined : business} />} />
        {business === 'new' ? <NewBusinessSetup /> : <SetupWizard key={business} businessId={business} />}
      </>
    )
  }
  return (
    <>
      {checkout === true && (
        <Alert variant="success" icon={<CircleCheckIcon />} className="mb-6">
          <AlertTitle>Payment received</AlertTitle>
          <AlertDescription>Your plan is active. Tell us about your business to start keyword research.</AlertDescription>
        </Alert>
      )}
      <SetupHeader />
      <SetupWizard />
    </>
  )
}
