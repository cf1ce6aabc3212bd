import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableColumnHeader } from '~/components/data-table/data-table-column-header'
import { useDataTable } from '~/components/data-table/use-data-table'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { TableSearch } from '~/shared/data-table/search-state'
import { formatMetric, METRIC_LABELS, type Metric } from './performance-format'
import type { Performance } from './performance-search'

type QueryRow = Performance['topQueries'][number]
type PageRow = Performance['topPages'][number]
type TopRow = QueryRow | PageRow

const PAGE_SIZES = [10, 25, 50] as const
const DEFAULT_SEARCH: TableSearch = { page: 1, perPage: 10, sort: [{ id: 'clicks', desc: true }], filters: [], joinOperator: 'and' }

/** A page's address without its protocol and host, or whole when it is not one. */
export function pathOf(page: string) {
  try {
    const url = new URL(page)
    return `${url.pathname}${url.search}` || '/'
  } catch {
    return page
  }
}

function metricColumn<T extends TopRow>(metric: Metric): ColumnDef<T> {
  return {
    id: metric,
    accessorFn: (row) => row[metric],
    header: ({ column }) => <DataTableColumnHeader column={column} title={metric === 'position' ? 'Position' : METRIC_LABELS[metric]} />,
    cell: ({ row }) => <span className="tabular-nums">{formatMetric(metric, row.original[metric])}</span>,
    size: metric === 'impressions' ? 120 : 96,
    enableHiding: false,
  }
}

const queryColumns: ColumnDef<QueryRow>[] = [
  {
    id: 'query',
    accessorKey: 'query',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Query" />,
    cell: ({ row }) => <span className="font-medium break-words whitespace-normal">{row.original.query}</span>,
    size: 200,
    enableHiding: false,
  },
  ...(['clicks', 'impressions', 'ctr', 'position'] as const).map((metric) => metricColumn<QueryRow>(metric)),
]

const pageColumns: ColumnDef<PageRow>[] = [
  {
    id: 'page',
    accessorKey: 'page',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Page" />,
    cell: ({ row }) => (
      <a
        href={row.original.page}
        target="_blank"
        rel="noreferrer"
        title={row.original.page}
        className="font-medium break-all whitespace-normal text-violet-300 underline-offset-4 hover:underline"
      >
        {pathOf(row.original.page)}
      </a>
    ),
    size: 220,
    enableHiding: false,
  },
  ...(['clicks', 'impressions', 'ctr', 'position'] as const).map((metric) => metricColumn<PageRow>(metric)),
]

/** Sorts the rows the server answered (its top 50 by clicks) in the browser; a missing position sorts last. */
function sortRows<T extends TopRow>(rows: readonly T[], sort: TableSearch['sort']): T[] {
  const [order] = sort
  if (!order) return [...rows]
  const key = order.id as keyof T
  return [...rows].sort((a, b) => {
    const left = a[key] as unknown
    const right = b[key] as unknown
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1
    const compared = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right))
    return order.desc ? -compared : compared
  })
}

function TopTable<T extends TopRow>({
  title,
  description,
  rows,
  columns,
  rowId,
  loading,
}: {
  title: string
  description: string
  rows: readonly T[]
  columns: ColumnDef<T>[]
  rowId: (row: T) => string
  loading: boolean
}) {
  // The table's page and sort stay on the page (the range is the URL's): the rows are one answer's top 50.
  const [search, setSearch] = useState<TableSearch>(DEFAULT_SEARCH)
  const sorted = useMemo(() => sortRows(rows, search.sort), [rows, search.sort])
  const start = (search.page - 1) * search.perPage
  const visible = useMemo(() => sorted.slice(start, start + search.perPage), [sorted, start, search.perPage])
  const { table } = useDataTable<T>({
    data: visible,
    columns,
    rowCount: rows.length,
    pageCount: Math.max(1, Math.ceil(rows.length / search.perPage)),
    search,
    onSearchChange: setSearch,
    getRowId: rowId,
    enableRowSelection: false,
    defaultSort: DEFAULT_SEARCH.sort,
  })
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <DataTable table={table} isLoading={loading} pageSizeOptions={PAGE_SIZES} emptyMessage="No searches in this range." />
      </CardContent>
    </Card>
  )
}

/** The range's top queries and pages (gsc.performance: the 50 with most clicks of each). */
export function TopTables({ data, loading }: { data: Performance | undefined; loading: boolean }) {
  return (
    <div className="grid min-w-0 gap-4 2xl:grid-cols-2">
      <TopTable
        title="Top queries"
        description="The searches your site showed up for, the 50 with most clicks."
        rows={data?.topQueries ?? []}
        columns={queryColumns}
        rowId={(row) => (row as QueryRow).query}
        loading={loading}
      />
      <TopTable
        title="Top pages"
        description="Your pages that appeared in search, the 50 with most clicks."
        rows={data?.topPages ?? []}
        columns={pageColumns}
        rowId={(row) => (row as PageRow).page}
        loading={loading}
      />
    </div>
  )
}
