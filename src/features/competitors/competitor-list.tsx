import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { AlertDialog } from 'radix-ui'
import { PlusIcon, RefreshCwIcon, SwordsIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { EmptyState } from '~/components/empty-state'
import { Badge } from '~/components/ui/badge'
import { Button, buttonVariants } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { SubmitButton } from '~/components/ui/submit-button'
import { formatCount } from '~/features/format'
import { JobProgress } from '~/features/jobs/job-progress'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { formatLongDate } from '~/features/keywords/keyword-format'
import { orpc } from '~/lib/orpc'
import type { RpcOutputs } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { useLatest } from '~/lib/use-latest'
import { cn } from '~/lib/utils'
import { normalizeSiteAddress } from '~/shared/business-profile'
import { failedAnalysisNote } from '~/shared/competitors'
import { competitorListQuery } from './competitors-queries'

type CompetitorAnalysis = RpcOutputs['competitor']['list']['competitors'][number]

const UNFINISHED = new Set(['queued', 'running', 'retrying'])
const FIELD = 'Competitor website'

/** Everything the competitors' analyses feed: the list, the gap, setup's list. */
const useRefreshCompetitors = () => {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.competitor.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.setup.key() }),
    ])
}

/**
 * The business's competitors (docs/product/competitors.md): add one by its address (validated as
 * setup does, then analysed in the background), each with its analysis, re-analyse, remove.
 */
export function CompetitorList({ businessId }: { businessId: string }) {
  const {
    data: { competitors },
  } = useSuspenseQuery(competitorListQuery(businessId))
  const refresh = useRefreshCompetitors()
  const analyse = useMutation(
    orpc.setup.analyzeCompetitor.mutationOptions({
      onSuccess: () => refresh(),
      onError: (error) => toast.error('Could not analyse this competitor', { description: error.message }),
    }),
  )
  const [removing, setRemoving] = useState<CompetitorAnalysis | null>(null)
  const remove = useMutation(
    orpc.setup.removeCompetitor.mutationOptions({
      onSuccess: async () => {
        await refresh()
        toast.success('Competitor removed')
      },
      onError: (error) => toast.error('Could not remove this competitor', { description: error.message }),
    }),
  )

  return (
    <section aria-label="Your competitors" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      {competitors.length === 0 ? (
        <EmptyState
          icon={SwordsIcon}
          title="No competitors yet"
          description="Add the website of a business you compete with: we read what it offers and the searches it ranks for, and list the ones your plan lacks below."
          action={<AddCompetitorForm businessId={businessId} />}
        />
      ) : (
        <>
          <AddCompetitorForm businessId={businessId} />
          <ul className="grid gap-4 md:grid-cols-2">
            {competitors.map((item) => (
              <CompetitorCard
                key={item.id}
                competitor={item}
                onAnalysed={() => void refresh()}
                analysing={analyse.isPending && analyse.variables?.competitorId === item.id}
                onAnalyse={() => analyse.mutate({ businessId, competitorId: item.id })}
                onRemove={() => setRemoving(item)}
              />
            ))}
          </ul>
        </>
      )}
      <AlertDialog.Root open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold">Remove {removing?.name}?</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              Its analysis and the keywords it ranks for leave this page and the keyword gap. Keywords you already added to your plan stay
              there.
            </AlertDialog.Description>
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={cn(buttonVariants({ variant: 'destructive' }))}
                onClick={() => removing && remove.mutate({ businessId, competitorId: removing.id })}
              >
                Remove
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  )
}

function AddCompetitorForm({ businessId }: { businessId: string }) {
  const [address, setAddress] = useState('')
  const refresh = useRefreshCompetitors()
  const add = useMutation(
    orpc.setup.addCompetitor.mutationOptions({
      onSuccess: async () => {
        setAddress('')
        await refresh()
      },
      onError: (error) => toast.error('Could not add this competitor', { description: error.message }),
    }),
  )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = normalizeSiteAddress(address)
    if (!result.ok) {
      toast.error(FIELD, { description: `“${result.value.trim() || ' '}” is not a website address. Type one such as rival.com.` })
      return
    }
    add.mutate({ businessId, url: result.url })
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-2 text-left sm:flex-row sm:items-end">
      <FormField
        id="competitor-address"
        label={FIELD}
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
  )
}

export function CompetitorCard({
  competitor,
  analysing,
  onAnalysed,
  onAnalyse,
  onRemove,
}: {
  competitor: CompetitorAnalysis
  analysing: boolean
  onAnalysed: () => void
  onAnalyse: () => void
  onRemove: () => void
}) {
  const running = competitor.analysis !== null && UNFINISHED.has(competitor.analysis.state)
  const jobId = running ? competitor.analysis!.jobId : ''
  const job = useQuery({ ...jobWatchQueryOptions(jobId), enabled: running })
  const settled = job.data !== undefined && !UNFINISHED.has(job.data.state)
  // Once per finished job: the list (and the gap) then show the new analysis.
  const analysed = useLatest(onAnalysed)
  useEffect(() => {
    if (settled) analysed.current()
  }, [settled, analysed])
  const failed = competitor.failure !== null

  return (
    <li className="grid content-start gap-4 rounded-lg border border-border bg-card p-4" aria-label={competitor.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-medium break-words">{competitor.name}</h3>
          <a
            href={competitor.url}
            target="_blank"
            rel="noreferrer noopener"
            className="text-xs break-all text-muted-foreground underline-offset-2 hover:underline"
          >
            {competitor.url}
          </a>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {competitor.businessCategory && <Badge variant="secondary">{competitor.businessCategory}</Badge>}
          {competitor.relevanceToOurBusiness !== null && <Badge variant="outline">Relevance {competitor.relevanceToOurBusiness}%</Badge>}
        </div>
      </div>
      {competitor.description && <p className="text-sm text-muted-foreground">{competitor.description}</p>}

      {competitor.failure && !running && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {failedAnalysisNote(competitor.failure, competitor.lastAnalyzedAt, formatLongDate)}
        </p>
      )}

      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Ranking keywords</dt>
          <dd className="font-medium tabular-nums">{formatCount(competitor.keywordCount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Est. visits</dt>
          <dd className="font-medium tabular-nums">{formatCount(competitor.traffic)}/mo</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Last analysed</dt>
          <dd className="font-medium">{competitor.lastAnalyzedAt ? formatLongDate(competitor.lastAnalyzedAt) : 'Never'}</dd>
        </div>
      </dl>

      {competitor.topKeywords.length > 0 ? (
        <div className="grid gap-1.5">
          <h4 className="text-xs font-medium text-muted-foreground">Top ranking keywords</h4>
          <ol className="grid gap-1 text-sm">
            {competitor.topKeywords.map((item) => (
              <li key={item.keyword} className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words">{item.keyword}</span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  #{item.rank} · {formatCount(item.traffic)} visits
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        !running && (
          <p className="text-sm text-muted-foreground">
            {competitor.lastAnalyzedAt
              ? 'No ranking keywords found in your market.'
              : 'Not analysed yet: analyse it to see what it ranks for.'}
          </p>
        )
      )}

      {running && <JobProgress jobId={jobId} label={`Analysis of ${competitor.name}`} />}

      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onAnalyse}
          disabled={running || analysing}
          aria-label={`Re-analyse ${competitor.name}`}
        >
          <RefreshCwIcon aria-hidden className={cn(analysing && 'animate-spin')} />
          {running ? 'Analysing…' : failed ? 'Retry analysis' : 'Re-analyse'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${competitor.name}`}>
          <Trash2Icon aria-hidden />
          Remove
        </Button>
      </div>
    </li>
  )
}
