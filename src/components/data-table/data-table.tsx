import { flexRender, type Column, type Row, type Table as TanstackTable } from '@tanstack/react-table'
import type { ComponentProps, CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table'
import { cn } from '~/lib/utils'
import { DataTablePagination } from './data-table-pagination'
import { useScrollEdges } from './use-scroll-edges'

/**
 * Width and sticky position of a column. `size` (clamped by TanStack to `minSize`..`maxSize`) is
 * the column's width and its minimum, so a crowded table scrolls instead of squeezing it; it
 * never grows past `maxSize` when one is set. A pinned column has exactly its size and sticks
 * at the summed width of the pinned columns before it.
 */
export function getColumnStyle<TData>(column: Column<TData, unknown>): CSSProperties {
  const pinned = column.getIsPinned()
  const width = column.getSize()
  const maxSize = column.columnDef.maxSize
  const style: CSSProperties = {
    width,
    minWidth: width,
    maxWidth: pinned ? width : maxSize !== undefined && maxSize < Number.MAX_SAFE_INTEGER ? maxSize : undefined,
  }
  if (!pinned) return style
  const lastLeft = pinned === 'left' && column.getIsLastColumn('left')
  const firstRight = pinned === 'right' && column.getIsFirstColumn('right')
  return {
    ...style,
    position: 'sticky',
    left: pinned === 'left' ? column.getStart('left') : undefined,
    right: pinned === 'right' ? column.getAfter('right') : undefined,
    zIndex: 1,
    boxShadow: lastLeft ? '-4px 0 4px -4px var(--color-border) inset' : firstRight ? '4px 0 4px -4px var(--color-border) inset' : undefined,
  }
}

interface DataTableProps<TData> extends ComponentProps<'div'> {
  table: TanstackTable<TData>
  /** Shown (floating) while at least one row is selected; usually a `DataTableActionBar`. */
  actionBar?: ReactNode
  /** Show skeleton rows instead of the body (e.g. while a new page is fetched without cached data). */
  isLoading?: boolean
  /** When set, the body shows this error with a Try again button (calls `onRetry`). */
  error?: unknown
  onRetry?: () => void
  /** Body text when there are no rows. */
  emptyMessage?: ReactNode
  pageSizeOptions?: readonly number[]
  /** Toolbar above the table (filter list, view options, ...). */
  children?: ReactNode
  /**
   * What opening a row does (its detail panel): a click on the row outside its own controls, or
   * Enter on the focused row. Rows are focusable only when this is set.
   */
  onRowActivate?: (row: Row<TData>) => void
  /** The activatable row's tooltip, e.g. "Why “cold brew”?" (the row's cells stay its content for a screen reader). */
  rowActivateLabel?: (row: Row<TData>) => string
}

/**
 * A click on one of the row's own controls (checkbox, link, button, input) is theirs, not the
 * row's; so is one in a pop-up a cell opened (a portal: React bubbles it here, the DOM does not
 * hold it in the row).
 */
const OWN_CONTROLS = 'a, button, input, select, textarea, label, [role="checkbox"], [role="menuitem"], [data-row-control]'

function isRowOwnControl(event: MouseEvent | KeyboardEvent) {
  const target = event.target as Element
  if (!event.currentTarget.contains(target)) return true
  return target !== event.currentTarget && target.closest(OWN_CONTROLS) !== null
}

/** Pinned cells are opaque (rows scroll under them) and follow the row's hover and selected tint. */
const pinnedCell =
  'bg-card [tr:hover>&]:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))] [tr[data-state=selected]>&]:bg-muted'

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'The rows could not be loaded.'

/** A server-driven data table: toolbar (children), header, body, pagination and the action bar. */
export function DataTable<TData>({
  table,
  actionBar,
  isLoading = false,
  error,
  onRetry,
  emptyMessage = 'No results.',
  pageSizeOptions,
  children,
  onRowActivate,
  rowActivateLabel,
  className,
  ...props
}: DataTableProps<TData>) {
  const scroll = useScrollEdges<HTMLDivElement>()
  const columnCount = table.getVisibleLeafColumns().length
  const rows = table.getRowModel().rows
  const hasSelection = Object.keys(table.getState().rowSelection).length > 0
  const skeletonRows = Math.min(table.getState().pagination.pageSize, 10)

  let body: ReactNode
  if (error) {
    body = <ErrorRow columnCount={columnCount} error={error} onRetry={onRetry} />
  } else if (isLoading) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      <TableRow key={index} className="hover:bg-transparent">
        {table.getVisibleLeafColumns().map((column) => (
          <TableCell key={column.id} style={getColumnStyle(column)} className={cn(column.getIsPinned() && pinnedCell)}>
            <Skeleton className="h-6 w-full" />
          </TableCell>
        ))}
      </TableRow>
    ))
  } else if (rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount} className="h-24 text-center">
          {/* Over a table wider than its box (a phone), the message and its button stay in view, centred in what shows. */}
          <div
            className="sticky left-2 whitespace-normal"
            style={scroll.visibleWidth > 0 ? { width: Math.max(0, scroll.visibleWidth - 16) } : undefined}
          >
            {emptyMessage}
          </div>
        </TableCell>
      </TableRow>
    )
  } else {
    body = <DataRows rows={rows} onRowActivate={onRowActivate} rowActivateLabel={rowActivateLabel} />
  }

  return (
    <div className={cn('flex w-full flex-col gap-2.5 overflow-auto', className)} {...props}>
      {children}
      {/* A table wider than its card scrolls inside it; a shadow on each side that hides columns says so. */}
      <div
        className="relative overflow-hidden rounded-md border border-border bg-card"
        data-hidden-columns={scroll.edges.after ? (scroll.edges.before ? 'both' : 'after') : scroll.edges.before ? 'before' : undefined}
      >
        <Table aria-busy={isLoading || undefined} containerRef={scroll.ref} onContainerScroll={scroll.update}>
          <DataTableHeader table={table} />
          <TableBody>{body}</TableBody>
        </Table>
        {scroll.edges.before && (
          <div
            aria-hidden="true"
            data-slot="scroll-shadow-before"
            className="pointer-events-none absolute inset-y-0 z-[2] w-8 bg-gradient-to-r from-black/70 to-transparent"
            style={{ left: table.getLeftTotalSize() }}
          />
        )}
        {scroll.edges.after && (
          <div
            aria-hidden="true"
            data-slot="scroll-shadow-after"
            className="pointer-events-none absolute inset-y-0 right-0 z-[2] w-12 bg-gradient-to-l from-black/80 via-black/30 to-transparent"
          />
        )}
      </div>
      <div className="flex flex-col gap-2.5">
        <DataTablePagination table={table} pageSizeOptions={pageSizeOptions} />
        {hasSelection && actionBar}
      </div>
    </div>
  )
}

