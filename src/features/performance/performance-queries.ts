import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import type { PerformanceSearch } from './performance-search'

/*
 * The Performance screen's queries, apart from its search state (performance-search.ts): the route's search reader is in every
 * page's entry, the RPC client only in the app's chunks.
 */

export const performanceQuery = (businessId: string, search: PerformanceSearch, articleId?: string) =>
  orpc.gsc.performance.queryOptions({
    input: { businessId, from: search.from, to: search.to, articleId },
    placeholderData: keepPreviousData,
    // While the first sync runs, its months arrive one by one.
    refetchInterval: (query) => (query.state.data?.connection?.syncStatus === 'syncing' ? 5000 : false),
  })

export const opportunitiesQuery = (businessId: string) => orpc.gsc.opportunities.queryOptions({ input: { businessId } })
