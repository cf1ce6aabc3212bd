import { createFileRoute } from '@tanstack/react-router'
import { ArticleView, type ArticleMode } from '~/features/content/article-view'
import { pageTitle } from '~/features/page-title'
import { orpc } from '~/lib/orpc'

export const Route = createFileRoute('/_app/content_/$articleId')({
  // ?mode=edit or ?mode=versions; anything else is the read view.
  validateSearch: (search: Record<string, unknown>): { mode?: Exclude<ArticleMode, 'read'> } =>
    search.mode === 'edit' || search.mode === 'versions' ? { mode: search.mode } : {},
  loader: ({ context }) => context.queryClient.ensureQueryData(orpc.business.list.queryOptions()),
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Article', matches) }] }),
  component: ArticlePage,
})

function ArticlePage() {
  const { articleId } = Route.useParams()
  const { mode } = Route.useSearch()
  return <ArticleView articleId={articleId} mode={mode ?? 'read'} />
}
