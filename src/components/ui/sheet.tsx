import { Dialog as DialogPrimitive } from 'radix-ui'
import { XIcon } from 'lucide-react'
import { useRef, type ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/** A panel sliding in from the left (the small-screen navigation) or the right (details), built on Radix Dialog. */
export const Sheet = DialogPrimitive.Root
export const SheetTrigger = DialogPrimitive.Trigger
export const SheetClose = DialogPrimitive.Close

export function SheetContent({
  className,
  children,
  title,
  side = 'left',
  closeLabel = 'Close menu',
  showTitle = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  title: string
  side?: 'left' | 'right'
  closeLabel?: string
  /** Show the title as the panel's heading (otherwise it is for screen readers only). */
  showTitle?: boolean
}) {
  // Closing returns focus to whatever opened the panel. Radix returns it to a <SheetTrigger> only;
  // a panel opened from elsewhere (a table row, by keyboard) would leave focus on the page's body.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
      <DialogPrimitive.Content
        // No description: the panel is a list of links, which the title describes.
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 z-50 flex max-w-[85vw] flex-col gap-4 bg-card p-4 shadow-xl',
          side === 'left' ? 'left-0 w-72 border-r border-border' : 'right-0 w-[28rem] overflow-y-auto border-l border-border',
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current =
            document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
          onOpenAutoFocus?.(event)
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event)
          const back = opener.current
          opener.current = null
          if (event.defaultPrevented || !back?.isConnected) return
          event.preventDefault()
          back.focus()
        }}
        {...props}
      >
        <DialogPrimitive.Title className={showTitle ? 'pr-8 text-lg font-semibold' : 'sr-only'}>{title}</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 rounded-sm p-1 text-muted-foreground hover:text-foreground"
          aria-label={closeLabel}
        >
          <XIcon className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}
