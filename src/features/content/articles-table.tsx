import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { FileTextIcon } from 'lucide-react'
import { useMemo } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableColumnHeader } from '~/components/data-table/data-table-column-header'
import { DataTableNoMatches, DataTableToolbar, withoutFilters, type TableSearchChange } from '~/components/data-table/data-table-toolbar'
import { fieldColumnMeta } from '~/components/data-table/field-meta'
import { useDataTable } from '~/components/data-table/use-data-table'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Card, CardContent } from '~/components/ui/card'
import type { RpcClient } from '~/lib/orpc'
import { cn } from '~/lib/utils'
import { ARTICLE_FILTER_FIELDS, type ArticleFilterField } from '~/shared/articles/article-table'
import type { TableSearch } from '~/shared/data-table/search-state'
import { ArticleStatusBadge, SeoScoreBadge } from './article-status'
import { articleListQuery } from './content-queries'
import { ARTICLES_TABLE } from './content-search'

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
  onSearchChange: TableSearchChange
}) {
  const query = useQuery(articleListQuery(businessId, search))
  const rows = query.data?.items ?? NO_ROWS
  const columns = useMemo(() => COLUMNS, [])
  const { table } = useDataTable({
    data: rows,
    columns,
    rowCount: query.data?.total ?? 0,
    pageCount: query.data?.pageCount ?? 0,
    search,
    onSearchChange,
    defaultSort: ARTICLES_TABLE.defaults.sort,
    getRowId: (row) => row.id,
    enableRowSelection: false,
    visibilityStorageKey: 'rankpilot.articles.columns',
  })
  const resetFilters = () => onSearchChange(withoutFilters(search))

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
          emptyMessage={<DataTableNoMatches onReset={resetFilters}>No articles match these filters.</DataTableNoMatches>}
        >
          <DataTableToolbar table={table} search={search} onSearchChange={onSearchChange} aria-label="Articles table tools" />
        </DataTable>
      </CardContent>
    </Card>
  )
}
