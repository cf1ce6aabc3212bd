import { createFileRoute } from '@tanstack/react-router'
import { ArticleView } from '~/features/content/article-view'
import { pageTitle } from '~/features/page-title'
import { orpc } from '~/lib/orpc'

export const Route = createFileRoute('/_app/content_/$articleId')({
  loader: ({ context }) => context.queryClient.ensureQueryData(orpc.business.list.queryOptions()),
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Article', matches) }] }),
  component: ArticlePage,
})

function ArticlePage() {
  const { articleId } = Route.useParams()
  return <ArticleView articleId={articleId} />
}
