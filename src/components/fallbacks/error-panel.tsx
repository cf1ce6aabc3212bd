import { useId, useState } from 'react'
import { errorMessageOf } from '~/lib/query-client'
import { cn } from '~/lib/utils'

/**
 * The generic error panel (spec §2): "Something went wrong!" and a Show Error / Hide Error toggle
 * revealing the error's message. For a failed part of a page whose message may be technical:
 * the visitor sees a calm sentence, and the detail is one click away for a bug report.
 */
export function ErrorPanel({ error, className }: { error: unknown; className?: string }) {
  const [shown, setShown] = useState(false)
  const detailsId = useId()
  return (
    <div role="alert" className={cn('grid gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm', className)}>
      <div className="flex flex-wrap items-center gap-3">
        <strong className="font-semibold text-red-200">Something went wrong!</strong>
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={detailsId}
          onClick={() => setShown((value) => !value)}
          className="rounded border border-current px-1.5 py-0.5 text-xs font-semibold text-red-200 hover:bg-destructive/20"
        >
          {shown ? 'Hide Error' : 'Show Error'}
        </button>
      </div>
      <div id={detailsId} hidden={!shown}>
        {shown && (
          <pre className="overflow-auto rounded border border-destructive/60 bg-background/60 p-2 text-xs whitespace-pre-wrap text-red-300">
            <code>{errorMessageOf(error)}</code>
          </pre>
        )}
      </div>
    </div>
  )
}
