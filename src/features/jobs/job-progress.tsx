import { useQuery } from '@tanstack/react-query'
import { CircleAlert, CircleCheck, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'
import { formatTimeLeft, percentOf, secondsLeft, STATE_LABELS, type JobSnapshot, type RateSample } from './job-progress-model'
import { jobWatchQueryOptions } from './job-queries'

export interface JobProgressProps {
  jobId: string
  /** What the job does, for people and for the progress bar's accessible name ("Site analysis"). */
  label: string
  /** Shown as a Retry button when the job failed; typically enqueues it again. */
  onRetry?: () => void
  /** Shown as a Cancel button while the job is unfinished; typically calls job.cancel. */
  onCancel?: () => void
  className?: string
}

/** A background job's live progress: bar, step, "done of total", message, time left, outcome. */
export function JobProgress({ jobId, label, onRetry, onCancel, className }: JobProgressProps) {
  const query = useQuery(jobWatchQueryOptions(jobId))
  if (!query.data) {
    if (query.isError) {
      return (
        <section aria-label={label} className={className}>
          <ErrorPanel title="The job's progress could not be loaded." error={query.error} onRetry={() => void query.refetch()} />
        </section>
      )
    }
    return <JobProgressView label={label} className={className} />
  }
  return <JobProgressView label={label} snapshot={query.data} onRetry={onRetry} onCancel={onCancel} className={className} />
}

function useTimeLeft(snapshot: JobSnapshot | undefined) {
  // Measured on the server's clock: each progress write stamps updatedAt.
  const latest: RateSample | undefined =
    snapshot?.state === 'running' ? { at: new Date(snapshot.updatedAt).getTime(), done: snapshot.done } : undefined
  // The rate is measured from the first snapshot this attempt showed, not from page load; a retry
  // (progress going back) starts a new measurement. Kept in state, adjusted while rendering.
  const [first, setFirst] = useState<RateSample | undefined>(latest)
  if (latest ? !first || latest.done < first.done : first) setFirst(latest)
  return latest ? secondsLeft(first, latest, snapshot?.total ?? null) : undefined
}

export function JobProgressView({
  label,
  snapshot,
  onRetry,
  onCancel,
  className,
}: {
  label: string
  snapshot?: JobSnapshot
  onRetry?: () => void
  onCancel?: () => void
  className?: string
}) {
  const timeLeft = useTimeLeft(snapshot)
  const state = snapshot?.state ?? 'queued'
  const percent = snapshot ? percentOf(snapshot) : 0
  const failed = state === 'failed' || state === 'cancelled'
  const completed = state === 'completed'
  return (
    <section
      aria-label={label}
      data-state={state}
      className={cn('grid gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground', className)}
    >
      <header className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 font-medium">
          {completed && <CircleCheck className="size-4 text-green-400" aria-hidden />}
          {failed && <CircleAlert className="size-4 text-red-400" aria-hidden />}
          {label}
        </span>
        <span role="status" className={cn('text-muted-foreground', completed && 'text-green-300', failed && 'text-red-300')}>
          {STATE_LABELS[state]}
        </span>
      </header>

      <div
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={snapshot?.total ? `${snapshot.done} of ${snapshot.total}` : STATE_LABELS[state]}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width] duration-300',
            completed && 'bg-success',
            failed && 'bg-destructive',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          {snapshot?.step && <span className="text-foreground">{snapshot.step}</span>}
          {snapshot?.total ? (
            <span>
              {' '}
              · {snapshot.done} of {snapshot.total}
            </span>
          ) : null}
        </span>
        <span className="flex items-center gap-3">
          {timeLeft !== undefined && !completed && !failed && <span>{formatTimeLeft(timeLeft)}</span>}
          {onCancel && snapshot && !completed && !failed && (
            <Button size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </span>
      </div>

      {snapshot?.message && !failed && <p className="text-sm text-muted-foreground">{snapshot.message}</p>}
      {state === 'retrying' && snapshot?.error && (
        <p className="text-sm text-amber-300">
          Attempt {snapshot.attempts} failed: {snapshot.error} Trying again shortly.
        </p>
      )}
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-red-200"
        >
          <span>{snapshot?.error ?? 'This job was cancelled.'}</span>
          {onRetry && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              <RotateCcw aria-hidden />
              Retry
            </Button>
          )}
        </div>
      )}
    </section>
  )
}
