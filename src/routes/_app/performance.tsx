import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { pageTitle } from '~/features/page-title'
import { PerformanceScreen, PerformanceSkeleton } from '~/features/performance/performance-screen'
import { performanceQuery } from '~/features/performance/performance-queries'
import {
  parsePerformanceSearch,
  parseTopFilters,
  performanceSearchToUrl,
  topFiltersToUrl,
  type PerformanceSearch,
  type PerformanceUrlSearch,
  type TopFilters,
} from '~/features/performance/performance-search'
import { useCurrentBusinessId } from '~/features/research/research-panel'
import { orpc } from '~/lib/orpc'

export const Route = createFileRoute('/_app/performance')({
  // The date range and the tables' text filters live in the URL; a range that does not fit falls
  // back to the last 28 days, a filter the server would refuse is dropped.
  validateSearch: (search: PerformanceUrlSearch & SearchSchemaInput): PerformanceUrlSearch => ({
    ...performanceSearchToUrl(parsePerformanceSearch(search, new Date()), new Date()),
    ...topFiltersToUrl(parseTopFilters(search)),
  }),
  loaderDeps: ({ search }): PerformanceSearch => parsePerformanceSearch(search, new Date()),
  loader: async ({ context, deps, cause }) => {
    const businesses = await context.queryClient.ensureQueryData(orpc.business.list.queryOptions())
    const current = businesses.find((business) => business.isCurrent)
    if (!current) return
    const query = performanceQuery(current.id, deps)
    if (cause === 'stay') {
      void context.queryClient.prefetchQuery(query)
      return
    }
    await context.queryClient.ensureQueryData(query)
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Performance', matches) }] }),
  pendingComponent: () => (
    <>
      <PerformanceHeader />
      <PerformanceSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <PerformanceHeader />
      <RouteErrorState title="Could not load the performance" error={error} reset={reset} />
    </>
  ),
  component: PerformancePage,
})

function PerformanceHeader() {
  return <PageHeader title="Performance" description="How your site does in Google search, from Search Console." />
}

function PerformancePage() {
  const urlSearch = Route.useSearch()
  const now = useMemo(() => new Date(), [])
  const search = useMemo(() => parsePerformanceSearch(urlSearch, now), [urlSearch, now])
  const filters = useMemo(() => parseTopFilters(urlSearch), [urlSearch])
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (next: PerformanceSearch) => void navigate({ search: { ...performanceSearchToUrl(next, now), ...topFiltersToUrl(filters) } }),
    [navigate, now, filters],
  )
  // Typing a filter replaces the history entry instead of adding one per pause (as the tables' filters do).
  const onFiltersChange = useCallback(
    (next: TopFilters) =>
      void navigate({ search: { ...performanceSearchToUrl(search, now), ...topFiltersToUrl(next) }, replace: true, resetScroll: false }),
    [navigate, now, search],
  )
  const businessId = useCurrentBusinessId()
  return (
    <>
      <PerformanceHeader />
      {businessId ? (
        <PerformanceScreen
          key={businessId}
          businessId={businessId}
          search={search}
          onSearchChange={onSearchChange}
          filters={filters}
          onFiltersChange={onFiltersChange}
          now={now}
        />
      ) : (
        <PerformanceSkeleton />
      )}
    </>
  )
}
