import { ORPCError } from '@orpc/client'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { RouteErrorState } from '~/components/route-error-state'
import { articleQuery } from '~/features/content/content-queries'
import { AllArticlesLink, ArticleSkeleton, ArticleView, type ArticleMode } from '~/features/content/article-view'
import { pageTitle } from '~/features/page-title'
import { useCurrentBusinessId } from '~/features/research/research-panel'
import { orpc } from '~/lib/orpc'

export const Route = createFileRoute('/_app/content_/$articleId')({
  // ?mode=edit or ?mode=versions; anything else is the read view.
  validateSearch: (search: Record<string, unknown>): { mode?: Exclude<ArticleMode, 'read'> } =>
    search.mode === 'edit' || search.mode === 'versions' ? { mode: search.mode } : {},
  // The current business (from the business list), then the article, are fetched before the page
  // renders, on the server too (docs/decisions/0019-screen-data-loading.md). The mode is not a
  // dependency: every mode shows the same article.
  loader: async ({ context, params }) => {
    const businesses = await context.queryClient.ensureQueryData(orpc.business.list.queryOptions())
    const current = businesses.find((business) => business.isCurrent)
    if (!current) return
    try {
      await context.queryClient.ensureQueryData(articleQuery(current.id, params.articleId))
    } catch (error) {
      // Another business's article, a deleted one or a mistyped address (an id the input schema
      // refuses): a 404 page in the content frame, not a failure of the server.
      if (error instanceof ORPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) throw notFound()
      throw error
    }
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Article', matches) }] }),
  pendingComponent: ArticleSkeleton,
  errorComponent: ({ error, reset }) => (
    <>
      <AllArticlesLink />
      <RouteErrorState title="Could not load this article" error={error} reset={reset} />
    </>
  ),
  notFoundComponent: () => (
    <>
      <AllArticlesLink />
      <div role="status" className="grid gap-1 rounded-lg border border-border bg-card p-4 text-sm">
        <p className="font-medium">This article was not found.</p>
        <p className="text-muted-foreground">It may have been deleted, or it belongs to another business. Pick one from All articles.</p>
      </div>
    </>
  ),
  component: ArticlePage,
})

function ArticlePage() {
  const { articleId } = Route.useParams()
  const { mode } = Route.useSearch()
  const businessId = useCurrentBusinessId()
  if (!businessId) return <ArticleSkeleton />
  return <ArticleView businessId={businessId} articleId={articleId} mode={mode ?? 'read'} />
}
