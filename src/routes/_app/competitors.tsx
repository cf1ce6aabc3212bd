import { createFileRoute } from '@tanstack/react-router'
import { SwordsIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { PageHeader } from '~/components/page-header'
import { pageTitle } from '~/features/page-title'

export const Route = createFileRoute('/_app/competitors')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Competitors', matches) }] }),
  component: CompetitorsPage,
})

function CompetitorsPage() {
  return (
    <>
      <PageHeader title="Competitors" description="The sites you compete with for search traffic." />
      <EmptyState
        icon={SwordsIcon}
        title="No competitors yet"
        description="Each competitor will be listed here with what it offers and how close it is to your business. You name them in the Competitors step of setup; keyword research needs at least two."
      />
    </>
  )
}
