import { CircleAlertIcon, RotateCwIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '~/components/ui/button'
import { errorMessageOf } from '~/lib/query-client'
import { cn } from '~/lib/utils'

export interface ErrorPanelProps {
  error: unknown
  /** What could not be done, in the screen's words ("Could not load your keywords"). */
  title?: string
  /** Shown as a Try again button (refetch the query, re-run the route's loaders). */
  onRetry?: () => void
  /** True while the retry runs: the button spins and waits. */
  retrying?: boolean
  className?: string
}

/**
 * The one error panel for a failed part of a page (a section whose query failed, a route whose
 * loader failed but keeps its frame): "Something went wrong!", what could not be done, a Show
 * Error / Hide Error toggle revealing the error's message, and Try again when there is a way to
 * retry. The message may be technical: it is one click away for a bug report, not in the way.
 */
export function ErrorPanel({ error, title, onRetry, retrying = false, className }: ErrorPanelProps) {
  const [shown, setShown] = useState(false)
  const detailsId = useId()
  return (
    <div
      role="alert"
      className={cn('grid gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm text-red-200', className)}
    >
      <div className="flex flex-wrap items-center gap-3">
        <CircleAlertIcon aria-hidden="true" className="size-4 shrink-0 text-red-400" />
        <strong className="font-semibold">Something went wrong!</strong>
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={detailsId}
          onClick={() => setShown((value) => !value)}
          className="rounded border border-current px-1.5 py-0.5 text-xs font-semibold hover:bg-destructive/20"
        >
          {shown ? 'Hide Error' : 'Show Error'}
        </button>
      </div>
      {title && <p className="opacity-90">{title}</p>}
      <div id={detailsId} hidden={!shown}>
        {shown && (
          <pre className="overflow-auto rounded border border-destructive/60 bg-background/60 p-2 text-xs whitespace-pre-wrap text-red-300">
            <code>{errorMessageOf(error)}</code>
          </pre>
        )}
      </div>
      {onRetry && (
        <div>
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
            <RotateCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
            Try again
          </Button>
        </div>
      )}
    </div>
  )
}
