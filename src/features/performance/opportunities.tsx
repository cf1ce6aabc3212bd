import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { formatCount } from '~/features/format'
import { JobProgress } from '~/features/jobs/job-progress'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { formatChange, formatDay, formatMetric, formatRange } from './performance-format'
import { opportunitiesQuery } from './performance-queries'
import type { Opportunities } from './performance-search'
import { pathOf } from './top-tables'

/** The instruction a "Refresh" rewrites an article with (docs/product/search-console.md). */
export const REFRESH_INSTRUCTION = 'Refresh against today’s search results; keep the URL and what still ranks.'

type ArticleRef = NonNullable<Opportunities['decay'][number]['article']>

/** A page of the site: its article's title linking to the article when Rankpilot wrote it, else its path linking to the page. */
function PageLabel({ page, article }: { page: string; article: ArticleRef | null }) {
  if (article)
    return (
      <Link
        to="/content/$articleId"
        params={{ articleId: article.id }}
        className="font-medium break-words text-violet-300 underline-offset-4 hover:underline"
      >
        {article.title}
      </Link>
    )
  return (
    <a href={page} target="_blank" rel="noreferrer" className="break-all text-violet-300 underline-offset-4 hover:underline">
      {pathOf(page)}
    </a>
  )
}

/** One refresh's progress, in each row whose action it is. */
function RefreshProgress({ jobId, title }: { jobId: string; title: string }) {
  return <JobProgress jobId={jobId} label={`Refreshing “${title}”`} className="text-sm" />
}

/** Once per refresh, however many rows show it: when its job ends, says so and reloads the article. */
function RefreshOutcome({ jobId, title }: { jobId: string; title: string }) {
  const queryClient = useQueryClient()
  const job = useQuery(jobWatchQueryOptions(jobId))
  const state = job.data?.state
  useEffect(() => {
    if (state === 'completed') {
      toast.success(`“${title}” is rewritten; its new version is on its way to your site.`)
      // The article, its versions and where it is published (its publishing job has started), and
      // the opportunities (it was rewritten today).
      void queryClient.invalidateQueries({ queryKey: orpc.article.key() })
      void queryClient.invalidateQueries({ queryKey: orpc.gsc.opportunities.key() })
    }
  }, [state, title, queryClient])
  return null
}

/** "Refresh": rewrites the article against today's search results (article.regenerate), then follows the job. */
function useRefresh(businessId: string) {
  const [jobs, setJobs] = useState<Record<string, { jobId: string; title: string }>>({})
  const regenerate = useMutation(orpc.article.regenerate.mutationOptions())
  return {
    jobs,
    jobOf: (articleId: string) => jobs[articleId]?.jobId,
    pending: (articleId: string) => regenerate.isPending && regenerate.variables?.articleId === articleId,
    start: (article: ArticleRef) =>
      regenerate.mutate(
        { businessId, articleId: article.id, instruction: REFRESH_INSTRUCTION },
        { onSuccess: ({ jobId }) => setJobs((current) => ({ ...current, [article.id]: { jobId, title: article.title } })) },
      ),
  }
}

type Refresh = ReturnType<typeof useRefresh>

/** Refresh, then what its job is doing: running, done (once is enough), or failed (it may be tried again). */
function RefreshButton({ refresh, article }: { refresh: Refresh; article: ArticleRef }) {
  const jobId = refresh.jobOf(article.id)
  const job = useQuery({ ...jobWatchQueryOptions(jobId ?? ''), enabled: Boolean(jobId) })
  const state = jobId ? (job.data?.state ?? 'queued') : null
  const ended = state === 'failed' || state === 'cancelled'
  const label = refresh.pending(article.id)
    ? 'Starting…'
    : state === 'completed'
      ? 'Refreshed'
      : state && !ended
        ? 'Refreshing…'
        : 'Refresh article'
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={(state !== null && !ended) || refresh.pending(article.id)}
      onClick={() => refresh.start(article)}
      aria-label={`Refresh “${article.title}”`}
    >
      {label}
    </Button>
  )
}

function Section({
  title,
  description,
  count,
  children,
}: {
  title: string
  description: string
  count: number
  children: React.ReactNode
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle as="h3" className="text-base">
            {title}
          </CardTitle>
          <Badge variant="secondary">{formatCount(count)}</Badge>
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  )
}

const ROW = 'grid gap-2 border-b border-border py-3 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center'

/** How many striking-distance queries show before "Show all". */
const STRIKING_SHOWN = 8

