import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Skeleton } from '~/components/ui/skeleton'
import { JobProgress } from '~/features/jobs/job-progress'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { orpc, type RpcClient } from '~/lib/orpc'
import { jsonLdText } from './json-ld'
import { withDemoVideoStandIn } from '~/shared/articles/demo-video'
import { cn } from '~/lib/utils'
import { ArticleActions } from './article-actions'
import { ArticleEditor } from './article-editor'
import { ArticleLength } from './article-length'
import { ArticleStatusBadge } from './article-status'
import { ARTICLE_TYPE_LABELS } from '~/shared/articles/article-types'
import { ArticleVersions } from './article-versions'
import { FactCheckPanel } from './fact-check-panel'
import { PublishingPanel } from './publishing-panel'
import { ArticleSearchPanel } from '~/features/performance/article-search-panel'
import { SeoScorePanel } from './seo-score-panel'
import { articleQuery } from './content-queries'

export type ArticleMode = 'read' | 'edit' | 'versions'
const WHOLE_ARTICLE = '__whole__'
const MODES: Array<{ mode: ArticleMode; label: string }> = [
  { mode: 'read', label: 'Read' },
  { mode: 'edit', label: 'Edit' },
  { mode: 'versions', label: 'Versions' },
]

const rootRoute = getRouteApi('__root__')

type Article = Awaited<ReturnType<RpcClient['article']['get']>>

/** The way back to the Content screen, above the article (and above its loading and error states). */
export function AllArticlesLink() {
  return (
    <Link to="/content" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> All articles
    </Link>
  )
}

/** The article page while its data loads. */
export function ArticleSkeleton() {
  return (
    <div className="grid gap-4" aria-label="Loading the article">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-64 w-full" />
    </div>
  )
}

/**
 * One article as it will be published (its allow-listed HTML), with what a reviewer needs beside
 * it: the SEO score and a fix for each failing check, the meta title and description, the sources
 * it cites, and the actions Approve and Regenerate (with an instruction). The route's loader has
 * fetched the article (docs/decisions/0019-screen-data-loading.md).
 */
export function ArticleView({ businessId, articleId, mode = 'read' }: { businessId: string; articleId: string; mode?: ArticleMode }) {
  // Demo mode's AI writing is simulated: its articles say so (docs/product/services.md).
  const simulated = rootRoute.useLoaderData()?.demo?.simulated ?? []
  const demoWriting = simulated.includes('AI writing')
  const demoVideo = simulated.includes('YouTube')
  const query = useSuspenseQuery(articleQuery(businessId, articleId))
  // Kept here, not in the Rewrite card, so that a rewrite under way outlives a switch of mode.
  const rewrite = useRewrite(businessId, articleId)
  const article = query.data
  const header = <ArticleHeader businessId={businessId} article={article} mode={mode} demoWriting={demoWriting} />

  if (mode === 'edit') {
    return (
      <div className="min-w-0">
        {header}
        {/* The editor follows the article's revisions itself; its own saves must not restart it. */}
        <ArticleEditor
          key={article.id}
          businessId={businessId}
          article={article}
          onReload={async () => (await query.refetch()).data}
          showHtml={demoVideo ? withDemoVideoStandIn : undefined}
        />
      </div>
    )
  }
  if (mode === 'versions') {
    return (
      <div className="min-w-0">
        {header}
        <ArticleVersions businessId={businessId} article={article} />
      </div>
    )
  }
  return (
    <div className="min-w-0">
      {header}
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <article
            className="article-html min-w-0"
            data-testid="article-html"
            dangerouslySetInnerHTML={{ __html: demoVideo ? withDemoVideoStandIn(article.html) : article.html }}
          />
          {/* The structured data as the published page carries it: a data block, never run. */}
          <script
            type="application/ld+json"
            data-testid="article-json-ld"
            dangerouslySetInnerHTML={{ __html: jsonLdText(article.jsonLd) }}
          />
        </div>
        <aside className="grid content-start gap-4">
          <SeoScorePanel score={article.seoScore} checks={article.seoChecks} held={article.status === 'held'} />
          <PublishingPanel businessId={businessId} articleId={article.id} />
          {article.status === 'published' && (
            <ArticleSearchPanel businessId={businessId} articleId={article.id} publishedAt={article.publishedAt} />
          )}
          <SearchAppearance article={article} />
          {article.citations.length > 0 && <ArticleSources citations={article.citations} />}
          <FactCheckPanel check={article.factCheck} />
          <RewriteCard article={article} rewrite={rewrite} />
        </aside>
      </div>
    </div>
  )
}

