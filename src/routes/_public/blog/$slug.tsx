import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { ArticleErrorView } from '~/features/blog/article-error-view'
import { ArticleView } from '~/features/blog/article-view'
import { getArticle } from '~/features/blog/blog-api'
import { socialImageFor } from '~/features/blog/social-image'
import { articlePath, articleTitle, BLOG_PAGE, HOME_PAGE } from '~/features/seo/public-pages'
import { articleJsonLd, breadcrumbJsonLd, rootConfig, seoHead } from '~/features/seo/seo-head'

export const Route = createFileRoute('/_public/blog/$slug')({
  loader: async ({ params }) => {
    const article = await getArticle({ data: params.slug })
    // The site's 404 page (root notFoundComponent), answered with HTTP 404.
    if (!article) throw notFound({ routeId: rootRouteId })
    return article
  },
  head: ({ matches, loaderData: article }) => {
    const config = rootConfig(matches)
    if (!article) return { meta: [{ title: articleTitle(config.appName) }, { name: 'robots', content: 'noindex' }] }
    const path = articlePath(article.slug)
    const socialImage = socialImageFor(article)
    return seoHead(
      {
        title: articleTitle(config.appName),
        socialTitle: article.title,
        description: article.metaDescription,
        path,
        type: 'article',
        image: socialImage,
        article: { publishedTime: article.publishedAt, tags: article.keywords },
        jsonLd: [
          articleJsonLd(config, {
            headline: article.title,
            description: article.metaDescription,
            path,
            datePublished: article.publishedAt,
            images: [socialImage.url, ...article.images.map((image) => image.url)],
            keywords: article.keywords,
          }),
          breadcrumbJsonLd(config, breadcrumbsFor(article)),
        ],
      },
      config,
    )
  },
  errorComponent: ({ error }) => <ArticleErrorView error={error} />,
  component: ArticlePage,
})

const breadcrumbsFor = (article: { title: string; slug: string }) => [
  HOME_PAGE,
  BLOG_PAGE,
  { name: article.title, path: articlePath(article.slug) },
]

function ArticlePage() {
  const article = Route.useLoaderData()
  return <ArticleView article={article} breadcrumbs={breadcrumbsFor(article)} />
}
