import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useId, useState, type FormEvent } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { pluralize } from '~/features/format'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'

/** Keywords one paste may add (the server says so too). */
const MAX_KEYWORDS = 50

const linesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean)

/**
 * "Add keywords": paste a list, one per line. Each is measured, scored, put in a topic and
 * scheduled like research's own; what was not added is listed with the reason.
 */
export function AddKeywordsDialog({ businessId }: { businessId: string }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [skipped, setSkipped] = useState<Array<{ keyword: string; reason: string }>>([])
  const fieldId = useId()
  const lines = linesOf(text)
  const add = useMutation(
    orpc.keyword.add.mutationOptions({
      onSuccess: async (result) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
          queryClient.invalidateQueries({ queryKey: orpc.cluster.key() }),
        ])
        if (result.added.length > 0) toast.success(`${pluralize(result.added.length, 'keyword')} added to your plan`)
        setSkipped(result.skipped)
        if (result.skipped.length === 0) {
          setOpen(false)
          setText('')
        } else {
          setText(result.skipped.map((item) => item.keyword).join('\n'))
        }
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (lines.length === 0 || lines.length > MAX_KEYWORDS) return
    add.mutate({ businessId, keywords: lines })
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setSkipped([])
      }}
    >
      <Dialog.Trigger className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <Plus aria-hidden />
        Add keywords
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Add keywords</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            One per line. Each is measured and scored, put in the closest topic and scheduled in your plan. A keyword too close to one you
            already have is not added, so your articles never compete with each other.
          </Dialog.Description>
          <form onSubmit={submit} className="grid gap-3">
            <label htmlFor={fieldId} className="text-sm font-medium">
              Keywords
            </label>
            <textarea
              id={fieldId}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={6}
              placeholder={'cold brew ratio\nbest grinder for espresso'}
              className="min-h-32 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring/50"
              aria-describedby={`${fieldId}-count`}
            />
            <p
              id={`${fieldId}-count`}
              className={lines.length > MAX_KEYWORDS ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}
            >
              {lines.length > MAX_KEYWORDS
                ? `Add at most ${MAX_KEYWORDS} keywords at a time (${lines.length} now).`
                : `${pluralize(lines.length, 'keyword')}`}
            </p>
            {skipped.length > 0 && (
              <div role="status" className="grid gap-1 rounded-md border border-border p-3 text-sm">
                <p className="font-medium">Not added</p>
                <ul className="grid gap-1 text-muted-foreground">
                  {skipped.map((item) => (
                    <li key={item.keyword}>
                      <span className="text-foreground">{item.keyword}</span>: {item.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonVariants({ variant: 'outline' })}>Close</Dialog.Close>
              <Button type="submit" disabled={add.isPending || lines.length === 0 || lines.length > MAX_KEYWORDS}>
                {add.isPending ? 'Adding…' : 'Add to plan'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
