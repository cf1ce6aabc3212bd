import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { PlusIcon, SparklesIcon, Trash2Icon, UsersIcon } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { useLatest } from '~/lib/use-latest'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { Skeleton } from '~/components/ui/skeleton'
import { Spinner } from '~/components/ui/spinner'
import { SubmitButton } from '~/components/ui/submit-button'
import { JobProgress } from '~/features/jobs/job-progress'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { orpc } from '~/lib/orpc'
import type { Competitor } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { normalizeSiteAddress } from '~/shared/business-profile'
import { MIN_COMPETITORS } from '~/shared/setup-step'

export const COMPETITOR_FIELD = 'Competitor website'

/** Step 2 (docs/product/pipeline.md): suggestions, add by address (each analysed in the background), remove. */
export function CompetitorsStep({ businessId, onBack, onContinue }: { businessId: string; onBack: () => void; onContinue: () => void }) {
  const queryClient = useQueryClient()
  const competitors = useQuery(orpc.setup.competitors.queryOptions({ input: { businessId } }))
  const [jobs, setJobs] = useState<Record<string, string>>({})
  const [address, setAddress] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.setup.key() })

  const add = useMutation(
    orpc.setup.addCompetitor.mutationOptions({
      onSuccess: async ({ competitor, jobId }) => {
        setJobs((current) => ({ ...current, [competitor.id]: jobId }))
        setAddress('')
        await refresh()
      },
      onError: (error) => toast.error('Could not add this competitor', { description: error.message }),
    }),
  )
  const remove = useMutation(
    orpc.setup.removeCompetitor.mutationOptions({
      onSuccess: () => refresh(),
      onError: (error) => toast.error('Could not remove this competitor', { description: error.message }),
    }),
  )
  const reanalyze = useMutation(
    orpc.setup.analyzeCompetitor.mutationOptions({
      onSuccess: ({ competitor, jobId }) => setJobs((current) => ({ ...current, [competitor.id]: jobId })),
      onError: (error) => toast.error('Could not analyse this competitor', { description: error.message }),
    }),
  )

  const addUrl = (value: string) => {
    const result = normalizeSiteAddress(value)
    if (!result.ok) {
      toast.error(COMPETITOR_FIELD, {
        description: `“${result.value.trim() || ' '}” is not a website address. Type one such as rival.com.`,
      })
      return
    }
    add.mutate({ businessId, url: result.url })
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    addUrl(address)
  }

  const count = competitors.data?.length ?? 0
  const missing = Math.max(0, MIN_COMPETITORS - count)

  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField
          id="setup-competitor"
          label={COMPETITOR_FIELD}
          className="flex-1"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          placeholder="rival.com"
        />
        <SubmitButton pending={add.isPending} pendingLabel="Adding…" variant="secondary">
          <PlusIcon aria-hidden />
          Add competitor
        </SubmitButton>
      </form>

      <section aria-label="Your competitors" className="grid gap-3">
        {competitors.isPending ? (
          <div role="status" aria-label="Loading your competitors" className="grid gap-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : competitors.isError ? (
          <ErrorPanel title="Could not load your competitors" error={competitors.error} onRetry={() => competitors.refetch()} />
        ) : competitors.data.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title="No competitors yet"
            description="Add the websites of businesses you compete with, or pick from the suggestions below."
          />
        ) : (
          <ul className="grid gap-3">
            {competitors.data.map((item) => (
              <CompetitorRow
                key={item.id}
                competitor={item}
                jobId={jobs[item.id]}
                onAnalysed={refresh}
                onRetry={() => reanalyze.mutate({ businessId, competitorId: item.id })}
                onRemove={() => remove.mutate({ businessId, competitorId: item.id })}
              />
            ))}
          </ul>
        )}
      </section>

      <Suggestions businessId={businessId} onAdd={addUrl} adding={add.isPending} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="ghost" onClick={onBack}>
          Back
        </Button>
        <div className="flex items-center gap-3">
          {missing > 0 && (
            <p id="competitors-reason" className="text-sm text-muted-foreground">
              Add {missing} more competitor{missing === 1 ? '' : 's'} to continue: research needs at least {MIN_COMPETITORS}.
            </p>
          )}
          <Button
            type="button"
            onClick={onContinue}
            disabled={missing > 0}
            aria-describedby={missing > 0 ? 'competitors-reason' : undefined}
          >
            Continue
          </Button>
        </div>
      </div>
    </div>
  )
}

function CompetitorRow({
  competitor,
  jobId,
  onAnalysed,
  onRetry,
  onRemove,
}: {
  competitor: Competitor
  jobId?: string
  onAnalysed: () => void
  onRetry: () => void
  onRemove: () => void
}) {
  const job = useQuery({ ...jobWatchQueryOptions(jobId ?? ''), enabled: Boolean(jobId) })
  const completed = job.data?.state === 'completed'
  // Once per finished job: the callback changes on every render of the list.
  const analysed = useLatest(onAnalysed)
  useEffect(() => {
    if (completed) analysed.current()
  }, [completed, analysed])
  const label = competitor.name ?? competitor.url.replace(/^https?:\/\//, '')
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <span className="font-medium">{label}</span>
          <span className="text-xs text-muted-foreground">{competitor.url}</span>
          {competitor.description && <p className="text-sm text-muted-foreground">{competitor.description}</p>}
        </div>
        <div className="flex items-center gap-2">
          {competitor.relevanceToOurBusiness !== null && <Badge variant="secondary">Relevance {competitor.relevanceToOurBusiness}%</Badge>}
          <Button type="button" size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${label}`}>
            <Trash2Icon aria-hidden />
            Remove
          </Button>
        </div>
      </div>
      {jobId && !completed && <JobProgress jobId={jobId} label={`Analysis of ${label}`} onRetry={onRetry} />}
      {!jobId && !competitor.lastAnalyzedAt && (
        <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>Not analysed yet.</span>
          <Button type="button" size="sm" variant="outline" onClick={onRetry}>
            Analyse
          </Button>
        </div>
      )}
    </li>
  )
}

function Suggestions({ businessId, onAdd, adding }: { businessId: string; onAdd: (url: string) => void; adding: boolean }) {
  const suggest = useMutation(orpc.setup.suggestCompetitors.mutationOptions())
  return (
    <section aria-label="Suggested competitors" className="grid gap-3 rounded-lg border border-dashed border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-medium">Suggestions</h3>
          <p className="text-sm text-muted-foreground">From your profile and from the sites that rank for the same searches.</p>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={suggest.isPending}
          aria-busy={suggest.isPending || undefined}
          onClick={() => suggest.mutate({ businessId })}
        >
          {suggest.isPending ? <Spinner /> : <SparklesIcon aria-hidden />}
          {suggest.isPending ? 'Finding competitors…' : 'Suggest competitors'}
        </Button>
      </div>
      {suggest.isError && (
        <ErrorPanel title="Could not find suggestions" error={suggest.error} onRetry={() => suggest.mutate({ businessId })} />
      )}
      {suggest.data && suggest.data.length === 0 && (
        <p className="text-sm text-muted-foreground">No suggestions this time. Add competitors by their address above.</p>
      )}
      {suggest.data && suggest.data.length > 0 && (
        <ul className="grid gap-2">
          {suggest.data.map((item) => (
            <li key={item.url} className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <span>
                <span className="font-medium">{item.name}</span> <span className="text-muted-foreground">· {item.reason}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={adding}
                onClick={() => onAdd(item.url)}
                aria-label={`Add ${item.name}`}
              >
                <PlusIcon aria-hidden />
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
