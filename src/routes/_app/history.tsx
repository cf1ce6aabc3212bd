import { createFileRoute } from '@tanstack/react-router'
import { HistoryIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { PageHeader } from '~/components/page-header'
import { pageTitle } from '~/features/page-title'

export const Route = createFileRoute('/_app/history')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle('History', matches) }] }),
  component: HistoryPage,
})

function HistoryPage() {
  return (
    <>
      <PageHeader title="History" description="What has been done for your business, and when." />
      <EmptyState
        icon={HistoryIcon}
        title="Nothing here yet"
        description="Site analyses, keyword research runs, and articles written and published will be listed here with their dates, newest first. The first entries appear when setup finishes and research starts."
      />
    </>
  )
}
