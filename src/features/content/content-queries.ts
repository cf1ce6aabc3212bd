import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { tableListInput, type TableSearch } from '~/shared/data-table/search-state'

/*
 * The Content screen's and the article page's queries, apart from their search state
 * (content-search.ts): the route's search reader is in every page's entry, the RPC client only in
 * the app's chunks. The routes' loaders ensure them and the screens read them with
 * useSuspenseQuery (docs/decisions/0019-screen-data-loading.md), except the list's page, which
 * keeps the previous rows while the next loads.
 */

/** One page of the business's articles for the list view; the previous page stays while the next loads. */
export const articleListQuery = (businessId: string, search: TableSearch) =>
  orpc.article.list.queryOptions({
    input: { businessId, ...tableListInput(search) },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

/** One month of the plan: its keywords and articles on their days, and the next planned day from today on. */
export const calendarQuery = (businessId: string, month: string) =>
  orpc.article.calendar.queryOptions({ input: { businessId, month }, staleTime: 10_000 })

/** One article with its SEO checks, citations, outline and versions (article.get). */
export const articleQuery = (businessId: string, articleId: string) => orpc.article.get.queryOptions({ input: { businessId, articleId } })

/**
 * Where the article is published (article.publications), beside the article: its panel reads it
 * without suspense and shows its own loading and error states.
 */
export const publicationsQuery = (businessId: string, articleId: string) =>
  orpc.article.publications.queryOptions({ input: { businessId, articleId } })
