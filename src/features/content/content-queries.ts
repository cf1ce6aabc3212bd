import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { tableListInput, type TableSearch } from '~/shared/data-table/search-state'

/*
 * The Content screen's queries, apart from its search state (content-search.ts): the route's search reader is in every
 * page's entry, the RPC client only in the app's chunks.
 */

/** One page of the business's articles for the list view; the previous page stays while the next loads. */
export const articleListQuery = (businessId: string, search: TableSearch) =>
  orpc.article.list.queryOptions({
    input: { businessId, ...tableListInput(search) },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

export const calendarQuery = (businessId: string, month: string) =>
  orpc.article.calendar.queryOptions({ input: { businessId, month }, staleTime: 10_000 })
