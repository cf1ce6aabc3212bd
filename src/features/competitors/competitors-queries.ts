import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { tableListInput, type TableSearch } from '~/shared/data-table/search-state'

/*
 * The Competitors screen's queries, apart from its search state (gap-search.ts): the route's search reader is in every
 * page's entry, the RPC client only in the app's chunks. The route's loader ensures them
 * (docs/decisions/0019-screen-data-loading.md); the list is read with useSuspenseQuery, the gap's
 * pages with useQuery, which keeps the previous page on screen while the next one loads.
 */

/** One page of the gap; the previous page stays on screen while the next loads. */
export const gapQuery = (businessId: string, search: TableSearch) =>
  orpc.competitor.gap.queryOptions({
    input: { businessId, ...tableListInput(search) },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

export const competitorListQuery = (businessId: string) => orpc.competitor.list.queryOptions({ input: { businessId }, staleTime: 10_000 })
