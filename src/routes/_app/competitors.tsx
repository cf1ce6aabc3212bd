import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { Skeleton } from '~/components/ui/skeleton'
import { CompetitorList } from '~/features/competitors/competitor-list'
import { competitorListQuery, gapQuery } from '~/features/competitors/competitors-queries'
import { gapSearchToUrl, parseGapSearch, validateGapSearch, type GapUrlSearch } from '~/features/competitors/gap-search'
import { KeywordGap } from '~/features/competitors/keyword-gap'
import type { TableSearchChange } from '~/components/data-table/data-table-toolbar'
import { pageTitle } from '~/features/page-title'
import { useCurrentBusinessId } from '~/features/research/research-panel'
import { orpc } from '~/lib/orpc'
import type { TableSearch } from '~/shared/data-table/search-state'

export const Route = createFileRoute('/_app/competitors')({
  // The gap table's page, sort and filters live in the URL, like the Keywords table's.
  validateSearch: (search: GapUrlSearch & SearchSchemaInput): GapUrlSearch => validateGapSearch(search),
  loaderDeps: ({ search }): TableSearch => parseGapSearch(search),
  loader: async ({ context, deps, cause }) => {
    const businesses = await context.queryClient.ensureQueryData(orpc.business.list.queryOptions())
    const current = businesses.find((business) => business.isCurrent)
    if (!current) return
    if (cause === 'stay') {
      void context.queryClient.prefetchQuery(gapQuery(current.id, deps))
      return
    }
    await Promise.all([
      context.queryClient.ensureQueryData(competitorListQuery(current.id)),
      context.queryClient.ensureQueryData(gapQuery(current.id, deps)),
    ])
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Competitors', matches) }] }),
  pendingComponent: () => (
    <>
      <CompetitorsHeader />
      <div role="status" aria-label="Loading your competitors" className="grid gap-4">
        <div className="grid gap-3 md:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
        <Skeleton className="h-96" />
      </div>
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <CompetitorsHeader />
      <RouteErrorState title="Could not load your competitors" error={error} reset={reset} />
    </>
  ),
  component: CompetitorsPage,
})

function CompetitorsPage() {
  const urlSearch = Route.useSearch()
  const search = useMemo(() => parseGapSearch(urlSearch), [urlSearch])
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback<TableSearchChange>(
    (next, options) => void navigate({ search: gapSearchToUrl(next), replace: options?.replace ?? false }),
    [navigate],
  )
  const businessId = useCurrentBusinessId()
  return (
    <>
      <CompetitorsHeader />
      {businessId && <CompetitorsScreen businessId={businessId} search={search} onSearchChange={onSearchChange} />}
    </>
  )
}

function CompetitorsScreen({
  businessId,
  search,
  onSearchChange,
}: {
  businessId: string
  search: TableSearch
  onSearchChange: TableSearchChange
}) {
  const { data } = useSuspenseQuery(competitorListQuery(businessId))
  const analysed = data.competitors.some((item) => item.keywordCount > 0)
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-8">
      <CompetitorList businessId={businessId} />
      <KeywordGap businessId={businessId} analysed={analysed} search={search} onSearchChange={onSearchChange} />
    </div>
  )
}

function CompetitorsHeader() {
  return (
    <PageHeader
      title="Competitors"
      description="The sites you compete with for search traffic, what they rank for, and the searches your plan is missing."
    />
  )
}
