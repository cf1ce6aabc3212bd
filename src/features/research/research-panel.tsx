import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleAlert, Play } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { JobProgress } from '~/features/jobs/job-progress'
import { AddKeywordsDialog } from './add-keywords-dialog'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import type { ResearchStatus } from '~/lib/rpc-outputs'
import { ResearchSummary } from './research-summary'

const RUNNING_STATES = ['queued', 'running', 'retrying']

/** The id of the business the app is working on (the switcher's current one). */
export function useCurrentBusinessId(): string | undefined {
  const businesses = useQuery(orpc.business.list.queryOptions())
  return businesses.data?.find((business) => business.isCurrent)?.id
}

/** The research status query of a business (shared by the panel and the keywords screen). */
export function useResearchStatus(businessId: string | undefined) {
  return useQuery({
    ...orpc.research.status.queryOptions({ input: { businessId: businessId ?? '' } }),
    enabled: Boolean(businessId),
  })
}

export const isResearchRunning = (status: ResearchStatus | null | undefined) => Boolean(status && RUNNING_STATES.includes(status.state))

/**
 * Keyword research on the Keywords screen: live progress while a run goes (stage, percentage,
 * time left, Cancel), a failed run's reason with Retry, and after a run what it found for the
 * business (the pipeline's figures behind Details), with "Run research".
 */
export function ResearchPanel({ businessId }: { businessId: string }) {
  const queryClient = useQueryClient()
  const status = useResearchStatus(businessId)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.research.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.cluster.key() }),
    ])
  const start = useMutation(
    orpc.research.start.mutationOptions({
      onSuccess: () => refresh(),
    }),
  )
  const cancel = useMutation(
    orpc.research.cancel.mutationOptions({
      onSuccess: () => {
        toast.success('Keyword research cancelled')
        return refresh()
      },
    }),
  )
  const run = status.data
  const running = isResearchRunning(run)

  // When the run ends, the keywords and topics it planned are new: fetch them. (The same live
  // query JobProgress shows, so no second request.)
  const watched = useQuery({ ...jobWatchQueryOptions(run?.jobId ?? ''), enabled: running })
  const watchedState = watched.data?.state
  useEffect(() => {
    if (!watchedState || RUNNING_STATES.includes(watchedState)) return
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.research.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.cluster.key() }),
    ])
  }, [watchedState, queryClient])

  if (!run && status.isPending) return null
  const runButton = (label: string) => (
    <Button size="sm" onClick={() => start.mutate({ businessId })} disabled={start.isPending || running}>
      <Play aria-hidden />
      {start.isPending ? 'Starting…' : label}
    </Button>
  )

  return (
    <Card aria-label="Keyword research">
      <CardContent className="grid gap-3 py-4">
        {running && run ? (
          <JobProgress
            jobId={run.jobId}
            label="Keyword research"
            onCancel={() => cancel.mutate({ businessId })}
            onRetry={() => start.mutate({ businessId })}
          />
        ) : !run ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              Keyword research has not run for this business yet. It finds the searches you can win and plans a month of articles.
            </p>
            <div className="flex flex-wrap gap-2">
              <AddKeywordsDialog businessId={businessId} />
              {runButton('Run research')}
            </div>
          </div>
        ) : run.state === 'failed' ? (
          <div role="alert" className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <p className="flex items-center gap-2 font-medium text-destructive">
                <CircleAlert className="size-4 shrink-0" aria-hidden /> Keyword research failed
              </p>
              <p className="text-sm text-muted-foreground">{run.error ?? 'The run stopped.'}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <AddKeywordsDialog businessId={businessId} />
              {runButton('Retry')}
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <ResearchSummary run={run} />
            <div className="flex flex-wrap gap-2">
              <AddKeywordsDialog businessId={businessId} />
              {runButton('Run research')}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
