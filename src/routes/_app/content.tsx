import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '~/components/page-header'
import { AllowanceNotice } from '~/features/content/allowance-notice'
import { ArticlesList } from '~/features/content/articles-list'
import { pageTitle } from '~/features/page-title'
import { orpc } from '~/lib/orpc'

export const Route = createFileRoute('/_app/content')({
  // The current business (from the business list) is known before rendering, on the server too.
  loader: ({ context }) => context.queryClient.ensureQueryData(orpc.business.list.queryOptions()),
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Content', matches) }] }),
  component: ContentPage,
})

function ContentPage() {
  return (
    <>
      <PageHeader title="Content" description="The articles written for your business." />
      <AllowanceNotice />
      <ArticlesList />
    </>
  )
}
