import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRoundIcon } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableFilterList } from '~/components/data-table/data-table-filter-list'
import { DataTableViewOptions } from '~/components/data-table/data-table-view-options'
import { useMediaQuery } from '~/components/data-table/use-media-query'
import { useDataTable } from '~/components/data-table/use-data-table'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import { pluralize } from '~/features/format'
import type { JoinOperator } from '~/shared/data-table/config'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import type { TableSearch } from '~/shared/data-table/search-state'
import { KeywordWhyPanel } from '~/features/research/keyword-why-panel'
import { isResearchRunning, ResearchPanel, useCurrentBusinessId, useResearchStatus } from '~/features/research/research-panel'
import { DeleteKeywordsDialog } from './delete-keywords-dialog'
import { KeywordActionBar } from './keyword-action-bar'
import { keywordColumns, type KeywordRow } from './keyword-columns'
import { KEYWORD_COLUMN_PHONE_WIDTH, keywordColumnWidth } from './keyword-format'
import { KEYWORDS_SEARCH_DEFAULTS, keywordListQuery } from './keyword-search'
import { KeywordsCardFrame } from './keywords-card-frame'
import { useKeywordBulkActions } from './use-keyword-bulk-actions'

/** How the screen asks for a new URL state; `replace` for changes not worth a history entry. */
export type SearchChange = (next: TableSearch, options?: { replace?: boolean }) => void

const NO_ROWS: KeywordRow[] = []

/**
 * The Keywords screen (docs/product/keywords-table.md): the card with the total, the filter list and View menu, the
 * table with paging and sorting from the URL, and bulk actions on the selected rows.
 */
