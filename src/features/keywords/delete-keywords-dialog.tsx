import { AlertDialog } from 'radix-ui'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/lib/utils'
import { formatCount } from '../format'

interface DeleteKeywordsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  count: number
  onConfirm: () => void
}

export const keywordsNoun = (count: number) => `${formatCount(count)} ${count === 1 ? 'keyword' : 'keywords'}`

/** "Delete N keywords?" with Cancel / Delete (a Radix alert dialog: focus starts on Cancel). */
export function DeleteKeywordsDialog({ open, onOpenChange, count, onConfirm }: DeleteKeywordsDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Delete {keywordsNoun(count)}?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {count === 1 ? 'It is' : 'They are'} removed from your keyword plan. You can undo this from the notification that follows.
          </AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={cn(buttonVariants({ variant: 'destructive' }))} onClick={onConfirm}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
