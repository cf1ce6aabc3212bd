import { Link } from '@tanstack/react-router'
import { ArrowRightIcon } from 'lucide-react'
import type { BlogArticleSummary } from './article'
import { KeywordTags } from './keyword-tags'
import { PublishedDate } from './published-date'

/** One article on /blog/: hero image, date, title, description, keywords and a link to read it. */
export function ArticleCard({ article, priority = false }: { article: BlogArticleSummary; priority?: boolean }) {
  const hero = article.images[0]
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card transition-colors hover:border-violet-500/50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
      {hero ? (
        <img
          src={hero.url}
          alt={hero.alt}
          width={1200}
          height={630}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[1200/630] h-auto w-full border-b border-border object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <PublishedDate isoDate={article.publishedAt} className="text-sm text-muted-foreground" />
        <h2 className="text-xl font-semibold tracking-tight text-foreground">
          {/* The whole card is clickable through this link's ::after; the link itself names the article. */}
          <Link to="/blog/$slug" params={{ slug: article.slug }} className="after:absolute after:inset-0 focus-visible:outline-none">
            {article.title}
          </Link>
        </h2>
        <p className="text-muted-foreground">{article.metaDescription}</p>
        <KeywordTags keywords={article.keywords} className="mt-auto pt-2" />
        <span aria-hidden="true" className="inline-flex items-center gap-1 text-sm font-medium text-violet-300 group-hover:text-violet-200">
          Read article <ArrowRightIcon className="size-4" />
        </span>
      </div>
    </article>
  )
}
