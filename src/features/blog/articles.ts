import type { BlogArticle, BlogArticleSummary } from './article'
import { findKeywordsYouCanRankFor } from './articles/find-keywords-you-can-rank-for'
import { topicClustersAndCannibalisation } from './articles/topic-clusters-and-cannibalisation'

export type { BlogArticle, BlogArticleSummary, BlogImage } from './article'

/**
 * The blog's fixed sample data, newest first.
 *
 * Server-side only in practice: routes read it through the server functions of blog-api.ts, so
 * the article bodies never ship in the JavaScript of public pages.
 */
export const ARTICLES: readonly BlogArticle[] = [topicClustersAndCannibalisation, findKeywordsYouCanRankFor].sort((a, b) =>
  b.publishedAt.localeCompare(a.publishedAt),
)

export const findArticle = (slug: string) => ARTICLES.find((article) => article.slug === slug)

export function summarize({ body: _body, ...summary }: BlogArticle): BlogArticleSummary {
  return summary
}
