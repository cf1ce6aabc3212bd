import { createFileRoute, Link, type SearchSchemaInput } from '@tanstack/react-router'
import { CalendarDaysIcon, ListIcon } from 'lucide-react'
import { useCallback, useMemo } from 'react'
import { PageHeader } from '~/components/page-header'
import { Skeleton } from '~/components/ui/skeleton'
import { AllowanceNotice } from '~/features/content/allowance-notice'
import { ArticlesTable } from '~/features/content/articles-table'
import { ContentCalendar } from '~/features/content/content-calendar'
import {
  contentSearchToUrl,
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
  // The current business (from the business list) is known before rendering, on the server too.
  loader: ({ context }) => context.queryClient.ensureQueryData(orpc.business.list.queryOptions()),
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Content', matches) }] }),
  component: ContentPage,
})

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
    <>
      <PageHeader title="Content" description="The articles written for your business, on their days." />
      <AllowanceNotice />
      <div role="tablist" aria-label="Content view" className="mb-4 inline-flex gap-1 rounded-lg border border-border p-1">
        {tab('calendar', 'Calendar', CalendarDaysIcon)}
        {tab('list', 'List', ListIcon)}
      </div>
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
