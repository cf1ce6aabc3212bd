import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import { useMemo } from 'react'
import { Breadcrumbs, type Crumb } from '~/features/seo/breadcrumbs'
import type { BlogArticle } from './article'
import { ArticleBody } from './article-body'
import { ArticleFigure } from './article-figure'
import { KeywordTags } from './keyword-tags'
import { parseMarkdown, plainText } from './markdown'
import { PublishedDate } from './published-date'

/** One article: breadcrumbs, keywords, title, date, hero image, contents, body. */
export function ArticleView({ article, breadcrumbs }: { article: BlogArticle; breadcrumbs: readonly Crumb[] }) {
  const blocks = useMemo(() => parseMarkdown(article.body), [article.body])
  const sections = blocks.flatMap((block) =>
    block.type === 'heading' && block.level === 2 ? [{ id: block.id, title: plainText(block.children) }] : [],
  )
  const [hero] = article.images
  return (
    <article className="mx-auto max-w-[72ch] px-6 py-12 sm:py-16">
      <Breadcrumbs items={breadcrumbs} />
      <header className="mt-8 space-y-5">
        <KeywordTags keywords={article.keywords} />
        <h1 className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{article.title}</h1>
        <p className="text-lg text-muted-foreground">{article.metaDescription}</p>
        <p className="text-sm text-muted-foreground">
          Published <PublishedDate isoDate={article.publishedAt} className="text-foreground" />
        </p>
      </header>
      {hero ? <ArticleFigure image={hero} priority /> : null}
      {sections.length > 2 ? (
        <nav aria-label="In this article" className="mb-10 rounded-lg border border-border bg-card p-5">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">In this article</h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-gray-300 hover:text-violet-200">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <ArticleBody blocks={blocks} images={article.images} />
      <footer className="mt-14 border-t border-border pt-8">
        <Link
          to="/blog"
          activeOptions={{ exact: true }}
          className="inline-flex items-center gap-2 text-sm font-medium text-violet-300 hover:text-violet-200"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          All articles
        </Link>
      </footer>
    </article>
  )
}
