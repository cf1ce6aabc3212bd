import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { Line, LineChart, ResponsiveContainer, YAxis } from 'recharts'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import type { RpcClient } from '~/lib/orpc'
import { cn } from '~/lib/utils'
import { formatMetric, formatRange, METRIC_COLOURS, METRIC_LABELS, metricChange, METRICS, noDataMessage } from './performance-format'
import { performanceQuery } from './performance-queries'
import { presetRange } from './performance-search'

const TONE_CLASSES = { good: 'text-emerald-400', bad: 'text-red-400' }

/**
 * An article's Search Console numbers (gsc.performance with its id): clicks, impressions, CTR and
 * position over the last 28 days with data against the 28 before, and its daily impressions as a
 * sparkline over the 28 days before's, dashed (a new article's clicks are mostly zero). Nothing
 * when the business has no Search Console property.
 */
export function ArticleSearchPanel({
  businessId,
  articleId,
  publishedAt,
}: {
  businessId: string
  articleId: string
  publishedAt: Date | string | null
}) {
  const range = useMemo(() => presetRange('28d', new Date()), [])
  const query = useQuery(performanceQuery(businessId, range, articleId))
  const data = query.data
  // Day by day, the range's impressions over the same day of the period before.
  const sparkline = useMemo(
    () =>
      data?.series.map((day, index) => ({ impressions: day.impressions, before: data.previousSeries[index]?.impressions ?? null })) ?? [],
    [data],
  )

  if (query.isError && !data) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="text-base">In Google search</CardTitle>
        </CardHeader>
        <CardContent>
          <ErrorPanel title="Could not load its search numbers" error={query.error} onRetry={() => void query.refetch()} />
        </CardContent>
      </Card>
    )
  }
  if (data && !data.connection) return null
  const empty = data ? data.totals.impressions === 0 && data.previousTotals.impressions === 0 : false

  return (
    <Card data-testid="article-search-panel">
      <CardHeader>
        <CardTitle className="text-base">In Google search</CardTitle>
        <CardDescription>
          {data && !empty ? `${formatRange(data.range)}, against the 28 days before.` : 'From Search Console.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {data?.connection?.needsReconnect && (
          <p role="alert" className="text-xs text-amber-200">
            Google no longer gives access to your Search Console: these numbers stop at its last sync.{' '}
            <Link to="/integrations" className="text-violet-300 underline-offset-4 hover:underline">
              Reconnect Search Console
            </Link>
          </p>
        )}
        {!data?.connection ? (
          <Skeleton className="h-28" aria-label="Loading its search numbers" />
        ) : empty ? (
          <p className="text-muted-foreground" data-testid="article-search-empty">
            {noDataMessage({ ...data, connection: data.connection }, publishedAt)}
          </p>
        ) : (
          <SearchNumbers data={data} sparkline={sparkline} />
        )}
      </CardContent>
    </Card>
  )
}

type PerformanceData = Awaited<ReturnType<RpcClient['gsc']['performance']>>

/** The four numbers against the period before, the daily impressions as a sparkline (and as text for screen readers). */
function SearchNumbers({ data, sparkline }: { data: PerformanceData; sparkline: Array<{ impressions: number; before: number | null }> }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        {METRICS.map((metric) => {
          const shown = metricChange(metric, {
            current: data.totals[metric],
            previous: data.previousTotals[metric],
            change: data.change[metric],
          })
          return (
            <div key={metric} className="min-w-0">
              <dt className="text-xs text-muted-foreground">{METRIC_LABELS[metric]}</dt>
              <dd className="font-semibold tabular-nums">
                {formatMetric(metric, data.totals[metric])}{' '}
                {data.change[metric] !== null && (
                  <span className={cn('text-xs font-medium', shown.tone ? TONE_CLASSES[shown.tone] : 'text-muted-foreground')}>
                    {shown.text}
                  </span>
                )}
              </dd>
            </div>
          )
        })}
      </dl>
      <p className="text-xs text-muted-foreground" aria-hidden>
        Impressions by day, the 28 days before dashed
      </p>
      <div aria-hidden className="-mt-2 h-12 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          <LineChart data={sparkline} margin={{ top: 4, right: 2, bottom: 4, left: 2 }}>
            <YAxis hide domain={[0, 'auto']} />
            <Line
              type="monotone"
              dataKey="before"
              stroke="#6b7280"
              strokeDasharray="4 4"
              strokeWidth={1}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="impressions"
              stroke={METRIC_COLOURS.impressions}
              strokeWidth={1.5}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p className="sr-only">
        Impressions by day from {formatRange(data.range)}:{' '}
        {data.series.map((day) => formatMetric('impressions', day.impressions)).join(', ')}; in the 28 days before:{' '}
        {data.previousSeries.map((day) => formatMetric('impressions', day.impressions)).join(', ')}.
      </p>
      <Link to="/performance" className="text-sm text-violet-300 underline-offset-4 hover:underline">
        All of your site’s performance
      </Link>
    </>
  )
}
