import { createFileRoute, Link, type SearchSchemaInput } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { CalendarDaysIcon, ListIcon } from 'lucide-react'
import { useCallback, useMemo } from 'react'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { Skeleton } from '~/components/ui/skeleton'
import { billingOverviewQuery } from '~/features/billing/billing-queries'
import { AllowanceNotice } from '~/features/content/allowance-notice'
import { ArticlesTable } from '~/features/content/articles-table'
import { ContentCalendar } from '~/features/content/content-calendar'
import { articleListQuery, calendarQuery } from '~/features/content/content-queries'
import {
  contentSearchToUrl,
  monthOf,
  openingMonth,
  parseContentSearch,
  validateContentSearch,
  type ContentSearch,
  type ContentUrlSearch,
} from '~/features/content/content-search'
import { pageTitle } from '~/features/page-title'
import { useCurrentBusinessId } from '~/features/research/research-panel'
import { orpc } from '~/lib/orpc'
import { cn } from '~/lib/utils'
import type { TableSearch } from '~/shared/data-table/search-state'

export const Route = createFileRoute('/_app/content')({
  // The view (calendar or list), the calendar's month and the list's filters, sort and page live in
  // the URL; a bad value falls back to its default, never an error page.
  validateSearch: (search: ContentUrlSearch & SearchSchemaInput): ContentUrlSearch => validateContentSearch(search),
  loaderDeps: ({ search }): ContentSearch => parseContentSearch(search),
  // The current business, then the month of its plan or the list's page, are fetched before the
  // screen renders, on the server too (docs/decisions/0019-screen-data-loading.md). The allowance
  // notice's overview is prefetched (never throws): without it the screen shows no notice.
  loader: async ({ context, deps, cause }) => {
    const { queryClient } = context
    const [businesses] = await Promise.all([
      queryClient.ensureQueryData(orpc.business.list.queryOptions()),
      queryClient.prefetchQuery(billingOverviewQuery()),
    ])
    const current = businesses.find((business) => business.isCurrent)
    if (!current) return
    const view = loadContentView(queryClient, current.id, deps)
    // Another month or page of the same screen: fetched meanwhile, the screen keeps what it shows.
    if (cause === 'stay') {
      void view.catch(() => undefined)
      return
    }
    await view
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Content', matches) }] }),
  pendingComponent: function ContentPending() {
    return (
      <>
        <ContentHeader />
        <ContentTabs search={parseContentSearch(Route.useSearch())} />
        <Skeleton className="h-96 w-full" aria-label="Loading your content" />
      </>
    )
  },
  errorComponent: function ContentError({ error, reset }) {
    const search = parseContentSearch(Route.useSearch())
    return (
      <>
        <ContentHeader />
        <ContentTabs search={search} />
        <RouteErrorState
          title={search.view === 'list' ? 'Could not load your articles' : 'Could not load the calendar'}
          error={error}
          reset={reset}
        />
      </>
    )
  },
  component: ContentPage,
})

/**
 * Fetches what the view shows: the list's page, or the calendar's month. Without a month in the
 * address, the current month's answer says which month the calendar opens on (openingMonth).
 */
async function loadContentView(queryClient: QueryClient, businessId: string, search: ContentSearch): Promise<void> {
  if (search.view === 'list') {
    await queryClient.ensureQueryData(articleListQuery(businessId, search.table))
    return
  }
  let month = search.month
  if (!month) {
    const thisMonth = monthOf(new Date())
    const current = await queryClient.ensureQueryData(calendarQuery(businessId, thisMonth))
    month = openingMonth(thisMonth, current.nextPlanned)
  }
  await queryClient.ensureQueryData(calendarQuery(businessId, month))
}

function ContentHeader() {
  return <PageHeader title="Content" description="The articles written for your business, on their days." />
}

/** Calendar or list, as links that keep the rest of the address. */
function ContentTabs({ search }: { search: ContentSearch }) {
  const tab = (view: ContentSearch['view'], label: string, Icon: typeof ListIcon) => (
    <Link
      to="/content"
      search={contentSearchToUrl({ ...search, view })}
      role="tab"
      aria-selected={search.view === view}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
        search.view === view ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </Link>
  )
  return (
    <div role="tablist" aria-label="Content view" className="mb-4 inline-flex gap-1 rounded-lg border border-border p-1">
      {tab('calendar', 'Calendar', CalendarDaysIcon)}
      {tab('list', 'List', ListIcon)}
    </div>
  )
}

function ContentPage() {
  const urlSearch = Route.useSearch()
  const search = useMemo(() => parseContentSearch(urlSearch), [urlSearch])
  const navigate = Route.useNavigate()
  const businessId = useCurrentBusinessId()
  const go = useCallback(
    (next: ContentSearch, options?: { replace?: boolean }) =>
      void navigate({ search: contentSearchToUrl(next), replace: options?.replace ?? false }),
    [navigate],
  )
  const onTableChange = useCallback(
    (table: TableSearch, options?: { replace?: boolean }) => go({ ...search, table }, options),
    [go, search],
  )
  return (
    <>
      <ContentHeader />
      <AllowanceNotice />
      <ContentTabs search={search} />
      {!businessId ? (
        <Skeleton className="h-96 w-full" aria-label="Loading your content" />
      ) : search.view === 'calendar' ? (
        <ContentCalendar businessId={businessId} month={search.month} onMonthChange={(month) => go({ ...search, month })} />
      ) : (
        <ArticlesTable businessId={businessId} search={search.table} onSearchChange={onTableChange} />
      )}
    </>
  )
}
