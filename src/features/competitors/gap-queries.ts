import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { tableListInput, type TableSearch } from '~/shared/data-table/search-state'

/*
 * The Competitors screen's queries, apart from its search state (gap-search.ts): the route's search reader is in every
 * page's entry, the RPC client only in the app's chunks.
 */

/** One page of the gap; the previous page stays on screen while the next loads. */
export const gapQuery = (businessId: string, search: TableSearch) =>
  orpc.competitor.gap.queryOptions({
    input: { businessId, ...tableListInput(search) },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

export const competitorListQuery = (businessId: string) => orpc.competitor.list.queryOptions({ input: { businessId }, staleTime: 10_000 })
