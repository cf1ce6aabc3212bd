import { createFileRoute } from '@tanstack/react-router'
import { ArticleCard } from '~/features/blog/article-card'
import { listArticles } from '~/features/blog/blog-api'
import { BLOG_PAGE, HOME_PAGE } from '~/features/seo/public-pages'
import { breadcrumbJsonLd, DEFAULT_SOCIAL_IMAGE, rootConfig, seoHead } from '~/features/seo/seo-head'

export const Route = createFileRoute('/_public/blog/')({
  loader: () => listArticles(),
  head: ({ matches }) => {
    const config = rootConfig(matches)
    return seoHead(
      {
        title: BLOG_PAGE.title(config.appName),
        description: BLOG_PAGE.description(config.appName),
        path: BLOG_PAGE.path,
        image: DEFAULT_SOCIAL_IMAGE,
        jsonLd: [breadcrumbJsonLd(config, [HOME_PAGE, BLOG_PAGE])],
      },
      config,
    )
  },
  component: BlogIndex,
})

function BlogIndex() {
  const articles = Route.useLoaderData()
  return (
    <div className="mx-auto max-w-6xl px-6 py-16 sm:py-20">
      <header className="max-w-2xl space-y-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-violet-300">Blog</p>
        <h1 className="text-4xl font-bold tracking-tight text-foreground">Search traffic, explained without the jargon</h1>
        <p className="text-lg text-muted-foreground">
          Practical guides for founders and small teams: how to pick keywords you can win, plan content in clusters and keep your pages from
          competing with each other.
        </p>
      </header>
      <div className="mt-12 grid gap-8 md:grid-cols-2">
        {articles.map((article, index) => (
          <ArticleCard key={article.slug} article={article} priority={index < 2} />
        ))}
      </div>
    </div>
  )
}
