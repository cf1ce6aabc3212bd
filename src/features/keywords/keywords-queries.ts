import { keepPreviousData } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { tableListInput, type TableSearch } from '~/shared/data-table/search-state'

/*
 * The Keywords table's queries, apart from its search state (keyword-search.ts): the route's
 * search reader is in every page's entry, the RPC client only in the app's chunks.
 */

/** keyword.list's input for a search state. */
export const keywordListInput = tableListInput

/**
 * One page of the current business's keywords for a search state. The previous page stays on
 * screen while the next one loads, so paging, sorting and filtering never flash an empty table.
 */
export const keywordListQuery = (search: TableSearch) =>
  orpc.keyword.list.queryOptions({
    input: keywordListInput(search),
    placeholderData: keepPreviousData,
    // The loader's (or SSR's) fetch is fresh enough for the first render: no second request on mount.
    staleTime: 10_000,
  })

/** Every cached keyword list (any page, sort or filter): what a bulk action invalidates. */
export const keywordListKey = () => orpc.keyword.list.key()
