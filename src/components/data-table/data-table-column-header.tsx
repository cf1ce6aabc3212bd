import type { Column } from '@tanstack/react-table'
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon, EyeOffIcon, PinIcon, PinOffIcon, XIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { cn } from '~/lib/utils'

interface DataTableColumnHeaderProps<TData, TValue> extends ComponentProps<'button'> {
  column: Column<TData, TValue>
  title: string
}

/**
 * A column's header: plain text when the column can neither sort, hide nor pin; otherwise a
 * menu with Asc / Desc / Reset (clears this column's sort), Hide and pinning.
 */
export function DataTableColumnHeader<TData, TValue>({ column, title, className, ...props }: DataTableColumnHeaderProps<TData, TValue>) {
  const canSort = column.getCanSort()
  const canHide = column.getCanHide()
  const canPin = column.getCanPin()
  if (!canSort && !canHide && !canPin) return <div className={cn('truncate', className)}>{title}</div>

  const sorted = column.getIsSorted()
  const pinned = column.getIsPinned()
  const sortLabel = sorted === 'asc' ? ', sorted ascending' : sorted === 'desc' ? ', sorted descending' : ''

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={`${title} column options${sortLabel}`}
          className={cn(
            '-ml-1.5 flex h-8 items-center gap-1.5 rounded-md px-2 py-1.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-accent [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground',
            className,
          )}
          {...props}
        >
          <span className="truncate">{title}</span>
          {canSort &&
            (sorted === 'desc' ? (
              <ArrowDownIcon aria-hidden="true" />
            ) : sorted === 'asc' ? (
              <ArrowUpIcon aria-hidden="true" />
            ) : (
              <ChevronsUpDownIcon aria-hidden="true" />
            ))}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-36">
        {canSort && (
          <>
            <DropdownMenuItem onSelect={() => column.toggleSorting(false)} aria-checked={sorted === 'asc'} role="menuitemcheckbox">
              <ArrowUpIcon aria-hidden="true" className="text-muted-foreground" />
              Asc
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => column.toggleSorting(true)} aria-checked={sorted === 'desc'} role="menuitemcheckbox">
              <ArrowDownIcon aria-hidden="true" className="text-muted-foreground" />
              Desc
            </DropdownMenuItem>
            {sorted && (
              <DropdownMenuItem onSelect={() => column.clearSorting()}>
                <XIcon aria-hidden="true" className="text-muted-foreground" />
                Reset
              </DropdownMenuItem>
            )}
          </>
        )}
        {canPin && (
          <>
            {canSort && <DropdownMenuSeparator />}
            {pinned !== 'left' && (
              <DropdownMenuItem onSelect={() => column.pin('left')}>
                <PinIcon aria-hidden="true" className="-rotate-45 text-muted-foreground" />
                Pin left
              </DropdownMenuItem>
            )}
            {pinned !== 'right' && (
              <DropdownMenuItem onSelect={() => column.pin('right')}>
                <PinIcon aria-hidden="true" className="rotate-45 text-muted-foreground" />
                Pin right
              </DropdownMenuItem>
            )}
            {pinned && (
              <DropdownMenuItem onSelect={() => column.pin(false)}>
                <PinOffIcon aria-hidden="true" className="text-muted-foreground" />
                Unpin
              </DropdownMenuItem>
            )}
          </>
        )}
        {canHide && (
          <>
            {(canSort || canPin) && <DropdownMenuSeparator />}
            <DropdownMenuItem onSelect={() => column.toggleVisibility(false)}>
              <EyeOffIcon aria-hidden="true" className="text-muted-foreground" />
              Hide
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
