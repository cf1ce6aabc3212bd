import { useId, useMemo, useState } from 'react'
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { cn } from '~/lib/utils'
import {
  formatDay,
  formatMetric,
  formatMonth,
  formatRange,
  formatShortDay,
  METRIC_COLOURS,
  METRIC_LABELS,
  METRICS,
  type Metric,
} from './performance-format'
import type { Performance } from './performance-search'

interface Point {
  date: string
  previousDate: string | null
  current: number | null
  previous: number | null
}

/** The current period's days beside the previous period's (day n of one against day n of the other). */
function pointsOf(data: Performance, metric: Metric): Point[] {
  return data.series.map((day, index) => {
    const before = data.previousSeries[index]
    return {
      date: day.date,
      previousDate: before?.date ?? null,
      current: day[metric],
      previous: before ? before[metric] : null,
    }
  })
}

/** "Clicks: 1,234 from March 1, 2026 to March 28, 2026, against 1,100 the period before; highest 80 on March 14, 2026." */
function summaryOf(data: Performance, metric: Metric) {
  const label = METRIC_LABELS[metric]
  const values = data.series.filter((day) => day[metric] !== null)
  const best = values.reduce<(typeof values)[number] | undefined>((top, day) => {
    if (!top) return day
    const better = metric === 'position' ? (day.position ?? Infinity) < (top.position ?? Infinity) : day[metric]! > top[metric]!
    return better ? day : top
  }, undefined)
  const total = `${label} over ${formatRange(data.range)}: ${formatMetric(metric, data.totals[metric])}, against ${formatMetric(metric, data.previousTotals[metric])} over ${formatRange(data.previousRange)}.`
  if (!best) return `${total} No data on any day.`
  return `${total} ${metric === 'position' ? 'Best' : 'Highest'} day: ${formatMetric(metric, best[metric])} on ${formatDay(best.date)}.`
}

/**
 * The metric over time (recharts): the range as a solid line, the previous period as a faint
 * dashed one under it, a switch among the four metrics. For a screen reader the chart is hidden
 * and a summary with the day-by-day table stands in for it.
 */
export function PerformanceChart({ data, compact = false }: { data: Performance; compact?: boolean }) {
  const [metric, setMetric] = useState<Metric>('clicks')
  const points = useMemo(() => pointsOf(data, metric), [data, metric])
  const id = useId()
  const colour = METRIC_COLOURS[metric]
  const label = METRIC_LABELS[metric]

  return (
    <div className="grid min-w-0 gap-3" data-testid="performance-chart">
      <div role="group" aria-label="Metric shown in the chart" className="flex flex-wrap gap-1">
        {METRICS.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={metric === item}
            onClick={() => setMetric(item)}
            className={cn(
              'rounded-md border px-2.5 py-1 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              metric === item ? 'border-transparent bg-muted text-foreground' : 'border-border text-muted-foreground hover:text-foreground',
            )}
          >
            <span aria-hidden className="mr-1.5 inline-block size-2 rounded-full" style={{ background: METRIC_COLOURS[item] }} />
            {METRIC_LABELS[item]}
          </button>
        ))}
      </div>
      <p id={`${id}-summary`} className="sr-only">
        {summaryOf(data, metric)}
      </p>
      <div aria-hidden className={cn('w-full min-w-0', compact ? 'h-40' : 'h-64 sm:h-72')}>
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#1f2937" vertical={false} />
            <XAxis
              dataKey="date"
              // Days on a range of weeks; months (with the year) on a range of many months.
              tickFormatter={points.length > 120 ? formatMonth : formatShortDay}
              stroke="#6b7280"
              tick={{ fontSize: 11 }}
              tickLine={false}
              minTickGap={24}
            />
            <YAxis
              stroke="#6b7280"
              tick={{ fontSize: 11 }}
              tickLine={false}
              axisLine={false}
              width={44}
              reversed={metric === 'position'}
              allowDecimals={metric !== 'clicks' && metric !== 'impressions'}
              domain={metric === 'position' ? [1, 'auto'] : [0, 'auto']}
              tickFormatter={(value: number) => (metric === 'ctr' ? `${Math.round(value * 1000) / 10}%` : formatMetric('clicks', value))}
            />
            <Tooltip
              contentStyle={{ background: '#111827', border: '1px solid #374151', borderRadius: 8, fontSize: 12 }}
              labelStyle={{ color: '#e5e7eb' }}
              labelFormatter={(day) => formatDay(String(day))}
              formatter={(value, name) => [formatMetric(metric, typeof value === 'number' ? value : null), name]}
            />
            <Line
              name="Previous period"
              type="monotone"
              dataKey="previous"
              stroke="#6b7280"
              strokeDasharray="4 4"
              strokeWidth={1.5}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
            <Line
              name={label}
              type="monotone"
              dataKey="current"
              stroke={colour}
              strokeWidth={2}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4" style={{ background: colour }} /> {formatRange(data.range)}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block w-4 border-t border-dashed border-gray-500" /> Previous period
          {data.previousTotals.impressions === 0 && ' (no data: before Search Console’s 16 months or the site’s start)'}
        </span>
      </div>
      {/* A table ignores the sr-only width: its wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>{label} by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{label}</th>
              <th scope="col">Day of the previous period</th>
              <th scope="col">{label} then</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatDay(point.date)}</th>
                <td>{formatMetric(metric, point.current)}</td>
                <td>{point.previousDate ? formatDay(point.previousDate) : '–'}</td>
                <td>{formatMetric(metric, point.previous)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
