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
import type { SortItem } from '~/shared/data-table/filter-schema'
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

/**
 * The page to show instead of `page` when it is past the last one (a bulk action emptied the last
 * page, a stale or hand-edited `?page=999`): the last page, or 1 when nothing matches. Null when
 * `page` is fine or the page count is not known yet (still loading).
 */
export function clampPage(page: number, pageCount: number | undefined): number | null {
  if (pageCount === undefined) return null
  const last = Math.max(1, pageCount)
  return page > last ? last : null
}

/**
 * The next search after a sorting change; any sort change goes back to page 1. "Reset" on the
 * only sorted column leaves no sort: the table's `defaultSort` then, when it has one.
 */
export function applySortingUpdate(
  search: TableSearch,
  updater: Updater<SortingState>,
  defaultSort: readonly SortItem[] = [],
): TableSearch {
  const next = resolve(updater, searchToSorting(search))
  const sort = next.length > 0 ? next : defaultSort
  return { ...search, sort: sort.map((item) => ({ id: item.id, desc: item.desc })), page: 1 }
}

export interface UseDataTableOptions<TData> {
  data: TData[]
  columns: AnyColumnDef<TData>[]
  /** Total rows matching the filters (server count). */
  rowCount?: number
  /**
   * Number of pages, from the server's answer for this search; derived from `rowCount` and the
   * page size when left out. Leave it out while the answer is loading: once known, a page past
   * the last is replaced by the last (`clampPage`).
   */
  pageCount?: number
  /** The route's validated search state. */
  search: TableSearch
  /**
   * Called with the next search state; the screen navigates (with `tableSearchToUrl`), replacing
   * the history entry when `replace` is set (a correction, not a step of the user's).
   */
  onSearchChange: (next: TableSearch, options?: { replace?: boolean }) => void
  getRowId?: (row: TData, index: number, parent?: Row<TData>) => string
  initialColumnPinning?: ColumnPinningState
  initialColumnVisibility?: VisibilityState
  /** Remember hidden columns in localStorage under this key (read after mount, so SSR matches). */
  visibilityStorageKey?: string
  enableRowSelection?: boolean | ((row: Row<TData>) => boolean)
  /** The order when no column is sorted (the table's default in its URL state). */
  defaultSort?: readonly SortItem[]
}

/**
 * A server-driven TanStack table: pagination and sorting live in the URL search state,
 * filtering and paging are done by the server (manual mode). Column visibility, pinning and
 * row selection are local.
 */
export function useDataTable<TData>(options: UseDataTableOptions<TData>) {
  const { search, onSearchChange, visibilityStorageKey, defaultSort } = options

  const { page, perPage, sort } = search
  const pagination = useMemo(() => searchToPagination({ page, perPage }), [page, perPage])
  const sorting = useMemo(() => searchToSorting({ sort }), [sort])

  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => onSearchChange(applyPaginationUpdate(search, updater)),
    [search, onSearchChange],
  )
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => onSearchChange(applySortingUpdate(search, updater, defaultSort)),
    [search, onSearchChange, defaultSort],
  )

  // Past the last page: go to the last one, in place of the address that asked for the empty page.
  const pageCount = options.pageCount
  useEffect(() => {
    const target = clampPage(page, pageCount)
    if (target !== null) onSearchChange({ ...search, page: target }, { replace: true })
  }, [page, pageCount, search, onSearchChange])

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