export function KeywordsScreen({ search, onSearchChange }: { search: TableSearch; onSearchChange: SearchChange }) {
  const query = useQuery(keywordListQuery(search))
  const rows = query.data?.items ?? NO_ROWS
  const businessId = useCurrentBusinessId()
  const research = useResearchStatus(businessId)
  const researchRunning = isResearchRunning(research.data)

  // A phone (below Tailwind's `sm`) gets a narrow keyword column, so status and volume show beside it.
  const phone = useMediaQuery('(max-width: 639.98px)')
  const pageKeywordWidth = useMemo(() => keywordColumnWidth(rows.map((row) => row.keyword)), [rows])
  const keywordWidth = phone ? KEYWORD_COLUMN_PHONE_WIDTH : pageKeywordWidth
  const [explaining, setExplaining] = useState<{ id: string; keyword: string } | null>(null)
  const explain = useCallback((row: KeywordRow) => setExplaining({ id: row.id, keyword: row.keyword }), [])
  const columns = useMemo(() => keywordColumns({ keywordWidth, onExplain: explain }), [keywordWidth, explain])

  // Page and sort changes come from the table; "Reset" on a sorted column leaves no sort, which
  // is the default order (createdAt desc) again.
  const onTableSearchChange = useCallback(
    (next: TableSearch, options?: { replace?: boolean }) =>
      onSearchChange({ ...next, sort: next.sort.length > 0 ? next.sort : KEYWORDS_SEARCH_DEFAULTS.sort }, options),
    [onSearchChange],
  )
  const { table } = useDataTable({
    data: rows,
    columns,
    rowCount: query.data?.total ?? 0,
    // Unknown while the first answer or a new page is on its way: the table clamps a page past
    // the last only against the count the server gave for this very search.
    pageCount: query.isPlaceholderData ? undefined : query.data?.pageCount,
    search,
    onSearchChange: onTableSearchChange,
    getRowId: (row) => row.id,
    initialColumnPinning: { left: ['select'], right: [] },
  })

  // Changing a filter (or the join) goes back to page 1; typed filter changes replace
  // the history entry instead of adding one per keystroke. A selection made under other filters
  // would act on rows no longer shown, so it is cleared.
  const onFiltersChange = useCallback(
    (next: { filters: FilterItem[]; joinOperator: JoinOperator }) => {
      table.resetRowSelection()
      onSearchChange({ ...search, filters: next.filters, joinOperator: next.joinOperator, page: 1 }, { replace: true })
    },
    [onSearchChange, search, table],
  )
  const resetFilters = () => onSearchChange({ ...search, filters: [], joinOperator: 'and', page: 1 })

  const [confirmingDelete, setConfirmingDelete] = useState<string[] | null>(null)
  const actions = useKeywordBulkActions({ onDone: () => table.resetRowSelection() })
  const queryClient = useQueryClient()
  const exclude = useMutation(
    orpc.keyword.exclude.mutationOptions({
      onSuccess: async (result) => {
        table.resetRowSelection()
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
          queryClient.invalidateQueries({ queryKey: orpc.cluster.key() }),
          queryClient.invalidateQueries({ queryKey: orpc.research.key() }),
        ])
        toast.success(`${pluralize(result.excluded, 'keyword')} excluded: research will not plan them again`)
      },
    }),
  )

  const researchPanel = businessId ? <ResearchPanel businessId={businessId} /> : null

  if (query.isError && !query.data) {
    return (
      <KeywordsCardFrame before={researchPanel}>
        <ErrorPanel title="Could not load your keywords" error={query.error} onRetry={() => void query.refetch()} />
      </KeywordsCardFrame>
    )
  }

  // No keywords at all (not "none match"): say what the list is for and what fills it.
  if (query.data && query.data.total === 0 && search.filters.length === 0) {
    return (
      <KeywordsCardFrame total={0} before={researchPanel}>
        <EmptyState
          icon={KeyRoundIcon}
          title={researchRunning ? 'Keyword research is running' : 'No keywords yet'}
          description={
            researchRunning
              ? 'The searches your articles will target appear here as soon as the run above has planned your month: volume, difficulty, priority and the day each is scheduled.'
              : 'The searches your articles will target are listed here with their volume, difficulty, priority and status. Keyword research fills this list from your business profile and competitors: run it above.'
          }
        />
      </KeywordsCardFrame>
    )
  }

  return (
    <KeywordsCardFrame total={query.data?.total} before={researchPanel}>
      <DataTable
        table={table}
        isLoading={query.isPending}
        className={cn(query.isPlaceholderData && 'opacity-70 transition-opacity')}
        aria-busy={query.isFetching || undefined}
        onRowActivate={(row) => explain(row.original)}
        rowActivateLabel={(row) => `Why “${row.original.keyword}”?`}
        emptyMessage={
          search.filters.length > 0 ? (
            <div className="flex flex-col items-center gap-2">
              <p>No results.</p>
              <Button variant="outline" size="sm" onClick={resetFilters}>
                Reset filters
              </Button>
            </div>
          ) : (
            'No results.'
          )
        }
        actionBar={
          <KeywordActionBar
            table={table}
            actions={actions}
            onDelete={() => setConfirmingDelete(Object.keys(table.getState().rowSelection))}
            onExclude={businessId ? (ids) => exclude.mutate({ businessId, ids }) : undefined}
            excluding={exclude.isPending}
          />
        }
      >
        <div role="toolbar" aria-label="Keywords table tools" className="flex w-full items-center justify-between gap-2 p-1">
          <DataTableFilterList table={table} filters={search.filters} joinOperator={search.joinOperator} onChange={onFiltersChange} />
          <DataTableViewOptions table={table} />
        </div>
      </DataTable>
      {businessId && (
        <KeywordWhyPanel
          businessId={businessId}
          keywordId={explaining?.id ?? null}
          keyword={explaining?.keyword ?? ''}
          onClose={() => setExplaining(null)}
        />
      )}
      <DeleteKeywordsDialog
        open={confirmingDelete !== null}
        onOpenChange={(open) => !open && setConfirmingDelete(null)}
        count={confirmingDelete?.length ?? 0}
        onConfirm={() => {
          if (confirmingDelete) actions.delete(confirmingDelete)
          setConfirmingDelete(null)
        }}
      />
    </KeywordsCardFrame>
  )
}
