import type { ComponentProps } from 'react'
import { Skeleton } from '~/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table'
import { cn } from '~/lib/utils'

interface DataTableSkeletonProps extends ComponentProps<'div'> {
  columnCount: number
  rowCount?: number
  /** Widths of the columns (CSS values), e.g. `['2.5rem', '16rem']`; the rest are auto. */
  cellWidths?: string[]
  /** Placeholder buttons of the toolbar above the table (0 hides the toolbar). */
  filterCount?: number
  withViewOptions?: boolean
  withPagination?: boolean
}

/** The loading state of a data table: toolbar, header and skeleton rows, announced as "Loading". */
export function DataTableSkeleton({
  columnCount,
  rowCount = 10,
  cellWidths = [],
  filterCount = 0,
  withViewOptions = true,
  withPagination = true,
  className,
  ...props
}: DataTableSkeletonProps) {
  const widths = Array.from({ length: columnCount }, (_, index) => cellWidths[index] ?? 'auto')
  return (
    <div role="status" aria-busy="true" className={cn('flex w-full flex-col gap-2.5 overflow-auto', className)} {...props}>
      <span className="sr-only">Loading</span>
      {(filterCount > 0 || withViewOptions) && (
        <div className="flex w-full items-center justify-between gap-2 overflow-auto p-1">
          <div className="flex flex-1 items-center gap-2">
            {Array.from({ length: filterCount }, (_, index) => (
              <Skeleton key={index} className="h-7 w-[4.5rem] border-dashed" />
            ))}
          </div>
          {withViewOptions && <Skeleton className="ml-auto h-7 w-[4.5rem]" />}
        </div>
      )}
      <div className="rounded-md border border-border">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {widths.map((width, index) => (
                <TableHead key={index} style={{ width, minWidth: width }}>
                  <Skeleton className="h-6 w-full" />
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {Array.from({ length: rowCount }, (_, row) => (
              <TableRow key={row} className="hover:bg-transparent">
                {widths.map((width, index) => (
                  <TableCell key={index} style={{ width, minWidth: width }}>
                    <Skeleton className="h-6 w-full" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {withPagination && (
        <div className="flex w-full items-center justify-between gap-4 overflow-auto p-1 sm:gap-8">
          <Skeleton className="h-7 w-40 shrink-0" />
          <div className="flex items-center gap-4 sm:gap-6 lg:gap-8">
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="hidden size-7 lg:block" />
            <Skeleton className="size-7" />
            <Skeleton className="size-7" />
            <Skeleton className="hidden size-7 lg:block" />
          </div>
        </div>
      )}
    </div>
  )
}
