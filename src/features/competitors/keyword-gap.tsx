import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ListPlusIcon, TargetIcon } from 'lucide-react'
import { useMemo } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableActionBar, DataTableActionBarAction } from '~/components/data-table/data-table-action-bar'
import { DataTableNoMatches, DataTableToolbar, withoutFilters, type TableSearchChange } from '~/components/data-table/data-table-toolbar'
import { useDataTable } from '~/components/data-table/use-data-table'
import { useMediaQuery } from '~/components/data-table/use-media-query'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { pluralize } from '~/features/format'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import type { TableSearch } from '~/shared/data-table/table-schema'
import { GAP_KEYWORD_PHONE_WIDTH, GAP_KEYWORD_WIDTH, gapColumns, type GapRow } from './gap-columns'
import { gapQuery } from './competitors-queries'
import { GAP_SEARCH_DEFAULTS } from './gap-search'

const NO_ROWS: GapRow[] = []

/**
 * The keyword gap (docs/product/competitors.md): the searches competitors rank for that the plan
 * lacks, in the generic data table; the selected ones go to the plan through keyword.add, scored,
 * put in a topic and scheduled like any keyword added by hand.
 */
export function KeywordGap({
  businessId,
  analysed,
  search,
  onSearchChange,
}: {
  businessId: string
  /** Whether any competitor has rankings yet (else the gap is empty for want of an analysis). */
  analysed: boolean
  search: TableSearch
  onSearchChange: TableSearchChange
}) {
  const query = useQuery(gapQuery(businessId, search))
  const rows = query.data?.items ?? NO_ROWS
  // A phone (below Tailwind's `sm`) gets a narrow keyword column, so the search volume shows beside it.
  const phone = useMediaQuery('(max-width: 639.98px)')
  const columns = useMemo(() => gapColumns({ keywordWidth: phone ? GAP_KEYWORD_PHONE_WIDTH : GAP_KEYWORD_WIDTH }), [phone])
  const { table } = useDataTable({
    data: rows,
    columns,
    rowCount: query.data?.total ?? 0,
    pageCount: query.data?.pageCount ?? 0,
    search,
    onSearchChange,
    defaultSort: GAP_SEARCH_DEFAULTS.sort,
    getRowId: (row) => row.keyword,
    // A keyword too close to a planned one would be refused by keyword.add: not selectable.
    enableRowSelection: (row) => row.original.closeTo === null,
    initialColumnPinning: { left: ['select'], right: [] },
  })
  const resetFilters = () => onSearchChange(withoutFilters(search))

  const queryClient = useQueryClient()
  const add = useMutation(
    orpc.keyword.add.mutationOptions({
      onSuccess: async ({ added, skipped }) => {
        table.resetRowSelection()
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orpc.competitor.key() }),
          queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
          queryClient.invalidateQueries({ queryKey: orpc.cluster.key() }),
        ])
        if (added.length > 0)
          toast.success(`${pluralize(added.length, 'keyword')} added to your plan`, {
            description: added.length <= 3 ? added.map((item) => `“${item.keyword}” in ${item.cluster}`).join(', ') : undefined,
          })
        if (skipped.length > 0)
          toast.warning(`${pluralize(skipped.length, 'keyword')} not added`, {
            description: skipped.map((item) => `“${item.keyword}”: ${item.reason}`).join('; '),
          })
      },
      onError: (error) => toast.error('Could not add these keywords to your plan', { description: error.message }),
    }),
  )

  let body
  if (query.isError && !query.data) {
    body = <ErrorPanel title="Could not load the keyword gap" error={query.error} onRetry={() => void query.refetch()} />
  } else if (query.data && query.data.total === 0 && search.filters.length === 0) {
    body = (
      <EmptyState
        icon={TargetIcon}
        title={analysed ? 'No gap: your plan covers them' : 'No keyword gap yet'}
        description={
          analysed
            ? 'Every search your competitors rank for is already in your plan, excluded, or one of their own names. Re-analyse a competitor later to see what it ranks for now.'
            : 'Once a competitor is analysed, the searches it ranks for that your plan lacks are listed here with their volume and difficulty.'
        }
      />
    )
  } else {
    body = (
      <DataTable
        table={table}
        isLoading={query.isPending}
        className={cn(query.isPlaceholderData && 'opacity-70 transition-opacity')}
        aria-busy={query.isFetching || undefined}
        aria-label="Keyword gap"
        emptyMessage={<DataTableNoMatches onReset={resetFilters} />}
        actionBar={
          <DataTableActionBar table={table}>
            <DataTableActionBarAction
              isPending={add.isPending}
              disabled={add.isPending}
              onClick={() => add.mutate({ businessId, keywords: Object.keys(table.getState().rowSelection) })}
            >
              <ListPlusIcon aria-hidden="true" />
              Add to plan
            </DataTableActionBarAction>
          </DataTableActionBar>
        }
      >
        <DataTableToolbar table={table} search={search} onSearchChange={onSearchChange} aria-label="Keyword gap tools" />
      </DataTable>
    )
  }

  return (
    <Card className="min-w-0">
      {/* Narrower sides on a phone leave the table room for its key columns. */}
      <CardHeader className="max-sm:px-3">
        <CardTitle>Keyword gap</CardTitle>
        <CardDescription>
          Searches your competitors rank for that are not in your plan
          {query.data && query.data.total > 0 ? ` (${pluralize(query.data.total, 'keyword')})` : ''}. Select some and add them to your plan:
          each is scored, put in a topic and scheduled.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 max-sm:px-3">{body}</CardContent>
    </Card>
  )
}
