import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { legalBreadcrumbs, legalHead } from '~/features/legal/legal-head'
import { LegalDocument } from '~/features/legal/legal-document'
import { TermsOfService, TermsSummary } from '~/features/legal/terms-of-service'
import { TERMS_PAGE } from '~/features/seo/public-pages'

const rootRoute = getRouteApi('__root__')

export const Route = createFileRoute('/_public/terms-of-service')({
  head: ({ matches }) => legalHead(TERMS_PAGE, matches),
  component: TermsPage,
})

function TermsPage() {
  const { appName } = rootRoute.useLoaderData()
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated={TERMS_PAGE.lastModified!}
      breadcrumbs={legalBreadcrumbs(TERMS_PAGE)}
      summary={<TermsSummary appName={appName} />}
    >
      <TermsOfService appName={appName} />
    </LegalDocument>
  )
}
