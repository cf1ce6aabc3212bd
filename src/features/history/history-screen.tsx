import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { HistoryIcon } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableSkeleton } from '~/components/data-table/data-table-skeleton'
import { useDataTable } from '~/components/data-table/use-data-table'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import type { TableSearch } from '~/shared/data-table/search-state'
import {
  HISTORY_KIND_LABELS,
  HISTORY_KINDS,
  HISTORY_PAGE_SIZES,
  HISTORY_STATUS_LABELS,
  HISTORY_STATUSES,
  type HistoryKind,
  type HistoryStatus,
} from '~/shared/history'
import { formatCount } from '../format'
import { historyColumns, type HistoryRow } from './history-columns'
import { historyListQuery } from './history-queries'
import { hasHistoryFilters, type HistorySearch } from './history-search'

const NO_ROWS: HistoryRow[] = []
const ALL = 'all'

/** Wide enough for the Status and When columns; narrower, they move under each entry's title. */
function useWideScreen() {
  const [wide, setWide] = useState(true)
  useEffect(() => {
    const query = window.matchMedia('(min-width: 640px)')
    const update = () => setWide(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return wide
}

/** The card titled "Timeline" with the number of entries; the body is the table or a state. */
export function HistoryCardFrame({ total, children }: { total?: number; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <CardTitle>Timeline</CardTitle>
        {total !== undefined && (
          <Badge variant="secondary" aria-label={`${formatCount(total)} entries`}>
            {formatCount(total)}
          </Badge>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

export function HistoryTableSkeleton() {
  return (
    <HistoryCardFrame>
      <DataTableSkeleton
        aria-label="Loading the history"
        columnCount={3}
        rowCount={8}
        filterCount={4}
        withViewOptions={false}
        cellWidths={['24rem', '7rem', '11rem']}
      />
    </HistoryCardFrame>
  )
}

/** This billing period's articles against the plan (the plan's own usage, all businesses). */
function PeriodUsage() {
  const overview = useQuery(orpc.billing.overview.queryOptions())
  if (overview.isError) return null
  const data = overview.data
  return (
    <section
      aria-label="This period’s usage"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card px-4 py-3 text-sm"
    >
      {data ? (
        <p>
          <span className="font-medium">{data.plan ? `${data.plan.name} plan` : 'No plan'}</span>
          <span className="text-muted-foreground">
            {' · '}
            {formatCount(data.articlesUsed)} of {formatCount(data.articlesIncluded)} articles used this period
            {data.overArticles > 0 ? ` (${formatCount(data.overArticles)} extra)` : ''} · renews {data.renewsOn}
          </span>
        </p>
      ) : (
        <Skeleton className="h-5 w-72 max-w-full" />
      )}
      <Link to="/settings" hash="plan-and-billing" className="text-sm text-violet-300 underline-offset-4 hover:underline">
        Plan and billing
      </Link>
    </section>
  )
}

interface HistoryScreenProps {
  businessId: string
  search: HistorySearch
  onSearchChange: (next: HistorySearch, options?: { replace?: boolean }) => void
}

/** The History screen (docs/product/history.md): usage this period, then the timeline with its filters and pages. */
export function HistoryScreen({ businessId, search, onSearchChange }: HistoryScreenProps) {
  const query = useQuery(historyListQuery(businessId, search))
  const rows = query.data?.items ?? NO_ROWS
  const queryClient = useQueryClient()

  // A page past the end (entries gone, a stale link) shows the last page: the URL says so too.
  const answeredPage = query.data?.page
  useEffect(() => {
    if (answeredPage !== undefined && answeredPage !== search.page && !query.isPlaceholderData) {
      onSearchChange({ ...search, page: answeredPage }, { replace: true })
    }
  }, [answeredPage, search, onSearchChange, query.isPlaceholderData])

  const retry = useMutation(
    orpc.history.retry.mutationOptions({
      onSuccess: async (started) => {
        toast.success(
          started.kind === 'article'
            ? 'Writing the article again: it shows here when it is done.'
            : started.kind === 'publish'
              ? 'Publishing again: the article page shows where it went.'
              : started.kind === 'webhook'
                ? 'Sending the event to your webhook again.'
                : 'Keyword research started again.',
        )
        await queryClient.invalidateQueries({ queryKey: orpc.history.key() })
      },
    }),
  )
  const mutateRetry = retry.mutate
  const retrying = retry.isPending ? (retry.variables?.jobId ?? null) : null
  const columns = useMemo(
    () => historyColumns({ onRetry: (row) => row.retryJobId && mutateRetry({ businessId, jobId: row.retryJobId }), retrying }),
    [businessId, mutateRetry, retrying],
  )

  const tableSearch = useMemo<TableSearch>(
    () => ({ page: search.page, perPage: search.perPage, sort: [], filters: [], joinOperator: 'and' }),
    [search.page, search.perPage],
  )
  const { table } = useDataTable({
    data: rows,
    columns,
    rowCount: query.data?.total ?? 0,
    pageCount: query.data?.pageCount ?? 0,
    search: tableSearch,
    onSearchChange: (next) => onSearchChange({ ...search, page: next.page, perPage: next.perPage }),
    getRowId: (row) => row.id,
    enableRowSelection: false,
  })
  const wide = useWideScreen()
  useEffect(() => table.setColumnVisibility({ status: wide, at: wide }), [table, wide])

  const filtered = hasHistoryFilters(search)
  const resetFilters = () => onSearchChange({ page: 1, perPage: search.perPage })

  let body: React.ReactNode
  if (query.isError && !query.data) {
    body = <ErrorPanel title="Could not load the history" error={query.error} onRetry={() => void query.refetch()} />
  } else if (query.data && query.data.total === 0 && !filtered) {
    body = (
      <EmptyState
        icon={HistoryIcon}
        title="Nothing here yet"
        description="Keyword research, articles written, edited, approved, published or failed, changes to integrations, Search Console, settings, API keys and your plan are listed here as they happen, newest first. The first entry appears when research starts after setup."
      />
    )
  } else {
    body = (
      <DataTable
        table={table}
        isLoading={query.isPending}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        pageSizeOptions={HISTORY_PAGE_SIZES}
        className={cn(query.isPlaceholderData && 'opacity-70 transition-opacity')}
        emptyMessage={
          <div className="flex flex-col items-center gap-2">
            <p>Nothing matches these filters.</p>
            <Button variant="outline" size="sm" onClick={resetFilters}>
              Reset filters
            </Button>
          </div>
        }
      >
        <HistoryFilters search={search} onSearchChange={onSearchChange} onReset={filtered ? resetFilters : undefined} />
      </DataTable>
    )
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PeriodUsage />
      <HistoryCardFrame total={query.data?.total}>{body}</HistoryCardFrame>
    </div>
  )
}

function HistoryFilters({
  search,
  onSearchChange,
  onReset,
}: {
  search: HistorySearch
  onSearchChange: HistoryScreenProps['onSearchChange']
  onReset?: () => void
}) {
  const id = useId()
  // Any filter change goes back to page 1.
  const change = (part: Partial<HistorySearch>) => onSearchChange({ ...search, ...part, page: 1 }, { replace: true })
  const label = 'text-xs font-medium text-muted-foreground'
  return (
    <div role="toolbar" aria-label="History filters" className="grid grid-cols-2 items-end gap-2 p-1 sm:flex sm:flex-wrap">
      <div className="grid gap-1">
        <span id={`${id}-kind`} className={label}>
          Kind
        </span>
        <Select value={search.kind ?? ALL} onValueChange={(value) => change({ kind: value === ALL ? undefined : (value as HistoryKind) })}>
          <SelectTrigger size="sm" aria-labelledby={`${id}-kind`} className="w-full sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All kinds</SelectItem>
            {HISTORY_KINDS.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {HISTORY_KIND_LABELS[kind]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1">
        <span id={`${id}-status`} className={label}>
          Status
        </span>
        <Select
          value={search.status ?? ALL}
          onValueChange={(value) => change({ status: value === ALL ? undefined : (value as HistoryStatus) })}
        >
          <SelectTrigger size="sm" aria-labelledby={`${id}-status`} className="w-full sm:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {HISTORY_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {HISTORY_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DayInput id={`${id}-from`} label="From" value={search.from} max={search.to} onChange={(from) => change({ from })} />
      <DayInput id={`${id}-to`} label="To" value={search.to} min={search.from} onChange={(to) => change({ to })} />
      {onReset && (
        <Button variant="ghost" size="sm" onClick={onReset} className="col-span-2 justify-self-start sm:col-span-1">
          Reset filters
        </Button>
      )}
    </div>
  )
}

function DayInput({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string
  label: string
  value?: string
  min?: string
  max?: string
  onChange: (value: string | undefined) => void
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
        className="h-8 w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm [color-scheme:dark] sm:w-40"
      />
    </div>
  )
}