function StrikingDistance({
  businessId,
  items,
  refresh,
}: {
  businessId: string
  items: Opportunities['strikingDistance']
  refresh: Refresh
}) {
  const queryClient = useQueryClient()
  const [all, setAll] = useState(false)
  const shown = all ? items : items.slice(0, STRIKING_SHOWN)
  const add = useMutation(
    orpc.keyword.add.mutationOptions({
      onSuccess: async (result, variables) => {
        const [skipped] = result.skipped
        if (result.added.length > 0) toast.success(`“${variables.keywords[0]}” added to your plan`)
        else if (skipped) toast.error(`“${skipped.keyword}” was not added: ${skipped.reason}`)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orpc.gsc.opportunities.key() }),
          queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
        ])
      },
    }),
  )
  return (
    <Section
      title="Striking distance"
      count={items.length}
      description="Searches where your site sits just off the top (positions 8 to 20) and is already seen: a keyword of its own or a refreshed article can lift it onto the first page."
    >
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No search sits between positions 8 and 20 right now.</p>
      ) : (
        <>
          <ul data-testid="striking-distance">
            {shown.map((item) => (
              <li key={`${item.query}|${item.page}`} className={ROW}>
                <div className="grid min-w-0 gap-1">
                  <span className="font-medium break-words">{item.query}</span>
                  <span className="text-xs text-muted-foreground">
                    Position {formatMetric('position', item.position)} · {formatCount(item.impressions)} impressions ·{' '}
                    {formatCount(item.clicks)} clicks · <PageLabel page={item.page} article={null} />
                  </span>
                  {refresh.jobOf(item.article?.id ?? '') && item.article && (
                    <RefreshProgress jobId={refresh.jobOf(item.article.id)!} title={item.article.title} />
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  {item.action === 'add-keyword' && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={add.isPending && add.variables?.keywords[0] === item.query}
                      onClick={() => add.mutate({ businessId, keywords: [item.query] })}
                      aria-label={`Add “${item.query}” as a keyword`}
                    >
                      Add as keyword
                    </Button>
                  )}
                  {item.action === 'in-plan' && <Badge variant="outline">In your plan</Badge>}
                  {item.action === 'refresh' && item.article && <RefreshButton refresh={refresh} article={item.article} />}
                </div>
              </li>
            ))}
          </ul>
          {items.length > STRIKING_SHOWN && (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setAll(!all)} aria-expanded={all}>
              {all ? 'Show fewer' : `Show all ${formatCount(items.length)}`}
            </Button>
          )}
        </>
      )}
    </Section>
  )
}

function Decay({ items, refresh }: { items: Opportunities['decay']; refresh: Refresh }) {
  return (
    <Section
      title="Decaying pages"
      count={items.length}
      description="Pages with over 20% fewer clicks in the last 28 days than the 28 days before. Refresh rewrites an article against today’s search results, keeps its address and sends the new version to your site."
    >
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No page lost more than 20% of its clicks.</p>
      ) : (
        <ul data-testid="decay">
          {items.map((item) => (
            <li key={item.page} className={ROW}>
              <div className="grid min-w-0 gap-1">
                <PageLabel page={item.page} article={item.article} />
                <span className="text-xs text-muted-foreground">
                  {formatCount(item.recentClicks)} clicks in the last 28 days, {formatCount(item.previousClicks)} before ·{' '}
                  <span className="font-medium text-red-400">{formatChange(item.change)}</span>
                  {item.article?.refreshedAt &&
                    ` · last rewritten ${formatDay(new Date(item.article.refreshedAt).toISOString().slice(0, 10))}`}
                </span>
                {item.article && refresh.jobOf(item.article.id) && (
                  <RefreshProgress jobId={refresh.jobOf(item.article.id)!} title={item.article.title} />
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {item.article ? (
                  <RefreshButton refresh={refresh} article={item.article} />
                ) : (
                  <span className="text-xs text-muted-foreground">Not one of the articles written here: update it on your site.</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 })

function Cannibalisation({ items }: { items: Opportunities['cannibalisation'] }) {
  return (
    <Section
      title="Competing pages"
      count={items.length}
      description="Searches for which two or more of your pages take impressions: Google splits them, and neither ranks as well as one would."
    >
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No search is split between your pages.</p>
      ) : (
        <ul data-testid="cannibalisation">
          {items.map((item) => (
            <li key={item.query} className="grid gap-2 border-b border-border py-3 last:border-b-0">
              <p className="font-medium break-words">
                {item.query}{' '}
                <span className="text-xs font-normal text-muted-foreground">· {formatCount(item.impressions)} impressions</span>
              </p>
              <ul className="grid gap-1 text-sm">
                {item.pages.map((page) => (
                  <li key={page.page} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                    <span className="w-10 shrink-0 text-right font-medium tabular-nums">{share.format(page.share)}</span>
                    <span className="min-w-0 flex-1">
                      <PageLabel page={page.page} article={page.article} />
                    </span>
                    <span className="text-xs text-muted-foreground">position {formatMetric('position', page.position)}</span>
                  </li>
                ))}
              </ul>
              <p className="text-sm break-words text-muted-foreground">{item.suggestion.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/** What Search Console says to do (gsc.opportunities): queries nearly on page one, decaying pages, competing pages. */
export function OpportunitiesSection({ businessId }: { businessId: string }) {
  const query = useQuery(opportunitiesQuery(businessId))
  const refresh = useRefresh(businessId)
  const data = query.data
  return (
    <section aria-labelledby="opportunities-heading" className="grid min-w-0 gap-4" data-testid="opportunities">
      <div className="grid gap-1">
        <h2 id="opportunities-heading" className="text-lg font-semibold">
          Opportunities
        </h2>
        <p className="text-sm text-muted-foreground">
          {data
            ? `From ${formatRange(data.windows.recent)} against ${formatRange(data.windows.previous)} (Search Console’s data arrives 3 days late).`
            : 'The last 28 days of Search Console data against the 28 before.'}
        </p>
      </div>
      {query.isError && !data ? (
        <ErrorPanel title="Could not load the opportunities" error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div className="grid gap-4" aria-label="Loading the opportunities" aria-busy>
          <Skeleton className="h-48" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <>
          {Object.entries(refresh.jobs).map(([articleId, job]) => (
            <RefreshOutcome key={articleId} jobId={job.jobId} title={job.title} />
          ))}
          <StrikingDistance businessId={businessId} items={data.strikingDistance} refresh={refresh} />
          <Decay items={data.decay} refresh={refresh} />
          <Cannibalisation items={data.cannibalisation} />
        </>
      )}
    </section>
  )
}
