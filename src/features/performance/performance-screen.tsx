import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LineChartIcon, TriangleAlertIcon } from 'lucide-react'
import { useId } from 'react'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { JobProgress } from '~/features/jobs/job-progress'
import { cn } from '~/lib/utils'
import { OpportunitiesSection } from './opportunities'
import { PerformanceChart } from './performance-chart'
import { propertyLabel } from '~/shared/search-console-property'
import { formatDay, formatMetric, formatRange, METRIC_LABELS, metricChange, METRICS, type Metric } from './performance-format'
import { performanceQuery } from './performance-queries'
import {
  lastDataDay,
  presetOf,
  presetRange,
  PRESETS,
  type Performance,
  type PerformanceSearch,
  type TopFilters,
} from './performance-search'
import { TopTables } from './top-tables'

interface PerformanceScreenProps {
  businessId: string
  search: PerformanceSearch
  onSearchChange: (next: PerformanceSearch) => void
  /** The queries and pages tables' text filters (in the URL, like the range). */
  filters: TopFilters
  onFiltersChange: (next: TopFilters) => void
  now: Date
}

/** The range control: three presets and the two days of a custom range, compared with the period just before. */
function RangeControl({ search, onSearchChange, now }: Pick<PerformanceScreenProps, 'search' | 'onSearchChange' | 'now'>) {
  const id = useId()
  const preset = presetOf(search, now)
  const last = lastDataDay(now)
  const setDay = (part: 'from' | 'to', value: string) => {
    if (!value) return
    const next = { ...search, [part]: value }
    onSearchChange(next.from > next.to ? { from: next.to, to: next.from } : next)
  }
  const input =
    'h-8 w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm [color-scheme:dark] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-40'
  return (
    <div role="group" aria-label="Date range" className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Preset ranges" className="inline-flex flex-wrap gap-1 rounded-lg border border-border p-1">
        {PRESETS.map((item) => (
          <button
            key={item.id}
            type="button"
            aria-pressed={preset === item.id}
            onClick={() => onSearchChange(presetRange(item.id, now))}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              preset === item.id ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-from`} className="text-xs font-medium text-muted-foreground">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={search.from}
            max={search.to}
            onChange={(event) => setDay('from', event.target.value)}
            className={input}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-to`} className="text-xs font-medium text-muted-foreground">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={search.to}
            min={search.from}
            max={last}
            onChange={(event) => setDay('to', event.target.value)}
            className={input}
          />
        </div>
      </div>
    </div>
  )
}

const TONE_CLASSES = { good: 'text-emerald-400', bad: 'text-red-400' }

function TotalCard({ metric, data }: { metric: Metric; data: Performance }) {
  const shown = metricChange(metric, { current: data.totals[metric], previous: data.previousTotals[metric], change: data.change[metric] })
  const before = formatMetric(metric, data.previousTotals[metric])
  return (
    <Card className="min-w-0 gap-1 py-4" data-testid={`total-${metric}`}>
      <CardContent className="grid gap-1 px-4">
        <p className="text-xs font-medium text-muted-foreground">{METRIC_LABELS[metric]}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid="total-value">
          {formatMetric(metric, data.totals[metric])}
        </p>
        <p className="text-xs text-muted-foreground">
          <span
            aria-hidden
            className={cn('font-medium tabular-nums', shown.tone ? TONE_CLASSES[shown.tone] : 'text-muted-foreground')}
            data-testid="total-change"
          >
            {shown.text}
          </span>
          <span className="sr-only">{shown.spoken}</span> vs {before} before
        </p>
      </CardContent>
    </Card>
  )
}

export function PerformanceSkeleton() {
  return (
    <div className="grid min-w-0 gap-4" aria-label="Loading the performance" aria-busy>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {METRICS.map((metric) => (
          <Skeleton key={metric} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-80" />
      <div className="grid gap-4 2xl:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  )
}

/** A notice above the numbers: the first sync still running, or Google's access to renew. */
function ConnectionNotice({ connection }: { connection: NonNullable<Performance['connection']> }) {
  if (connection.needsReconnect) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100"
      >
        <TriangleAlertIcon aria-hidden className="size-4 shrink-0 text-amber-300" />
        <p className="min-w-0 flex-1">
          {connection.lastError ?? 'Google no longer gives access to your Search Console.'} The numbers below stop at the last sync.
        </p>
        <Button asChild size="sm" variant="outline">
          <Link to="/integrations">Reconnect Search Console</Link>
        </Button>
      </div>
    )
  }
  if (connection.syncStatus === 'syncing') {
    const label = `Importing 16 months of Search Console data for ${propertyLabel(connection.siteUrl)}`
    // Its job's bar, step and time left; between attempts (or queued), how far it got.
    if (connection.syncJobId) return <JobProgress jobId={connection.syncJobId} label={label} />
    return (
      <div role="status" className="rounded-lg border border-border bg-card p-4 text-sm">
        {label}
        {connection.syncedThrough ? `: done through ${formatDay(connection.syncedThrough)}.` : '.'} The numbers fill in as each month
        arrives.
      </div>
    )
  }
  return null
}

/** The Performance screen (docs/product/search-console.md): range, totals against the previous period, the chart, opportunities, top queries and pages. */
export function PerformanceScreen({ businessId, search, onSearchChange, filters, onFiltersChange, now }: PerformanceScreenProps) {
  const query = useQuery(performanceQuery(businessId, search))
  const data = query.data

  if (query.isError && !data) {
    return <ErrorPanel title="Could not load the performance" error={query.error} onRetry={() => void query.refetch()} />
  }
  if (!data) return <PerformanceSkeleton />
  if (!data.connection) {
    return (
      <EmptyState
        icon={LineChartIcon}
        title="Search Console is not connected"
        description="Connect Search Console to see the clicks, impressions and positions your site gets from Google, and which pages to refresh."
        action={
          <Button asChild>
            <Link to="/integrations">Connect Search Console</Link>
          </Button>
        }
      />
    )
  }

  return (
    <div className={cn('grid min-w-0 gap-4', query.isPlaceholderData && 'opacity-70 transition-opacity')}>
      <ConnectionNotice connection={data.connection} />
      <RangeControl search={search} onSearchChange={onSearchChange} now={now} />
      <p className="text-sm text-muted-foreground" data-testid="performance-range">
        {formatRange(data.range)}, compared with {formatRange(data.previousRange)}
      </p>
      {query.isError && <ErrorPanel title="Could not load this range" error={query.error} onRetry={() => void query.refetch()} />}
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {METRICS.map((metric) => (
          <TotalCard key={metric} metric={metric} data={data} />
        ))}
      </section>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            Over time
          </CardTitle>
          <CardDescription>Each day of the range, the previous period dashed.</CardDescription>
        </CardHeader>
        <CardContent className="min-w-0">
          <PerformanceChart data={data} />
        </CardContent>
      </Card>
      <OpportunitiesSection businessId={businessId} />
      <TopTables
        businessId={businessId}
        range={search}
        filters={filters}
        onFiltersChange={onFiltersChange}
        syncing={data.connection.syncStatus === 'syncing'}
      />
    </div>
  )
}
