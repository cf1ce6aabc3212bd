import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { pageTitle } from '~/features/page-title'
import { orpc } from '~/lib/orpc'
import { clusterListQuery } from '~/features/research/clusters-queries'
import { ClustersScreen, ClustersSkeleton } from '~/features/research/clusters-screen'
import { KeywordsTabs } from '~/features/research/keywords-tabs'
import { useCurrentBusinessId } from '~/features/research/research-panel'

export const Route = createFileRoute('/_app/keywords_/clusters')({
  // The current business (from the business list), then its topics, are fetched before the tab
  // renders, on the server too (docs/decisions/0019-screen-data-loading.md).
  loader: async ({ context }) => {
    const businesses = await context.queryClient.ensureQueryData(orpc.business.list.queryOptions())
    const current = businesses.find((business) => business.isCurrent)
    if (current) await context.queryClient.ensureQueryData(clusterListQuery(current.id))
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Topic clusters', matches) }] }),
  pendingComponent: () => (
    <>
      <ClustersHeader />
      <KeywordsTabs />
      <ClustersSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <ClustersHeader />
      <KeywordsTabs />
      <RouteErrorState title="Could not load your topics" error={error} reset={reset} />
    </>
  ),
  component: ClustersPage,
})

function ClustersPage() {
  const businessId = useCurrentBusinessId()
  return (
    <>
      <ClustersHeader />
      <KeywordsTabs />
      {businessId ? <ClustersScreen businessId={businessId} /> : <ClustersSkeleton />}
    </>
  )
}

function ClustersHeader() {
  return <PageHeader title="Keywords" description="The searches your articles are planned around, grouped into topics." />
}
