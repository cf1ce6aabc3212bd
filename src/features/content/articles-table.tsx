import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { FileTextIcon } from 'lucide-react'
import { useCallback, useMemo } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableColumnHeader } from '~/components/data-table/data-table-column-header'
import { DataTableFilterList } from '~/components/data-table/data-table-filter-list'
import { DataTableViewOptions } from '~/components/data-table/data-table-view-options'
import { fieldColumnMeta } from '~/components/data-table/field-meta'
import { useDataTable } from '~/components/data-table/use-data-table'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import type { RpcClient } from '~/lib/orpc'
import { cn } from '~/lib/utils'
import { ARTICLE_FILTER_FIELDS, type ArticleFilterField } from '~/shared/articles/article-table'
import type { JoinOperator } from '~/shared/data-table/config'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import type { TableSearch } from '~/shared/data-table/search-state'
import { ArticleStatusBadge, SeoScoreBadge } from './article-status'
import { ARTICLES_TABLE, articleListQuery } from './content-search'

export type ArticleRow = Awaited<ReturnType<RpcClient['article']['list']>>['items'][number]

const NO_ROWS: ArticleRow[] = []

/** "Nov 28, 2026", in UTC like the plan's days; a dash when there is none. */
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const formatDay = (value: Date | string | null) => (value ? shortDate.format(new Date(value)) : '—')

const column = (
  id: ArticleFilterField,
  cell: ColumnDef<ArticleRow>['cell'],
  extra: Partial<ColumnDef<ArticleRow>> = {},
): ColumnDef<ArticleRow> => {
  const meta = fieldColumnMeta(ARTICLE_FILTER_FIELDS[id])
  return {
    id,
    accessorKey: id,
    header: ({ column: header }) => <DataTableColumnHeader column={header} title={meta.label ?? id} />,
    cell,
    meta,
    enableSorting: true,
    enableHiding: true,
    enableColumnFilter: true,
    ...extra,
  }
}

const COLUMNS: ColumnDef<ArticleRow>[] = [
  column(
    'title',
    ({ row }) => (
      <Link
        to="/content/$articleId"
        params={{ articleId: row.original.id }}
        className="line-clamp-2 font-medium whitespace-normal text-foreground hover:underline"
      >
        {row.original.title}
      </Link>
    ),
    { size: 300, enableHiding: false },
  ),
  column('keyword', ({ row }) => <span className="line-clamp-2 whitespace-normal text-muted-foreground">{row.original.keyword}</span>, {
    size: 200,
  }),
  column('status', ({ row }) => <ArticleStatusBadge status={row.original.status} />, { size: 110 }),
  column('seoScore', ({ row }) => <SeoScoreBadge score={row.original.seoScore} />, { size: 80 }),
  column('scheduledAt', ({ row }) => <span className="whitespace-nowrap">{formatDay(row.original.scheduledAt)}</span>, { size: 120 }),
  column('publishedAt', ({ row }) => <span className="whitespace-nowrap">{formatDay(row.original.publishedAt)}</span>, { size: 120 }),
]

/** The list view of /content: the business's articles in the generic data table, with the filter list, sort and paging from the URL. */
export function ArticlesTable({
  businessId,
  search,
  onSearchChange,
}: {
  businessId: string
  search: TableSearch
  onSearchChange: (next: TableSearch, options?: { replace?: boolean }) => void
}) {
  const query = useQuery(articleListQuery(businessId, search))
  const rows = query.data?.items ?? NO_ROWS
  const onTableSearchChange = useCallback(
    (next: TableSearch) => onSearchChange({ ...next, sort: next.sort.length > 0 ? next.sort : ARTICLES_TABLE.defaults.sort }),
    [onSearchChange],
  )
  const columns = useMemo(() => COLUMNS, [])
  const { table } = useDataTable({
    data: rows,
    columns,
    rowCount: query.data?.total ?? 0,
    pageCount: query.data?.pageCount ?? 0,
    search,
    onSearchChange: onTableSearchChange,
    getRowId: (row) => row.id,
    enableRowSelection: false,
    visibilityStorageKey: 'rankpilot.articles.columns',
  })
  const onFiltersChange = useCallback(
    (next: { filters: FilterItem[]; joinOperator: JoinOperator }) =>
      onSearchChange({ ...search, filters: next.filters, joinOperator: next.joinOperator, page: 1 }, { replace: true }),
    [onSearchChange, search],
  )
  const resetFilters = () => onSearchChange({ ...search, filters: [], joinOperator: 'and', page: 1 })

  if (query.isError && !query.data) {
    return <ErrorPanel title="Could not load your articles" error={query.error} onRetry={() => void query.refetch()} />
  }
  if (query.data && query.data.total === 0 && search.filters.length === 0) {
    return (
      <EmptyState
        icon={FileTextIcon}
        title="No articles yet"
        description="Each keyword planned on the Keywords page gets its article a few days before its publishing day, or when you press Generate now. Drafts, articles waiting for review and published ones are listed here."
      />
    )
  }
  return (
    <Card>
      <CardContent className="p-3">
        <DataTable
          table={table}
          isLoading={query.isPending}
          className={cn(query.isPlaceholderData && 'opacity-70 transition-opacity')}
          aria-busy={query.isFetching || undefined}
          emptyMessage={
            <div className="flex flex-col items-center gap-2">
              <p>No articles match these filters.</p>
              <Button variant="outline" size="sm" onClick={resetFilters}>
                Reset filters
              </Button>
            </div>
          }
        >
          <div role="toolbar" aria-label="Articles table tools" className="flex w-full items-center justify-between gap-2 p-1">
            <DataTableFilterList table={table} filters={search.filters} joinOperator={search.joinOperator} onChange={onFiltersChange} />
            <DataTableViewOptions table={table} />
          </div>
        </DataTable>
      </CardContent>
    </Card>
  )
}
