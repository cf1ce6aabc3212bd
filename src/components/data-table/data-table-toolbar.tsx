import type { Table } from '@tanstack/react-table'
import { useCallback, type ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import type { JoinOperator } from '~/shared/data-table/config'
import type { FilterItem } from '~/shared/data-table/filter-schema'
import type { TableSearch } from '~/shared/data-table/table-schema'
import { DataTableFilterList } from './data-table-filter-list'
import { DataTableViewOptions } from './data-table-view-options'

/** How a table screen asks for a new URL state; `replace` for changes not worth a history entry. */
export type TableSearchChange = (next: TableSearch, options?: { replace?: boolean }) => void

/** The same page of the table without any filter, from its first page. */
export const withoutFilters = (search: TableSearch): TableSearch => ({ ...search, filters: [], joinOperator: 'and', page: 1 })

/**
 * The toolbar above a data table (docs/product/keywords-table.md): the filter list, and the View
 * menu at the other end. Changing a filter (or the join) goes back to page 1 and replaces the
 * history entry instead of adding one per keystroke; a selection made under other filters would
 * act on rows no longer shown, so it is cleared.
 */
export function DataTableToolbar<TData>({
  table,
  search,
  onSearchChange,
  'aria-label': label,
}: {
  table: Table<TData>
  search: TableSearch
  onSearchChange: TableSearchChange
  /** Names the toolbar for a screen reader, e.g. "Keywords table tools". */
  'aria-label': string
}) {
  const onFiltersChange = useCallback(
    (next: { filters: FilterItem[]; joinOperator: JoinOperator }) => {
      table.resetRowSelection()
      onSearchChange({ ...search, filters: next.filters, joinOperator: next.joinOperator, page: 1 }, { replace: true })
    },
    [onSearchChange, search, table],
  )
  return (
    <div role="toolbar" aria-label={label} className="flex w-full items-center justify-between gap-2 p-1">
      <DataTableFilterList table={table} filters={search.filters} joinOperator={search.joinOperator} onChange={onFiltersChange} />
      <DataTableViewOptions table={table} />
    </div>
  )
}

/** The table's body when its filters (or its search) match nothing: says so, with a button that removes them. */
export function DataTableNoMatches({
  children = 'No results.',
  onReset,
  resetLabel = 'Reset filters',
}: {
  children?: ReactNode
  onReset: () => void
  resetLabel?: string
}) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="break-words whitespace-normal">{children}</p>
      <Button variant="outline" size="sm" onClick={onReset}>
        {resetLabel}
      </Button>
    </div>
  )
}
