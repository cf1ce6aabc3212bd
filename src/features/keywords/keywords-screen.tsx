import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRoundIcon } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { DataTable } from '~/components/data-table/data-table'
import { DataTableNoMatches, DataTableToolbar, withoutFilters, type TableSearchChange } from '~/components/data-table/data-table-toolbar'
import { useMediaQuery } from '~/components/data-table/use-media-query'
import { useDataTable } from '~/components/data-table/use-data-table'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import { pluralize } from '~/features/format'
import type { TableSearch } from '~/shared/data-table/search-state'
import { KeywordWhyPanel } from '~/features/research/keyword-why-panel'
import { isResearchRunning, ResearchPanel, useCurrentBusinessId, useResearchStatus } from '~/features/research/research-panel'
import { DeleteKeywordsDialog } from './delete-keywords-dialog'
import { KeywordActionBar } from './keyword-action-bar'
import { keywordColumns, type KeywordRow } from './keyword-columns'
import { KEYWORD_COLUMN_PHONE_WIDTH, keywordColumnWidth } from './keyword-format'
import { keywordListQuery } from './keywords-queries'
import { KEYWORDS_SEARCH_DEFAULTS } from './keyword-search'
import { KeywordsCardFrame } from './keywords-card-frame'
import { useKeywordBulkActions } from './use-keyword-bulk-actions'

const NO_ROWS: KeywordRow[] = []

/**
 * The Keywords screen (docs/product/keywords-table.md): the card with the total, the filter list and View menu, the
 * table with paging and sorting from the URL, and bulk actions on the selected rows.
 */
export function KeywordsScreen({ search, onSearchChange }: { search: TableSearch; onSearchChange: TableSearchChange }) {
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

  const { table } = useDataTable({
    data: rows,
    columns,
    rowCount: query.data?.total ?? 0,
    // Unknown while the first answer or a new page is on its way: the table clamps a page past
    // the last only against the count the server gave for this very search.
    pageCount: query.isPlaceholderData ? undefined : query.data?.pageCount,
    search,
    onSearchChange,
    // "Reset" on a sorted column leaves no sort: the default order (createdAt desc) again.
    defaultSort: KEYWORDS_SEARCH_DEFAULTS.sort,
    getRowId: (row) => row.id,
    initialColumnPinning: { left: ['select'], right: [] },
  })

  const resetFilters = () => onSearchChange(withoutFilters(search))

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
        emptyMessage={search.filters.length > 0 ? <DataTableNoMatches onReset={resetFilters} /> : 'No results.'}
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
        <DataTableToolbar table={table} search={search} onSearchChange={onSearchChange} aria-label="Keywords table tools" />
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
