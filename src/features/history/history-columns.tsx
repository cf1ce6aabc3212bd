import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { RotateCwIcon } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import type { RpcClient } from '~/lib/orpc'
import { HISTORY_KIND_LABELS, HISTORY_STATUS_LABELS, type HistoryStatus } from '~/shared/history'

/** One entry of the timeline, as history.list returns it. */
export type HistoryRow = Awaited<ReturnType<RpcClient['history']['list']>>['items'][number]

const STATUS_VARIANT = {
  succeeded: 'success',
  failed: 'destructive',
  'in-progress': 'warning',
  cancelled: 'secondary',
} as const

export function HistoryStatusBadge({ status }: { status: HistoryStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{HISTORY_STATUS_LABELS[status]}</Badge>
}

const when = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
})

/** "March 5, 2026, 10:00 AM UTC": the server renders the page too, so the time zone is fixed. */
export const formatWhen = (at: Date) => `${when.format(at)} UTC`

/** A same-origin path with an optional #section, split for the router's Link. */
function linkTarget(href: string) {
  const [to, hash] = href.split('#')
  return { to, hash }
}

interface ColumnOptions {
  onRetry: (row: HistoryRow) => void
  /** The job id whose Retry is being started. */
  retrying: string | null
}

/**
 * The timeline's columns: what happened (with its subject's link, why it failed and Retry), its
 * status, and when. On a phone the status and time move under the title.
 */
export function historyColumns({ onRetry, retrying }: ColumnOptions): ColumnDef<HistoryRow>[] {
  return [
    {
      id: 'entry',
      header: 'What happened',
      size: 300,
      cell: ({ row: { original: entry } }) => (
        <div className="flex min-w-0 flex-col gap-1 py-1 whitespace-normal" data-testid="history-entry" data-status={entry.status}>
          <span className="text-xs font-medium text-muted-foreground">{HISTORY_KIND_LABELS[entry.kind]}</span>
          {entry.link ? (
            <Link
              {...linkTarget(entry.link.href)}
              className="font-medium break-words underline-offset-4 hover:underline focus-visible:underline"
            >
              {entry.title}
            </Link>
          ) : (
            <span className="font-medium break-words">{entry.title}</span>
          )}
          {entry.description && <span className="text-sm break-words text-muted-foreground">{entry.description}</span>}
          <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:hidden">
            <HistoryStatusBadge status={entry.status} />
            <time dateTime={entry.at.toISOString()}>{formatWhen(entry.at)}</time>
          </span>
          {entry.error && (
            <p className="text-sm break-words text-red-300" data-testid="history-error">
              <span className="sr-only">Why it failed: </span>
              {entry.error}
            </p>
          )}
          {entry.retryJobId && (
            <div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRetry(entry)}
                disabled={retrying === entry.retryJobId}
                aria-label={`Retry: ${entry.title}`}
              >
                <RotateCwIcon aria-hidden="true" className={retrying === entry.retryJobId ? 'animate-spin' : undefined} />
                Retry
              </Button>
            </div>
          )}
          {entry.retriedStatus && (
            <span className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="history-retried">
              Run again: <HistoryStatusBadge status={entry.retriedStatus} />
            </span>
          )}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      size: 120,
      cell: ({ row: { original: entry } }) => <HistoryStatusBadge status={entry.status} />,
    },
    {
      id: 'at',
      header: 'When',
      size: 190,
      cell: ({ row: { original: entry } }) => (
        <time dateTime={entry.at.toISOString()} className="text-sm whitespace-normal text-muted-foreground">
          {formatWhen(entry.at)}
        </time>
      ),
    },
  ]
}
