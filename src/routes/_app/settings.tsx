import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { ERROR_CODE_PATTERN, oauthErrorMessage } from '~/features/auth/social-providers'
import { pageTitle } from '~/features/page-title'
import { BillingSection } from '~/features/billing/billing-section'
import { DeleteBusinessCard } from '~/features/business/delete-business-card'
import { AccountCard } from '~/features/settings/account-card'
import { ApiKeysCard } from '~/features/settings/api-keys-card'
import { BusinessSettings, BusinessSettingsSkeleton } from '~/features/settings/business-settings'
import { DeleteAccountCard } from '~/features/settings/delete-account-card'
import { LinkedAccountsCard } from '~/features/settings/linked-accounts-card'
import { NotificationsCard } from '~/features/settings/notifications-card'
import { PasswordCard } from '~/features/settings/password-card'
import { SessionsCard } from '~/features/settings/sessions-card'
import { apiKeyListQuery, billingOverviewQuery, businessListQuery, businessSettingsQuery } from '~/features/settings/settings-queries'
import { toast } from '~/lib/toast'

interface SettingsSearch {
  /** better-auth's error code after a failed "Link …" round trip to a provider. */
  error?: string
}

export const Route = createFileRoute('/_app/settings')({
  validateSearch: (search: Record<string, unknown>): SettingsSearch => ({
    error: typeof search.error === 'string' && ERROR_CODE_PATTERN.test(search.error) ? search.error : undefined,
  }),
  // The business's settings, its businesses, billing and API keys, fetched together before the
  // page renders (docs/decisions/0019-screen-data-loading.md).
  loader: async ({ context }) => {
    const { queryClient } = context
    await Promise.all([
      queryClient.ensureQueryData(businessSettingsQuery()),
      queryClient.ensureQueryData(businessListQuery()),
      queryClient.ensureQueryData(billingOverviewQuery()),
      queryClient.ensureQueryData(apiKeyListQuery()),
    ])
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Settings', matches) }] }),
  pendingComponent: () => (
    <>
      <SettingsHeader />
      <BusinessSettingsSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <SettingsHeader />
      <RouteErrorState title="Could not load your settings" error={error} reset={reset} />
    </>
  ),
  component: SettingsPage,
})

function SettingsHeader() {
  return (
    <PageHeader
      title="Settings"
      description="Your business, how its articles are written, your plan, notifications, API keys, and your account."
    />
  )
}

/**
 * Sections, each its own card stack: the business (profile, article settings), billing (plan,
 * usage this period, the Polar portal), notifications (emails), the API (keys), then the account.
 */
function SettingsPage() {
  const { error } = Route.useSearch()
  const navigate = Route.useNavigate()
  useEffect(() => {
    if (!error) return
    toast.error('Could not link the account', { description: oauthErrorMessage(error) })
    void navigate({ search: {}, replace: true })
  }, [error, navigate])

  return (
    <>
      <SettingsHeader />
      <div className="grid gap-10">
        <section aria-labelledby="settings-business-heading" className="grid gap-6">
          <h2 id="settings-business-heading" className="text-lg font-semibold">
            Business
          </h2>
          <BusinessSettings />
          <DeleteBusinessCard />
        </section>
        <section id="plan-and-billing" aria-labelledby="settings-billing-heading" className="grid scroll-mt-6 gap-6">
          <h2 id="settings-billing-heading" className="text-lg font-semibold">
            Plan and billing
          </h2>
          <BillingSection />
        </section>
        <section aria-labelledby="settings-notifications-heading" className="grid gap-6">
          <h2 id="settings-notifications-heading" className="text-lg font-semibold">
            Notifications
          </h2>
          <NotificationsCard />
        </section>
        <section aria-labelledby="settings-api-heading" className="grid gap-6">
          <h2 id="settings-api-heading" className="text-lg font-semibold">
            API
          </h2>
          <ApiKeysCard />
        </section>
        <section aria-labelledby="settings-account-heading" className="grid gap-6">
          <h2 id="settings-account-heading" className="text-lg font-semibold">
            Account
          </h2>
          <AccountCard />
          <PasswordCard />
          <LinkedAccountsCard />
          <SessionsCard />
          <DeleteAccountCard />
        </section>
      </div>
    </>
  )
}
