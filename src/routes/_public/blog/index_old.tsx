import { createFileRoute, Link } from '@tanstack/react-router'
import { listArticles } from '~/features/blog/blog-api'
import { PublishedDate } from '~/features/blog/published-date'
import { BLOG_CLASSIC_PAGE, BLOG_PAGE, HOME_PAGE } from '~/features/seo/public-pages'
import { breadcrumbJsonLd, DEFAULT_SOCIAL_IMAGE, rootConfig, seoHead } from '~/features/seo/seo-head'

/** The older blog index: the same sample data as /blog, as a plain list. */
export const Route = createFileRoute('/_public/blog/index_old')({
  loader: () => listArticles(),
  head: ({ matches }) => {
    const config = rootConfig(matches)
    return seoHead(
      {
        title: BLOG_CLASSIC_PAGE.title(config.appName),
        description: BLOG_CLASSIC_PAGE.description(config.appName),
        // Same content as /blog: point search engines at it.
        path: BLOG_CLASSIC_PAGE.canonicalPath ?? BLOG_CLASSIC_PAGE.path,
        image: DEFAULT_SOCIAL_IMAGE,
        jsonLd: [breadcrumbJsonLd(config, [HOME_PAGE, BLOG_PAGE])],
      },
      config,
    )
  },
  component: ClassicBlogIndex,
})

function ClassicBlogIndex() {
  const articles = Route.useLoaderData()
  return (
    <div className="mx-auto max-w-[72ch] px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Blog</h1>
      <p className="mt-2 text-muted-foreground">
        All articles, newest first.{' '}
        <Link to="/blog" activeOptions={{ exact: true }} className="text-violet-300 underline underline-offset-4">
          See the new blog layout
        </Link>
        .
      </p>
      <ul className="mt-10 divide-y divide-border border-y border-border">
        {articles.map((article) => (
          <li key={article.slug} className="flex gap-5 py-6">
            {article.images[0] ? (
              <img
                src={article.images[0].url}
                alt={article.images[0].alt}
                width={160}
                height={84}
                loading="lazy"
                decoding="async"
                className="hidden h-[84px] w-[160px] shrink-0 rounded border border-border bg-card object-cover sm:block"
              />
            ) : null}
            <div className="min-w-0 space-y-1.5">
              <h2 className="text-lg font-semibold">
                <Link to="/blog/$slug" params={{ slug: article.slug }} className="hover:text-violet-200 hover:underline">
                  {article.title}
                </Link>
              </h2>
              <p className="text-sm text-muted-foreground">
                <PublishedDate isoDate={article.publishedAt} />
              </p>
              <p className="text-gray-300">{article.metaDescription}</p>
              <p className="text-sm text-muted-foreground">{`Keywords: ${article.keywords.join(', ')}`}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
