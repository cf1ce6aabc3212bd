import {
  getCoreRowModel,
  useReactTable,
  type ColumnPinningState,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { TableSearch } from '~/shared/data-table/search-state'
import type { AnyColumnDef } from './column-meta'

/*
 * The URL ↔ table state mapping, kept pure so it can be unit-tested. The URL is 1-based
 * (`page`), TanStack Table is 0-based (`pageIndex`).
 */

const resolve = <T>(updater: Updater<T>, previous: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater)

export function searchToPagination(search: Pick<TableSearch, 'page' | 'perPage'>): PaginationState {
  return { pageIndex: Math.max(0, search.page - 1), pageSize: search.perPage }
}

export function searchToSorting(search: Pick<TableSearch, 'sort'>): SortingState {
  return search.sort.map((item) => ({ id: item.id, desc: item.desc }))
}

/** The next search after a pagination change; a new page size goes back to page 1. */
export function applyPaginationUpdate(search: TableSearch, updater: Updater<PaginationState>): TableSearch {
  const next = resolve(updater, searchToPagination(search))
  if (next.pageSize !== search.perPage) return { ...search, perPage: next.pageSize, page: 1 }
  return { ...search, page: Math.max(0, next.pageIndex) + 1 }
}

/** The next search after a sorting change; any sort change goes back to page 1. */
export function applySortingUpdate(search: TableSearch, updater: Updater<SortingState>): TableSearch {
  const next = resolve(updater, searchToSorting(search))
  return { ...search, sort: next.map((item) => ({ id: item.id, desc: item.desc })), page: 1 }
}

export interface UseDataTableOptions<TData> {
  data: TData[]
  columns: AnyColumnDef<TData>[]
  /** Total rows matching the filters (server count). */
  rowCount?: number
  /** Number of pages; derived from `rowCount` and the page size when left out. */
  pageCount?: number
  /** The route's validated search state. */
  search: TableSearch
  /** Called with the next search state; the screen navigates (with `tableSearchToUrl`). */
  onSearchChange: (next: TableSearch) => void
  getRowId?: (row: TData, index: number, parent?: Row<TData>) => string
  initialColumnPinning?: ColumnPinningState
  initialColumnVisibility?: VisibilityState
  /** Remember hidden columns in localStorage under this key (read after mount, so SSR matches). */
  visibilityStorageKey?: string
  enableRowSelection?: boolean | ((row: Row<TData>) => boolean)
}

/**
 * A server-driven TanStack table: pagination and sorting live in the URL search state,
 * filtering and paging are done by the server (manual mode). Column visibility, pinning and
 * row selection are local.
 */
export function useDataTable<TData>(options: UseDataTableOptions<TData>) {
  const { search, onSearchChange, visibilityStorageKey } = options

  const { page, perPage, sort } = search
  const pagination = useMemo(() => searchToPagination({ page, perPage }), [page, perPage])
  const sorting = useMemo(() => searchToSorting({ sort }), [sort])

  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => onSearchChange(applyPaginationUpdate(search, updater)),
    [search, onSearchChange],
  )
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => onSearchChange(applySortingUpdate(search, updater)),
    [search, onSearchChange],
  )

  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(options.initialColumnVisibility ?? {})
  const [columnPinning, setColumnPinning] = useState<ColumnPinningState>(options.initialColumnPinning ?? { left: [], right: [] })
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})

  useEffect(() => {
    if (!visibilityStorageKey) return
    try {
      const stored = window.localStorage.getItem(visibilityStorageKey)
      if (stored) setColumnVisibility((current) => ({ ...current, ...(JSON.parse(stored) as VisibilityState) }))
    } catch {
      // Unavailable or malformed storage: keep the defaults.
    }
  }, [visibilityStorageKey])

  const onColumnVisibilityChange = useCallback(
    (updater: Updater<VisibilityState>) => {
      setColumnVisibility((current) => {
        const next = resolve(updater, current)
        if (visibilityStorageKey) {
          try {
            window.localStorage.setItem(visibilityStorageKey, JSON.stringify(next))
          } catch {
            // Storage full or blocked: visibility still works for this visit.
          }
        }
        return next
      })
    },
    [visibilityStorageKey],
  )

  const table = useReactTable({
    data: options.data,
    columns: options.columns,
    getRowId: options.getRowId,
    pageCount: options.pageCount,
    rowCount: options.rowCount,
    state: { pagination, sorting, columnVisibility, columnPinning, rowSelection },
    defaultColumn: { enableColumnFilter: false },
    enableRowSelection: options.enableRowSelection ?? true,
    onPaginationChange,
    onSortingChange,
    onColumnVisibilityChange,
    onColumnPinningChange: setColumnPinning,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
  })

  return { table }
}
