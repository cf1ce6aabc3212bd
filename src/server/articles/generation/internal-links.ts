import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { article, business as businessTable, publication } from '~/server/db/schema'
import type { ArticleInternalLink } from '~/shared/articles/article'
import { dedupeBy } from './ranking'

/**
 * Pages an article may link to: the business's best articles, then its published articles
 * (never an unpublished one, never itself) at their live address on the CMS when a publication
 * recorded one, else under the blog's address. Sitemap pages join when the site's crawl stored them.
 */
export async function internalLinkTargets(
  db: Database,
  business: typeof businessTable.$inferSelect,
  keywordId: string,
): Promise<ArticleInternalLink[]> {
  const best = (business.bestArticles ?? []).filter(Boolean).map((url) => ({ url, anchor: anchorFromUrl(url), kind: 'best' as const }))
  const published = await db
    .select({ id: article.id, slug: article.slug, title: article.title, keywordId: article.keywordId })
    .from(article)
    .where(and(eq(article.businessId, business.id), eq(article.status, 'published')))
  const live = await db
    .select({ articleId: publication.articleId, url: publication.url })
    .from(publication)
    .where(and(eq(publication.businessId, business.id), eq(publication.status, 'published'), isNotNull(publication.url)))
    .orderBy(asc(publication.createdAt))
  const liveUrl = new Map<string, string>()
  for (const row of live) if (!liveUrl.has(row.articleId)) liveUrl.set(row.articleId, row.url!)
  const base = (business.blogUrl || business.url).replace(/\/+$/, '')
  const ours = published
    .filter((item) => item.keywordId !== keywordId)
    .map((item) => ({ url: liveUrl.get(item.id) ?? `${base}/${item.slug}`, anchor: item.title, kind: 'article' as const }))
  return dedupeBy([...best, ...ours], (target) => target.url)
}

function anchorFromUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? ''
    const text = decodeURIComponent(last)
      .replace(/\.[a-z]+$/, '')
      .replace(/[-_]+/g, ' ')
      .trim()
    return text ? text[0]!.toUpperCase() + text.slice(1) : new URL(url).hostname
  } catch {
    return url
  }
}
