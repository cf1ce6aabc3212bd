import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import type { HistorySearch } from './history-search'

/*
 * The History screen's queries, apart from its search state (history-search.ts): the route's search reader is in every
 * page's entry, the RPC client only in the app's chunks.
 */

export const historyListInput = (businessId: string, search: HistorySearch) => ({
  businessId,
  page: search.page,
  perPage: search.perPage,
  kinds: search.kind ? [search.kind] : undefined,
  statuses: search.status ? [search.status] : undefined,
  from: search.from,
  to: search.to,
})

/**
 * One page of the business's timeline. The previous page stays on screen while the next loads;
 * while an entry is still running the page is asked for again every few seconds.
 */
export const historyListQuery = (businessId: string, search: HistorySearch) =>
  orpc.history.list.queryOptions({
    input: historyListInput(businessId, search),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((entry) => entry.status === 'in-progress' || entry.retriedStatus === 'in-progress') ? 2000 : false,
  })
