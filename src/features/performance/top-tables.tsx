import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableColumnHeader } from '~/components/data-table/data-table-column-header'
import { useDataTable } from '~/components/data-table/use-data-table'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatCount } from '~/features/format'
import { orpc } from '~/lib/orpc'
import type { RpcOutputs } from '~/lib/rpc-outputs'
import type { TableSearch } from '~/shared/data-table/search-state'
import { TOP_PAGE_SIZES, TOP_TABLE, type TopDimension } from '~/shared/search-console'
import { formatMetric, METRIC_LABELS, type Metric } from './performance-format'
import type { PerformanceSearch } from './performance-search'

type TopRow = RpcOutputs['gsc']['top']['items'][number]

/** A page's address without its protocol and host, or whole when it is not one. */
export function pathOf(page: string) {
  try {
    const url = new URL(page)
    return `${url.pathname}${url.search}` || '/'
  } catch {
    return page
  }
}

function metricColumn(metric: Metric): ColumnDef<TopRow> {
  return {
    id: metric,
    accessorFn: (row) => row[metric],
    header: ({ column }) => <DataTableColumnHeader column={column} title={metric === 'position' ? 'Position' : METRIC_LABELS[metric]} />,
    cell: ({ row }) => <span className="tabular-nums">{formatMetric(metric, row.original[metric])}</span>,
    size: metric === 'impressions' ? 120 : 96,
    enableHiding: false,
  }
}

const METRIC_COLUMNS = (['clicks', 'impressions', 'ctr', 'position'] as const).map(metricColumn)

const queryColumns: ColumnDef<TopRow>[] = [
  {
    id: 'key',
    accessorKey: 'key',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Query" />,
    cell: ({ row }) => <span className="font-medium break-words whitespace-normal">{row.original.key}</span>,
    size: 200,
    enableHiding: false,
  },
  ...METRIC_COLUMNS,
]

const pageColumns: ColumnDef<TopRow>[] = [
  {
    id: 'key',
    accessorKey: 'key',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Page" />,
    cell: ({ row }) => (
      <a
        href={row.original.key}
        target="_blank"
        rel="noreferrer"
        title={row.original.key}
        className="font-medium break-all whitespace-normal text-violet-300 underline-offset-4 hover:underline"
      >
        {pathOf(row.original.key)}
      </a>
    ),
    size: 220,
    enableHiding: false,
  },
  ...METRIC_COLUMNS,
]

const TABLES = {
  query: { title: 'Queries', noun: ['search', 'searches'], columns: queryColumns, what: 'The searches your site showed up for' },
  page: { title: 'Pages', noun: ['page', 'pages'], columns: pageColumns, what: 'Your pages that appeared in search' },
} as const satisfies Record<TopDimension, unknown>

/**
 * One dimension's rows over the range (gsc.top): sorted and paged by the server over all of them,
 * not only the most clicked. Its sort and page stay on the page (the URL holds the range); a new
 * range goes back to the first page.
 */
function TopTable({
  businessId,
  range,
  dimension,
  syncing,
}: {
  businessId: string
  range: PerformanceSearch
  dimension: TopDimension
  syncing: boolean
}) {
  const spec = TABLES[dimension]
  const rangeKey = `${range.from}|${range.to}`
  const [state, setState] = useState<{ rangeKey: string; search: TableSearch }>({ rangeKey, search: TOP_TABLE.defaults })
  const search = state.rangeKey === rangeKey ? state.search : { ...state.search, page: 1 }
  const query = useQuery(
    orpc.gsc.top.queryOptions({
      input: { businessId, from: range.from, to: range.to, dimension, page: search.page, perPage: search.perPage, sort: search.sort },
      placeholderData: keepPreviousData,
      // While the first sync runs, its months arrive one by one.
      refetchInterval: syncing ? 5000 : false,
    }),
  )
  const data = query.data
  const { table } = useDataTable<TopRow>({
    data: data?.items ?? [],
    columns: spec.columns,
    rowCount: data?.total,
    pageCount: data?.pageCount,
    search,
    onSearchChange: (next) => setState({ rangeKey, search: next }),
    getRowId: (row) => row.key,
    enableRowSelection: false,
    defaultSort: TOP_TABLE.defaults.sort,
  })
  const [one, many] = spec.noun
  return (
    <Card className="min-w-0" data-testid={`top-${dimension}`}>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {spec.title}
        </CardTitle>
        <CardDescription>
          {spec.what}
          {data ? `: ${formatCount(data.total)} ${data.total === 1 ? one : many} in this range.` : '.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <DataTable
          table={table}
          isLoading={!data}
          error={query.isError && !data ? query.error : undefined}
          onRetry={() => void query.refetch()}
          pageSizeOptions={TOP_PAGE_SIZES}
          emptyMessage="No searches in this range."
          aria-busy={query.isPlaceholderData || undefined}
          className={query.isPlaceholderData ? 'opacity-70 transition-opacity' : undefined}
        />
      </CardContent>
    </Card>
  )
}

/** The range's queries and pages, each in its own server-sorted table. */
export function TopTables({ businessId, range, syncing }: { businessId: string; range: PerformanceSearch; syncing: boolean }) {
  return (
    <div className="grid min-w-0 gap-4 2xl:grid-cols-2">
      <TopTable businessId={businessId} range={range} dimension="query" syncing={syncing} />
      <TopTable businessId={businessId} range={range} dimension="page" syncing={syncing} />
    </div>
  )
}