/** Above every mode: the way back, the article's status and facts, its actions, its type, and the modes. */
function ArticleHeader({
  businessId,
  article,
  mode,
  demoWriting,
}: {
  businessId: string
  article: Article
  mode: ArticleMode
  demoWriting: boolean
}) {
  return (
    <>
      <AllArticlesLink />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
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
          <ArticleLength article={article} />
          <span aria-hidden>·</span>
          <span>Version {article.version}</span>
          {article.scheduledAt && (
            <>
              <span aria-hidden>·</span>
              <span>
                {article.status === 'published' ? 'Published' : 'Scheduled'}{' '}
                {new Date(article.publishedAt ?? article.scheduledAt).toLocaleDateString('en-US', {
                  month: 'short',
                  day: 'numeric',
                  year: 'numeric',
                  timeZone: 'UTC',
                })}
              </span>
            </>
          )}
        </div>
        <ArticleActions businessId={businessId} article={article} />
      </div>
      <p className="mb-4 text-sm text-muted-foreground" aria-label="Article type">
        <span className="font-medium text-foreground">Article type: {ARTICLE_TYPE_LABELS[article.type]}</span>
        {article.typeReason ? ` — ${article.typeReason}` : ''}
      </p>
      <nav aria-label="Article view" className="mb-4 inline-flex gap-1 rounded-lg border border-border p-1">
        {MODES.map((item) => (
          <Link
            key={item.mode}
            to="/content/$articleId"
            params={{ articleId: article.id }}
            search={item.mode === 'read' ? {} : { mode: item.mode }}
            aria-current={mode === item.mode ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              mode === item.mode ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
          </Link>
        ))}
      </nav>
    </>
  )
}

/** The meta title and description, as a search result shows them. */
function SearchAppearance({ article }: { article: Article }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Search appearance</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <p className="text-violet-300">{article.metaTitle}</p>
        <p className="text-muted-foreground">{article.metaDescription}</p>
      </CardContent>
    </Card>
  )
}

/** The pages the article cites, each with the passage it relies on. */
function ArticleSources({ citations }: { citations: Article['citations'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Sources</CardTitle>
        <CardDescription>Every number in the article is on one of these pages.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          {citations.map((citation) => (
            <li key={`${citation.url}${citation.passage}`} className="min-w-0">
              <a href={citation.url} target="_blank" rel="noopener noreferrer" className="break-words text-violet-300 hover:underline">
                {citation.title}
              </a>
              <p className="text-muted-foreground">“{citation.passage}”</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

/**
 * A rewrite of the article or of one section: the instruction, the section ('' is the whole
 * article), the job that runs it, and the article fetched again once that job has finished.
 */
function useRewrite(businessId: string, articleId: string) {
  const queryClient = useQueryClient()
  const [instruction, setInstruction] = useState('')
  const [section, setSection] = useState('')
  const [jobId, setJobId] = useState<string>()
  // A rewrite that finished shows its new text.
  const job = useQuery({ ...jobWatchQueryOptions(jobId ?? ''), enabled: Boolean(jobId) })
  const rewritten = job.data?.state === 'completed'
  useEffect(() => {
    if (rewritten) void queryClient.invalidateQueries({ queryKey: orpc.article.key() })
  }, [rewritten, queryClient])
  const regenerate = useMutation(
    orpc.article.regenerate.mutationOptions({
      onSuccess: ({ jobId: started }) => {
        setJobId(started)
        setInstruction('')
      },
    }),
  )
  const start = (withInstruction: boolean) =>
    regenerate.mutate({
      businessId,
      articleId,
      ...(withInstruction ? { instruction: instruction.trim() || undefined } : {}),
      section: section || undefined,
    })
  return { instruction, setInstruction, section, setSection, jobId, pending: regenerate.isPending, start }
}

/** The Rewrite card: what to rewrite, what should change, and the rewrite's progress. */
function RewriteCard({ article, rewrite }: { article: Article; rewrite: ReturnType<typeof useRewrite> }) {
  const { instruction, setInstruction, section, setSection, jobId } = rewrite
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Rewrite</CardTitle>
        <CardDescription>
          Write it, or one of its sections, again against today&apos;s search results; this text is kept as a version.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            rewrite.start(true)
          }}
        >
          <Label htmlFor="regenerate-section">What to rewrite</Label>
          <Select value={section || WHOLE_ARTICLE} onValueChange={(value) => setSection(value === WHOLE_ARTICLE ? '' : value)}>
            <SelectTrigger id="regenerate-section" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              <SelectItem value={WHOLE_ARTICLE}>The whole article</SelectItem>
              {article.outline.map((entry) => (
                <SelectItem key={`${entry.level}:${entry.heading}`} value={entry.heading}>
                  {entry.level === 'h3' ? `— ${entry.heading}` : entry.heading}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Label htmlFor="regenerate-instruction">What should change? (optional)</Label>
          <Input
            id="regenerate-instruction"
            value={instruction}
            maxLength={500}
            placeholder={section ? 'e.g. add an example' : 'e.g. a shorter introduction'}
            onChange={(event) => setInstruction(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={rewrite.pending || Boolean(jobId)}>
            {section ? 'Rewrite this section' : 'Regenerate'}
          </Button>
        </form>
        {jobId && (
          <JobProgress
            jobId={jobId}
            label={section ? 'Rewriting the section' : 'Regenerating the article'}
            onRetry={() => rewrite.start(false)}
            className="text-sm"
          />
        )}
      </CardContent>
    </Card>
  )
}
