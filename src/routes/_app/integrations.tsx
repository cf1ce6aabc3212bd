import { createFileRoute } from '@tanstack/react-router'
import { PlugIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { PageHeader } from '~/components/page-header'
import { pageTitle } from '~/features/page-title'

export const Route = createFileRoute('/_app/integrations')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Integrations', matches) }] }),
  component: IntegrationsPage,
})

function IntegrationsPage() {
  return (
    <>
      <PageHeader title="Integrations" description="The services your business is connected to." />
      <EmptyState
        icon={PlugIcon}
        title="No integrations connected"
        description="Google Search Console and the sites your articles are published to will be listed here. Search Console shows which searches already bring you visitors; a publishing connection puts finished articles live on schedule."
      />
    </>
  )
}
