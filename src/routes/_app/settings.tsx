import { createFileRoute } from '@tanstack/react-router'
import { SlidersHorizontalIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { PageHeader } from '~/components/page-header'
import { pageTitle } from '~/features/page-title'
import { AccountCard } from '~/features/settings/account-card'

export const Route = createFileRoute('/_app/settings')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Settings', matches) }] }),
  component: SettingsPage,
})

function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Your account and how articles are written for your business." />
      <div className="grid gap-6">
        <AccountCard />
        <EmptyState
          icon={SlidersHorizontalIcon}
          title="Article settings"
          description="Language, tone, images, calls to action, internal links and automatic publishing for the current business will be set here. Until then every business starts from the defaults: English, an informative tone, and automatic publishing."
        />
      </div>
    </>
  )
}
