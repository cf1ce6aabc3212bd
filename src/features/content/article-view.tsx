import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { ArrowLeft, CircleAlert, CircleCheck } from 'lucide-react'
import { useState } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Skeleton } from '~/components/ui/skeleton'
import { JobProgress } from '~/features/jobs/job-progress'
import { useCurrentBusinessId } from '~/features/research/research-panel'
import { orpc } from '~/lib/orpc'
import { jsonLdText } from './json-ld'
import { withDemoVideoStandIn } from '~/shared/articles/demo-video'
import { toast } from '~/lib/toast'
import { ArticleStatusBadge, SeoScoreBadge } from './article-status'

const rootRoute = getRouteApi('__root__')

/**
 * One article as it will be published (its allow-listed HTML), with what a reviewer needs beside
 * it: the SEO score and a fix for each failing check, the meta title and description, the sources
 * it cites, and the actions Approve and Regenerate (with an instruction).
 */
export function ArticleView({ articleId }: { articleId: string }) {
  // Demo mode's AI writing is simulated: its articles say so (docs/product/services.md).
  const simulated = rootRoute.useLoaderData()?.demo?.simulated ?? []
  const demoWriting = simulated.includes('AI writing')
  const demoVideo = simulated.includes('YouTube')
  const businessId = useCurrentBusinessId()
  const queryClient = useQueryClient()
  const input = { businessId: businessId ?? '', articleId }
  const query = useQuery({ ...orpc.article.get.queryOptions({ input }), enabled: Boolean(businessId) })
  const [instruction, setInstruction] = useState('')
  const [jobId, setJobId] = useState<string>()
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.article.key() })
  const approve = useMutation(
    orpc.article.approve.mutationOptions({
      onSuccess: () => {
        void refresh()
        toast.success('Approved: it will be published on its day')
      },
    }),
  )
  const regenerate = useMutation(
    orpc.article.regenerate.mutationOptions({
      onSuccess: ({ jobId: started }) => {
        setJobId(started)
        setInstruction('')
      },
    }),
  )

  if (!businessId || query.isPending) {
    return (
      <div className="grid gap-4" aria-label="Loading the article">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  }
  if (query.isError) return <ErrorPanel title="Could not load this article" error={query.error} onRetry={() => void query.refetch()} />
  const article = query.data
  const failing = article.seoChecks.filter((check) => !check.passed)

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">
        <Link to="/content" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden /> All articles
        </Link>
        <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <ArticleStatusBadge status={article.status} />
          {demoWriting && (
            <span
              className="rounded-md border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-xs text-amber-200"
              title="Written by demo mode's simulated AI writer from the business profile, the keyword and the search results."
            >
              Demo content
            </span>
          )}
          <span>Keyword: {article.keyword}</span>
          <span aria-hidden>·</span>
          <span>{article.wordCount.toLocaleString('en-US')} words</span>
          <span aria-hidden>·</span>
          <span>Version {article.version}</span>
        </div>
        <article
          className="article-html min-w-0"
          data-testid="article-html"
          dangerouslySetInnerHTML={{ __html: demoVideo ? withDemoVideoStandIn(article.html) : article.html }}
        />
        {/* The structured data as the published page carries it: a data block, never run. */}
        <script type="application/ld+json" data-testid="article-json-ld" dangerouslySetInnerHTML={{ __html: jsonLdText(article.jsonLd) }} />
      </div>
      <aside className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-baseline justify-between text-base">
              SEO score <SeoScoreBadge score={article.seoScore} />
            </CardTitle>
            <CardDescription>
              {failing.length === 0 ? 'Every check passes.' : `${failing.length} check${failing.length === 1 ? '' : 's'} to fix.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 text-sm" aria-label="SEO checks">
              {article.seoChecks.map((check) => (
                <li key={check.id} className="flex gap-2">
                  {check.passed ? (
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-400" aria-label="Passes" />
                  ) : (
                    <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-400" aria-label="Fails" />
                  )}
                  <div className="min-w-0">
                    <p className="text-foreground">
                      {check.label}{' '}
                      <span className="text-muted-foreground">
                        {check.points}/{check.maxPoints}
                      </span>
                    </p>
                    {check.hint && <p className="text-muted-foreground">{check.hint}</p>}
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Search appearance</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm">
            <p className="text-violet-300">{article.metaTitle}</p>
            <p className="text-muted-foreground">{article.metaDescription}</p>
          </CardContent>
        </Card>
        {article.citations.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Sources</CardTitle>
              <CardDescription>Every number in the article is on one of these pages.</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3 text-sm">
                {article.citations.map((citation) => (
                  <li key={`${citation.url}${citation.passage}`} className="min-w-0">
                    <a
                      href={citation.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="break-words text-violet-300 hover:underline"
                    >
                      {citation.title}
                    </a>
                    <p className="text-muted-foreground">“{citation.passage}”</p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Review</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {(article.status === 'draft' || article.status === 'held') && (
              <Button onClick={() => approve.mutate({ businessId, articleId })} disabled={approve.isPending}>
                Approve
              </Button>
            )}
            <form
              className="grid gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                regenerate.mutate({ businessId, articleId, instruction: instruction.trim() || undefined })
              }}
            >
              <Label htmlFor="regenerate-instruction">What should change? (optional)</Label>
              <Input
                id="regenerate-instruction"
                value={instruction}
                maxLength={500}
                placeholder="e.g. a shorter introduction"
                onChange={(event) => setInstruction(event.target.value)}
              />
              <Button type="submit" variant="outline" disabled={regenerate.isPending || Boolean(jobId)}>
                Regenerate
              </Button>
            </form>
            {jobId && (
              <JobProgress
                jobId={jobId}
                label="Regenerating the article"
                onRetry={() => regenerate.mutate({ businessId, articleId })}
                className="text-sm"
              />
            )}
          </CardContent>
        </Card>
      </aside>
    </div>
  )
}