function ErrorRow({ columnCount, error, onRetry }: { columnCount: number; error: unknown; onRetry?: () => void }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columnCount} className="h-24 text-center whitespace-normal">
        <div role="alert" className="flex flex-col items-center gap-2">
          <p className="font-medium">Something went wrong!</p>
          <p className="text-muted-foreground">{errorText(error)}</p>
          {onRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  )
}

/** The page's rows; with `onRowActivate`, each is focusable and opens on a click outside its controls or on Enter. */
function DataRows<TData>({
  rows,
  onRowActivate,
  rowActivateLabel,
}: {
  rows: Row<TData>[]
  onRowActivate?: (row: Row<TData>) => void
  rowActivateLabel?: (row: Row<TData>) => string
}) {
  return rows.map((row) => (
    <TableRow
      key={row.id}
      data-state={row.getIsSelected() ? 'selected' : undefined}
      {...(onRowActivate && {
        tabIndex: 0,
        title: rowActivateLabel?.(row),
        className: 'cursor-pointer focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        onClick: (event: MouseEvent<HTMLTableRowElement>) => {
          if (!isRowOwnControl(event) && !window.getSelection()?.toString()) onRowActivate(row)
        },
        onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
          if (event.key !== 'Enter' || event.target !== event.currentTarget) return
          event.preventDefault()
          onRowActivate(row)
        },
      })}
    >
      {row.getVisibleCells().map((cell) => (
        <TableCell
          key={cell.id}
          style={getColumnStyle(cell.column)}
          className={cn('overflow-hidden text-ellipsis', cell.column.getIsPinned() && pinnedCell)}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </TableCell>
      ))}
    </TableRow>
  ))
}

/** Column headers, sticky when pinned, with the sort each one applies. */
function DataTableHeader<TData>({ table }: { table: TanstackTable<TData> }) {
  return (
    <TableHeader>
      {table.getHeaderGroups().map((headerGroup) => (
        <TableRow key={headerGroup.id} className="hover:bg-transparent">
          {headerGroup.headers.map((header) => (
            <TableHead
              key={header.id}
              colSpan={header.colSpan}
              style={getColumnStyle(header.column)}
              className={cn(header.column.getIsPinned() && 'bg-card')}
              aria-sort={
                header.column.getIsSorted() === 'asc' ? 'ascending' : header.column.getIsSorted() === 'desc' ? 'descending' : undefined
              }
            >
              {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
            </TableHead>
          ))}
        </TableRow>
      ))}
    </TableHeader>
  )
}
