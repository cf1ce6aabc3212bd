import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { legalBreadcrumbs, legalHead } from '~/features/legal/legal-head'
import { LegalDocument } from '~/features/legal/legal-document'
import { PrivacyPolicy, PrivacySummary } from '~/features/legal/privacy-policy'
import { PRIVACY_PAGE } from '~/features/seo/public-pages'

const rootRoute = getRouteApi('__root__')

export const Route = createFileRoute('/_public/privacy-policy')({
  head: ({ matches }) => legalHead(PRIVACY_PAGE, matches),
  component: PrivacyPage,
})

function PrivacyPage() {
  const { appName } = rootRoute.useLoaderData()
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={PRIVACY_PAGE.lastModified!}
      breadcrumbs={legalBreadcrumbs(PRIVACY_PAGE)}
      summary={<PrivacySummary appName={appName} />}
    >
      <PrivacyPolicy appName={appName} />
    </LegalDocument>
  )
}
