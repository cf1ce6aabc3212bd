import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { formatDateTime } from '~/features/integrations/integrations-queries'
import { JobProgress } from '~/features/jobs/job-progress'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { orpc } from '~/lib/orpc'
import { useLatest } from '~/lib/use-latest'
import { cn } from '~/lib/utils'
import { liveCheckSummary, type LiveCheck } from '~/shared/live-check'

/** Broken images listed by name; the rest are counted. */
const BROKEN_SHOWN = 8

const TONES = {
  ok: { icon: CircleCheck, className: 'text-green-300' },
  warning: { icon: TriangleAlert, className: 'text-amber-300' },
  error: { icon: CircleAlert, className: 'text-red-300' },
} as const

const FINISHED = new Set(['completed', 'failed', 'cancelled'])

/** The check queued or running: its progress, and the panel read again once it ends. */
function LiveCheckProgress({ jobId }: { jobId: string }) {
  const queryClient = useQueryClient()
  const job = useQuery(jobWatchQueryOptions(jobId))
  const state = job.data?.state
  const refresh = useLatest(() => queryClient.invalidateQueries({ queryKey: orpc.article.publications.key() }))
  useEffect(() => {
    if (state && FINISHED.has(state)) void refresh.current()
  }, [state, refresh])
  return <JobProgress jobId={jobId} label="Checking the live page" className="p-3 text-xs" />
}

/** The image's file name, which is what tells one from another in a short list. */
function imageName(url: string) {
  try {
    const { pathname, hostname } = new URL(url)
    return decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? hostname)
  } catch {
    return url
  }
}

/**
 * What a reader sees on the published post (docs/product/publishing.md, "After publishing: the
 * live check"): "Live · 7 images load", "Live · 2 of 7 images broken" with the broken ones, or
 * "Not reachable: HTTP 404", with when it was checked.
 */
export function LiveCheckStatus({ check, jobId }: { check: LiveCheck | null; jobId: string | null }) {
  if (jobId) return <LiveCheckProgress key={jobId} jobId={jobId} />
  if (!check) return null
  const summary = liveCheckSummary(check)
  const tone = TONES[summary.tone]
  const Icon = tone.icon
  const hidden = check.broken.length - BROKEN_SHOWN
  return (
    <div data-testid="live-check" data-tone={summary.tone} className="grid min-w-0 gap-1 text-xs">
      <p className={cn('flex items-center gap-1.5 font-medium', tone.className)}>
        <Icon aria-hidden className="size-3.5 shrink-0" />
        <span>{summary.text}</span>
      </p>
      {summary.detail && <p className="break-words text-red-300">{summary.detail}</p>}
      {check.broken.length > 0 && (
        <ul aria-label="Images that do not load" className="grid min-w-0 gap-0.5 text-amber-200">
          {check.broken.slice(0, BROKEN_SHOWN).map((image) => (
            <li key={image.url} className="grid min-w-0">
              <a
                href={image.url}
                target="_blank"
                rel="noopener noreferrer"
                title={image.url}
                className="min-w-0 truncate underline-offset-2 hover:underline"
              >
                {imageName(image.url)}
              </a>
              <span className="break-words text-muted-foreground">{image.reason}</span>
            </li>
          ))}
          {hidden > 0 && <li className="text-muted-foreground">and {hidden} more</li>}
        </ul>
      )}
      <p className="text-muted-foreground">Checked {formatDateTime(check.checkedAt)}</p>
    </div>
  )
}
