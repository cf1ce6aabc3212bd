import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { integrationListQuery } from '~/features/integrations/integrations-queries'
import { IntegrationsScreen, IntegrationsSkeleton } from '~/features/integrations/integrations-screen'
import { pageTitle } from '~/features/page-title'
import { useCurrentBusinessId } from '~/features/research/research-panel'
import { orpc } from '~/lib/orpc'

export const Route = createFileRoute('/_app/integrations')({
  loader: async ({ context }) => {
    const businesses = await context.queryClient.ensureQueryData(orpc.business.list.queryOptions())
    const current = businesses.find((business) => business.isCurrent)
    if (current) await context.queryClient.ensureQueryData(integrationListQuery(current.id))
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Integrations', matches) }] }),
  pendingComponent: () => (
    <>
      <IntegrationsHeader />
      <IntegrationsSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <IntegrationsHeader />
      <RouteErrorState title="Could not load your integrations" error={error} reset={reset} />
    </>
  ),
  component: IntegrationsPage,
})

function IntegrationsPage() {
  const businessId = useCurrentBusinessId()
  return (
    <>
      <IntegrationsHeader />
      {businessId && <IntegrationsScreen businessId={businessId} />}
    </>
  )
}

function IntegrationsHeader() {
  return (
    <PageHeader title="Integrations" description="Where your articles are published, and the services your business is connected to." />
  )
}
