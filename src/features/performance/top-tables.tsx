import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableColumnHeader } from '~/components/data-table/data-table-column-header'
import { DataTableSearch } from '~/components/data-table/data-table-search'
import { DataTableNoMatches } from '~/components/data-table/data-table-toolbar'
import { useDataTable } from '~/components/data-table/use-data-table'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatCount } from '~/features/format'
import { orpc } from '~/lib/orpc'
import type { RpcOutputs } from '~/lib/rpc-outputs'
import type { TableSearch } from '~/shared/data-table/search-state'
import { TOP_PAGE_SIZES, TOP_TABLE, type TopDimension } from '~/shared/search-console'
import { TOP_FILTER_MAX_LENGTH } from '~/shared/search-console-filter'
import { formatMetric, METRIC_LABELS, type Metric } from './performance-format'
import type { PerformanceSearch, TopFilters } from './performance-search'

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
  query: {
    title: 'Queries',
    noun: ['search', 'searches'],
    columns: queryColumns,
    what: 'The searches your site showed up for',
    search: 'Search queries',
    none: 'No searches in this range.',
    noMatch: 'No queries match',
  },
  page: {
    title: 'Pages',
    noun: ['page', 'pages'],
    columns: pageColumns,
    what: 'Your pages that appeared in search',
    search: 'Search pages',
    none: 'No pages in this range.',
    noMatch: 'No pages match',
  },
} as const satisfies Record<TopDimension, unknown>

/**
 * One dimension's rows over the range (gsc.top): sorted and paged by the server over all of them,
 * not only the most clicked, those holding the filter's text only when there is one. Its sort and
 * page stay on the page (the URL holds the range and the filter); a new range or filter goes back
 * to the first page.
 */
function TopTable({
  businessId,
  range,
  dimension,
  filter,
  onFilterChange,
  syncing,
}: {
  businessId: string
  range: PerformanceSearch
  dimension: TopDimension
  /** The text the rows must hold (trimmed), or empty. */
  filter: string
  onFilterChange: (text: string) => void
  syncing: boolean
}) {
  const spec = TABLES[dimension]
  const stateKey = `${range.from}|${range.to}|${filter}`
  const [state, setState] = useState<{ stateKey: string; search: TableSearch }>({ stateKey, search: TOP_TABLE.defaults })
  const search = state.stateKey === stateKey ? state.search : { ...state.search, page: 1 }
  const query = useQuery(
    orpc.gsc.top.queryOptions({
      input: {
        businessId,
        from: range.from,
        to: range.to,
        dimension,
        contains: filter || undefined,
        page: search.page,
        perPage: search.perPage,
        sort: search.sort,
      },
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
    onSearchChange: (next) => setState({ stateKey, search: next }),
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
        <CardDescription aria-live="polite" className="break-words">
          {spec.what}
          {!data
            ? '.'
            : filter
              ? `: ${formatCount(data.total)} ${data.total === 1 ? one : many} matching “${filter}” in this range.`
              : `: ${formatCount(data.total)} ${data.total === 1 ? one : many} in this range.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <DataTable
          table={table}
          isLoading={!data}
          error={query.isError && !data ? query.error : undefined}
          onRetry={() => void query.refetch()}
          pageSizeOptions={TOP_PAGE_SIZES}
          emptyMessage={
            filter ? (
              <DataTableNoMatches onReset={() => onFilterChange('')} resetLabel="Clear the search">
                {spec.noMatch} “{filter}”
              </DataTableNoMatches>
            ) : (
              spec.none
            )
          }
          aria-busy={query.isPlaceholderData || undefined}
          className={query.isPlaceholderData ? 'opacity-70 transition-opacity' : undefined}
        >
          <div role="toolbar" aria-label={`${spec.title} table tools`} className="flex w-full items-center gap-2 p-1">
            <DataTableSearch
              value={filter}
              onValueChange={onFilterChange}
              label={spec.search}
              clearLabel={`Clear the ${spec.title.toLowerCase()} search`}
              maxLength={TOP_FILTER_MAX_LENGTH}
            />
          </div>
        </DataTable>
      </CardContent>
    </Card>
  )
}

/** The range's queries and pages, each in its own server-sorted table with its own text filter. */
export function TopTables({
  businessId,
  range,
  filters,
  onFiltersChange,
  syncing,
}: {
  businessId: string
  range: PerformanceSearch
  filters: TopFilters
  onFiltersChange: (next: TopFilters) => void
  syncing: boolean
}) {
  return (
    <div className="grid min-w-0 gap-4 2xl:grid-cols-2">
      {(['query', 'page'] as const).map((dimension) => (
        <TopTable
          key={dimension}
          businessId={businessId}
          range={range}
          dimension={dimension}
          filter={filters[dimension]}
          onFilterChange={(text) => onFiltersChange({ ...filters, [dimension]: text })}
          syncing={syncing}
        />
      ))}
    </div>
  )
}
