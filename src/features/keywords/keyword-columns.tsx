import type { ColumnDef } from '@tanstack/react-table'
import { DataTableColumnHeader } from '~/components/data-table/data-table-column-header'
import { selectColumn } from '~/components/data-table/select-column'
import { fieldColumnMeta } from '~/components/data-table/field-meta'
import type { RpcClient } from '~/lib/orpc'
import { KEYWORD_FILTER_FIELDS, type KeywordFilterField } from '~/shared/keywords'
import { DifficultyValue, KeywordSourceBadge, KeywordStatusBadge, PriorityBadge, SearchIntentBadge, TopicLabel } from './keyword-badges'
import { formatLongDate, formatVolume, KEYWORD_COLUMN_PHONE_WIDTH } from './keyword-format'

/** One row of the Keywords table, as keyword.list returns it (docs/product/keywords-table.md). */
export type KeywordRow = Awaited<ReturnType<RpcClient['keyword']['list']>>['items'][number]

/** The filter list's view of a column, from the shared field definitions (one source for UI and server). */
const filterMeta = (id: KeywordFilterField) => fieldColumnMeta(KEYWORD_FILTER_FIELDS[id])

const dataColumn = (
  id: KeywordFilterField,
  cell: ColumnDef<KeywordRow>['cell'],
  extra: Partial<ColumnDef<KeywordRow>> = {},
): ColumnDef<KeywordRow> => {
  const meta = filterMeta(id)
  return {
    id,
    accessorKey: id,
    header: ({ column }) => <DataTableColumnHeader column={column} title={meta.label ?? id} />,
    cell,
    meta,
    enableSorting: true,
    enableHiding: true,
    enableColumnFilter: true,
    ...extra,
  }
}

/**
 * The Keywords table's columns, the ones that decide what to do first (keyword, status, volume,
 * difficulty) leftmost, so a phone or a narrow card shows them before any scrolling.
 * `keywordWidth` is computed from the keywords on the page (keywordColumnWidth), so the column
 * fits them without wasting space.
 */
export function keywordColumns({
  keywordWidth,
  onExplain,
}: {
  /** The keyword column's width: from the page's keywords, or KEYWORD_COLUMN_PHONE_WIDTH on a phone. */
  keywordWidth: number
  /** Opens the "why this keyword" panel; without it the keyword is plain text. */
  onExplain?: (row: KeywordRow) => void
}): ColumnDef<KeywordRow>[] {
  return [
    selectColumn<KeywordRow>((row) => row.keyword),
    dataColumn(
      'keyword',
      ({ row }) =>
        onExplain ? (
          <button
            type="button"
            className="block truncate text-left font-medium underline-offset-4 hover:underline focus-visible:underline"
            style={{ width: keywordWidth - 16 }}
            title={`Why “${row.original.keyword}”?`}
            onClick={() => onExplain(row.original)}
          >
            {row.original.keyword}
          </button>
        ) : (
          <div className="truncate font-medium" style={{ width: keywordWidth - 16 }} title={row.original.keyword}>
            {row.original.keyword}
          </div>
        ),
      { size: keywordWidth, minSize: KEYWORD_COLUMN_PHONE_WIDTH, maxSize: 400, enableHiding: false },
    ),
    dataColumn('status', ({ row }) => <KeywordStatusBadge status={row.original.status} />, { size: 120 }),
    dataColumn('searchVolume', ({ row }) => <span className="tabular-nums">{formatVolume(row.original.searchVolume)}</span>, { size: 130 }),
    dataColumn('difficulty', ({ row }) => <DifficultyValue difficulty={row.original.difficulty} />, { size: 110 }),
    dataColumn('priority', ({ row }) => <PriorityBadge priority={row.original.priority} />, { size: 110 }),
    dataColumn('searchIntent', ({ row }) => <SearchIntentBadge intent={row.original.searchIntent} />, { size: 140 }),
    // Not sortable: the label is the cluster's (src/shared/keywords.ts KEYWORD_SORTABLE_COLUMNS).
    dataColumn('clusterLabel', ({ row }) => <TopicLabel label={row.original.clusterLabel} />, { size: 180, enableSorting: false }),
    dataColumn('source', ({ row }) => <KeywordSourceBadge source={row.original.source} />, { size: 170 }),
    dataColumn('scheduledAt', ({ row }) => <span className="whitespace-nowrap">{formatLongDate(row.original.scheduledAt)}</span>, {
      size: 160,
    }),
    dataColumn('createdAt', ({ row }) => <span className="whitespace-nowrap">{formatLongDate(row.original.createdAt)}</span>, {
      size: 160,
    }),
  ]
}
