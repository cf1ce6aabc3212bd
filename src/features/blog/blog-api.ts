import { createServerFn } from '@tanstack/react-start'
import { ARTICLES, findArticle, summarize } from './articles'

/**
 * The blog's data, read on the server: the route loaders call these, so the article bodies stay
 * out of the JavaScript of every public page (a loader's imports land in the main bundle).
 */

export const listArticles = createServerFn({ method: 'POST' }).handler(() => ARTICLES.map(summarize))

/** The article with this slug, or null. */
export const getArticle = createServerFn({ method: 'POST' })
  .validator((slug: string) => {
    if (typeof slug !== 'string') throw new TypeError('slug must be a string')
    return slug
  })
  .handler(({ data: slug }) => findArticle(slug) ?? null)
