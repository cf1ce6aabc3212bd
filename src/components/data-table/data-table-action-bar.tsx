import type { Table } from '@tanstack/react-table'
import { XIcon } from 'lucide-react'
import { useEffect, type ComponentProps, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { Tooltip, TooltipContent, TooltipTrigger } from '~/components/ui/tooltip'
import { cn } from '~/lib/utils'

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

interface DataTableActionBarProps<TData> extends ComponentProps<'div'> {
  table: Table<TData>
  /** The bulk actions (e.g. `DataTableActionBarAction`s). */
  children?: ReactNode
}

/**
 * A toolbar floating at the bottom of the screen while at least one row is selected: "N selected",
 * a clear button (Escape also clears, unless a dialog or menu takes the key) and the actions.
 */
export function DataTableActionBar<TData>({ table, children, className, ...props }: DataTableActionBarProps<TData>) {
  const selected = Object.keys(table.getState().rowSelection).length
  const open = selected > 0

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      // Radix layers (dialogs, menus) handle Escape first and mark it handled.
      if (event.key !== 'Escape' || event.defaultPrevented || isEditable(event.target)) return
      table.resetRowSelection()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, table])

  if (!open || typeof document === 'undefined') return null

  return createPortal(
    <div
      role="toolbar"
      aria-label="Selected rows actions"
      aria-orientation="horizontal"
      className={cn(
        'fixed inset-x-0 bottom-6 z-50 mx-auto flex w-fit max-w-[calc(100vw-2rem)] flex-wrap items-center justify-center gap-2 rounded-md border border-border bg-card p-2 text-card-foreground shadow-lg',
        className,
      )}
      {...props}
    >
      <div className="flex h-8 items-center gap-1 rounded-md border border-border pr-1 pl-2.5">
        <span className="text-sm whitespace-nowrap" aria-live="polite">
          {selected} selected
        </span>
        <div className="mx-0.5 h-4 w-px bg-border" aria-hidden="true" />
        <Button
          variant="ghost"
          size="icon"
          className="size-6 [&_svg]:size-3.5"
          aria-label="Clear selection"
          title="Clear selection (Escape)"
          onClick={() => table.resetRowSelection()}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      {children}
    </div>,
    document.body,
  )
}

interface DataTableActionBarActionProps extends ComponentProps<typeof Button> {
  /** Tooltip text; also the accessible name of an icon-only action. */
  tooltip?: string
  isPending?: boolean
}

/** One bulk action: a small button, with a spinner while pending and an optional tooltip. */
export function DataTableActionBarAction({
  tooltip,
  isPending = false,
  disabled,
  children,
  className,
  size = 'sm',
  ...props
}: DataTableActionBarActionProps) {
  const button = (
    <Button
      variant="secondary"
      size={size}
      className={cn('h-8 border border-border', size === 'icon' && 'size-8', className)}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      aria-label={size === 'icon' ? tooltip : undefined}
      {...props}
    >
      {isPending && <Spinner />}
      {isPending && size === 'icon' ? null : children}
    </Button>
  )
  if (!tooltip) return button
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  )
}
