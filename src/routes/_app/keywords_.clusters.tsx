import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '~/components/page-header'
import { pageTitle } from '~/features/page-title'
import { orpc } from '~/lib/orpc'
import { ClustersScreen } from '~/features/research/clusters-screen'
import { KeywordsTabs } from '~/features/research/keywords-tabs'

export const Route = createFileRoute('/_app/keywords_/clusters')({
  // The current business (from the business list) is known before rendering, on the server too.
  loader: ({ context }) => context.queryClient.ensureQueryData(orpc.business.list.queryOptions()),
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Topic clusters', matches) }] }),
  component: ClustersPage,
})

function ClustersPage() {
  return (
    <>
      <PageHeader title="Keywords" description="The searches your articles are planned around, grouped into topics." />
      <KeywordsTabs />
      <ClustersScreen />
    </>
  )
}
