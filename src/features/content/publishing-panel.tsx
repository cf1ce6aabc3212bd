import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ExternalLinkIcon } from 'lucide-react'
import { useEffect } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { formatDateTime } from '~/features/integrations/integrations-queries'
import { JobProgress } from '~/features/jobs/job-progress'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { orpc } from '~/lib/orpc'
import { useLatest } from '~/lib/use-latest'
import { CONNECTORS, PUBLICATION_STATUS_LABELS, type PublicationStatus } from '~/shared/integrations'
import { publicationsQuery } from './content-queries'
import { LiveCheckStatus } from './live-check-status'

const STATUS_VARIANTS: Record<PublicationStatus, 'success' | 'destructive' | 'secondary' | 'outline'> = {
  pending: 'secondary',
  published: 'success',
  failed: 'destructive',
  unpublished: 'outline',
}

/** Refetched when a publishing attempt ends: a retry keeps the targets that worked, so the article may be live already. */
const ATTEMPT_ENDED = new Set(['retrying', 'completed', 'failed', 'cancelled'])

/** Follows a publishing job, refreshing what each attempt changed (the article, its targets, the counts). */
function PublishingProgress({ jobId }: { jobId: string }) {
  const queryClient = useQueryClient()
  const job = useQuery(jobWatchQueryOptions(jobId))
  const state = job.data?.state
  const refresh = useLatest(() =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.article.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.integration.key() }),
    ]),
  )
  useEffect(() => {
    if (state && ATTEMPT_ENDED.has(state)) void refresh.current()
  }, [state, refresh])
  return <JobProgress jobId={jobId} label="Publishing" className="text-sm" />
}

/**
 * Where the article went (article.publications): per target its status, a link to the live post,
 * the last sync, the error when it failed, whether the latest edits are there yet, and what the
 * live check found on the post; while a publishing job or a live check runs, its progress.
 */
export function PublishingPanel({ businessId, articleId }: { businessId: string; articleId: string }) {
  const query = useQuery(publicationsQuery(businessId, articleId))

  return (
    <Card data-testid="publishing-panel">
      <CardHeader>
        <CardTitle className="text-base">Publishing</CardTitle>
        <CardDescription>Where this article is live.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {query.isPending ? (
          <div role="status" aria-label="Loading where this article is published" className="grid gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : query.isError ? (
          <ErrorPanel title="Could not load where this article is published" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {query.data.publishingJobId && <PublishingProgress key={query.data.publishingJobId} jobId={query.data.publishingJobId} />}
            {query.data.publications.length === 0 ? (
              <p className="text-muted-foreground">
                Not published anywhere yet. Publish now sends it to every connection on{' '}
                <Link to="/integrations" className="text-violet-300 underline-offset-2 hover:underline">
                  Integrations
                </Link>
                .
              </p>
            ) : (
              <ul className="grid gap-3">
                {query.data.publications.map((item) => (
                  <li key={item.id} data-testid="publication" data-type={item.type} className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium">{CONNECTORS[item.type].label}</span>
                      <Badge variant={STATUS_VARIANTS[item.status]}>{PUBLICATION_STATUS_LABELS[item.status]}</Badge>
                    </div>
                    {item.url && item.status === 'published' && (
                      <a
                        href={item.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex min-w-0 items-center gap-1 text-violet-300 underline-offset-2 hover:underline"
                        aria-label={`View on ${CONNECTORS[item.type].label} (opens in a new tab)`}
                      >
                        <ExternalLinkIcon aria-hidden className="size-3.5 shrink-0" />
                        <span className="min-w-0 truncate">View</span>
                      </a>
                    )}
                    <p className="text-xs text-muted-foreground">
                      {item.lastSyncedAt ? `Last synced ${formatDateTime(item.lastSyncedAt)}` : 'Not synced yet'}
                      {!item.enabled && ' · paused on Integrations'}
                    </p>
                    {item.lastError && (item.status === 'failed' || item.status === 'pending') && (
                      <p role="alert" className="text-xs break-words text-red-300">
                        {item.lastError}
                      </p>
                    )}
                    {item.status === 'published' && !item.upToDate && (
                      <p className="text-xs text-amber-300">Your latest edits will be synced.</p>
                    )}
                    {item.status === 'published' && <LiveCheckStatus check={item.liveCheck} jobId={item.liveCheckJobId} />}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
