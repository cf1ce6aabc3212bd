import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { HistoryCardFrame, HistoryScreen, HistoryTableSkeleton } from '~/features/history/history-screen'
import { historyListQuery } from '~/features/history/history-queries'
import { historySearchToUrl, parseHistorySearch, type HistorySearch, type HistoryUrlSearch } from '~/features/history/history-search'
import { pageTitle } from '~/features/page-title'
import { orpc } from '~/lib/orpc'
import { HISTORY_RETENTION_MONTHS } from '~/shared/history'

export const Route = createFileRoute('/_app/history')({
  // Page, rows per page, kind, status and days live in the URL (docs/product/history.md); a
  // value that does not fit falls back to its default, never an error page.
  validateSearch: (search: HistoryUrlSearch & SearchSchemaInput): HistoryUrlSearch => historySearchToUrl(parseHistorySearch(search)),
  loaderDeps: ({ search }): HistorySearch => parseHistorySearch(search),
  loader: async ({ context, deps, cause }) => {
    const businesses = await context.queryClient.ensureQueryData(orpc.business.list.queryOptions())
    const current = businesses.find((business) => business.isCurrent)
    if (!current) return
    const query = historyListQuery(current.id, deps)
    if (cause === 'stay') {
      void context.queryClient.prefetchQuery(query)
      return
    }
    await context.queryClient.ensureQueryData(query)
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('History', matches) }] }),
  pendingComponent: () => (
    <>
      <HistoryHeader />
      <HistoryTableSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <HistoryHeader />
      <HistoryCardFrame>
        <RouteErrorState title="Could not load the history" error={error} reset={reset} />
      </HistoryCardFrame>
    </>
  ),
  component: HistoryPage,
})

function HistoryHeader() {
  return (
    <PageHeader
      title="History"
      description={`What has been done for your business and your account, and when: kept for ${HISTORY_RETENTION_MONTHS} months.`}
    />
  )
}

function HistoryPage() {
  const urlSearch = Route.useSearch()
  const search = useMemo(() => parseHistorySearch(urlSearch), [urlSearch])
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (next: HistorySearch, options?: { replace?: boolean }) =>
      void navigate({ search: historySearchToUrl(next), replace: options?.replace ?? false }),
    [navigate],
  )
  const businesses = useQuery(orpc.business.list.queryOptions())
  const businessId = businesses.data?.find((business) => business.isCurrent)?.id
  return (
    <>
      <HistoryHeader />
      {businessId ? (
        <HistoryScreen key={businessId} businessId={businessId} search={search} onSearchChange={onSearchChange} />
      ) : (
        <HistoryTableSkeleton />
      )}
    </>
  )
}
