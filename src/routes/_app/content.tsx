import { createFileRoute } from '@tanstack/react-router'
import { FileTextIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { PageHeader } from '~/components/page-header'
import { pageTitle } from '~/features/page-title'

export const Route = createFileRoute('/_app/content')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Content', matches) }] }),
  component: ContentPage,
})

function ContentPage() {
  return (
    <>
      <PageHeader title="Content" description="The articles written for your business." />
      <EmptyState
        icon={FileTextIcon}
        title="No articles yet"
        description="Drafts, scheduled posts and published articles will be listed here. Each article is written for one of the keywords planned on the Keywords page, once your business setup is finished."
      />
    </>
  )
}
