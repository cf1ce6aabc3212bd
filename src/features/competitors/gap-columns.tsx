import type { ColumnDef } from '@tanstack/react-table'
import { DataTableColumnHeader } from '~/components/data-table/data-table-column-header'
import { selectColumn } from '~/components/data-table/select-column'
import { fieldColumnMeta } from '~/components/data-table/field-meta'
import { formatCount } from '~/features/format'
import { DifficultyValue, SearchIntentBadge } from '~/features/keywords/keyword-badges'
import { formatVolume } from '~/features/keywords/keyword-format'
import type { RpcOutputs } from '~/lib/rpc-outputs'
import { GAP_FILTER_FIELDS, type GapFilterField } from '~/shared/competitors'

/** One row of the keyword gap, as competitor.gap returns it. */
export type GapRow = RpcOutputs['competitor']['gap']['items'][number]

const filterMeta = (id: GapFilterField) => fieldColumnMeta(GAP_FILTER_FIELDS[id])

const header =
  (title: string): ColumnDef<GapRow>['header'] =>
  ({ column }) => <DataTableColumnHeader column={column} title={title} />

/** The keyword column's width on a wider screen, and on a phone, where the search volume beside it must show too. */
export const GAP_KEYWORD_WIDTH = 200
export const GAP_KEYWORD_PHONE_WIDTH = 150

/**
 * The keyword gap's columns: what they rank for, how much it is searched, how hard, who ranks.
 * The keyword wraps within `keywordWidth` (GAP_KEYWORD_PHONE_WIDTH on a phone), so the search
 * volume shows beside it before any scrolling.
 */
export function gapColumns({ keywordWidth = GAP_KEYWORD_WIDTH }: { keywordWidth?: number } = {}): ColumnDef<GapRow>[] {
  return [
    selectColumn<GapRow>((row) => row.keyword),
    {
      id: 'keyword',
      accessorKey: 'keyword',
      header: header('Keyword'),
      cell: ({ row }) => (
        <div className="grid gap-0.5 whitespace-normal">
          <span className="font-medium break-words">{row.original.keyword}</span>
          {row.original.closeTo && (
            <span className="text-xs text-amber-300">Too close to “{row.original.closeTo.keyword}” in your plan</span>
          )}
        </div>
      ),
      meta: filterMeta('keyword'),
      size: keywordWidth,
      enableColumnFilter: true,
      enableHiding: false,
    },
    {
      id: 'searchVolume',
      accessorKey: 'searchVolume',
      header: header('Search volume'),
      cell: ({ row }) => <span className="tabular-nums">{formatVolume(row.original.searchVolume)}</span>,
      meta: filterMeta('searchVolume'),
      size: 130,
      enableColumnFilter: true,
    },
    {
      id: 'difficulty',
      accessorKey: 'difficulty',
      header: header('Difficulty'),
      cell: ({ row }) => <DifficultyValue difficulty={row.original.difficulty} />,
      meta: filterMeta('difficulty'),
      size: 120,
      enableColumnFilter: true,
    },
    {
      id: 'searchIntent',
      accessorKey: 'searchIntent',
      header: header('Search intent'),
      cell: ({ row }) => <SearchIntentBadge intent={row.original.searchIntent} />,
      meta: filterMeta('searchIntent'),
      size: 140,
      enableColumnFilter: true,
    },
    {
      id: 'rank',
      accessorKey: 'rank',
      header: header('Their rank'),
      cell: ({ row }) => <span className="tabular-nums">#{row.original.rank}</span>,
      meta: filterMeta('rank'),
      size: 110,
      enableColumnFilter: true,
    },
    {
      id: 'traffic',
      accessorKey: 'traffic',
      header: header('Their visits'),
      cell: ({ row }) => <span className="tabular-nums">{formatCount(row.original.traffic)}/mo</span>,
      meta: { label: 'Their visits' },
      size: 120,
    },
    {
      id: 'competitors',
      accessorFn: (row) => row.competitors.map((item) => item.name).join(', '),
      header: () => <span>Ranking</span>,
      cell: ({ row }) => (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {row.original.competitors.map((item) => (
            <li key={item.id}>
              {item.name} <span className="tabular-nums">#{item.rank}</span>
            </li>
          ))}
        </ul>
      ),
      meta: { label: 'Ranking' },
      size: 200,
      enableSorting: false,
    },
  ]
}
