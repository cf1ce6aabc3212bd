import { ChevronDown, Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '~/components/ui/button'
import type { ResearchStatus } from '~/lib/rpc-outputs'
import { cn } from '~/lib/utils'
import { openNote, outcome, pipelineFigures } from './research-outcome'

/**
 * A finished (or cancelled) research run in the customer's words: first what was found for the
 * business, then apart what is left open and the next step; the pipeline's figures (keywords
 * considered, scored and merged, provider calls, cache hits, cost) stay behind "Details", closed
 * until pressed.
 */
export function ResearchSummary({ run }: { run: NonNullable<ResearchStatus> }) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const cancelled = run.state === 'cancelled'
  const note = cancelled ? 'What it found so far is kept. Run it again to plan your month.' : openNote(run)
  return (
    <div className="grid gap-1">
      <p className="flex items-start gap-2 font-medium">
        {/* Beside a summary that wraps, the icon keeps its size and sits by the first line. */}
        <Sparkles className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
        {cancelled ? 'Keyword research was cancelled' : outcome(run)}
      </p>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      {!cancelled && (
        <div className="grid justify-items-start gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 text-muted-foreground"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            Details
            <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
          </Button>
          <div id={detailsId} hidden={!open} className="grid gap-0.5 text-xs text-muted-foreground">
            {open && pipelineFigures(run).map((line) => <p key={line}>{line}</p>)}
          </div>
        </div>
      )}
    </div>
  )
}
