import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { firstKeywordPageQuery } from '~/features/keywords/keyword-queries'
import { KeywordsCard, KeywordsCardFrame, KeywordsCardSkeleton } from '~/features/keywords/keywords-card'
import { pageTitle } from '~/features/page-title'

export const Route = createFileRoute('/_app/keywords')({
  // spec §2: the keyword list is fetched before the screen renders.
  loader: ({ context }) => context.queryClient.ensureQueryData(firstKeywordPageQuery()),
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Keywords', matches) }] }),
  pendingComponent: () => (
    <>
      <KeywordsHeader />
      <KeywordsCardSkeleton />
    </>
  ),
  errorComponent: ({ error }) => (
    <>
      <KeywordsHeader />
      <KeywordsCardFrame>
        <RouteErrorState title="Could not load your keywords" error={error} />
      </KeywordsCardFrame>
    </>
  ),
  component: () => (
    <>
      <KeywordsHeader />
      <KeywordsCard />
    </>
  ),
})

function KeywordsHeader() {
  return <PageHeader title="Keywords" description="The searches your articles are planned around." />
}
