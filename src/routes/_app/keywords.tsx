import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { PageHeader } from '~/components/page-header'
import { RouteErrorState } from '~/components/route-error-state'
import { keywordListQuery } from '~/features/keywords/keywords-queries'
import {
  keywordsSearchToUrl,
  parseKeywordsSearch,
  validateKeywordsSearch,
  type KeywordsUrlSearch,
} from '~/features/keywords/keyword-search'
import { KeywordsCardFrame, KeywordsTableSkeleton } from '~/features/keywords/keywords-card-frame'
import { KeywordsScreen } from '~/features/keywords/keywords-screen'
import type { TableSearchChange } from '~/components/data-table/data-table-toolbar'
import { pageTitle } from '~/features/page-title'
import { orpc } from '~/lib/orpc'
import { KeywordsTabs } from '~/features/research/keywords-tabs'
import type { TableSearch } from '~/shared/data-table/search-state'

export const Route = createFileRoute('/_app/keywords')({
  // Sort, filters, join, page and page size live in the URL (docs/product/keywords-table.md). Bad values fall back to
  // the defaults (createdAt desc, 10 rows), never an error page. The validated search is the URL
  // form (defaults left out, sort as text), which the router writes back to the address bar;
  // the loader and the screen work on the full state parsed from it.
  validateSearch: (search: KeywordsUrlSearch & SearchSchemaInput): KeywordsUrlSearch => validateKeywordsSearch(search),
  loaderDeps: ({ search }): TableSearch => parseKeywordsSearch(search),
  // The list is fetched before the screen renders (SSR, first visit) and kept in the
  // query cache. A change of page, sort or filter on this screen ("stay") only starts the fetch:
  // the screen shows the previous rows until the new ones arrive instead of waiting here.
  loader: async ({ context, deps, cause }) => {
    const query = keywordListQuery(deps)
    if (cause === 'stay') {
      void context.queryClient.prefetchQuery(query)
      return
    }
    // The business list names the current business, which the research panel works on: loaded
    // before rendering so the server's HTML and the hydrating client agree on it.
    await Promise.all([context.queryClient.ensureQueryData(query), context.queryClient.ensureQueryData(orpc.business.list.queryOptions())])
  },
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Keywords', matches) }] }),
  pendingComponent: () => (
    <>
      <KeywordsHeader />
      <KeywordsTableSkeleton />
    </>
  ),
  errorComponent: ({ error, reset }) => (
    <>
      <KeywordsHeader />
      <KeywordsCardFrame>
        <RouteErrorState title="Could not load your keywords" error={error} reset={reset} />
      </KeywordsCardFrame>
    </>
  ),
  component: KeywordsPage,
})

function KeywordsPage() {
  const urlSearch = Route.useSearch()
  const search = useMemo(() => parseKeywordsSearch(urlSearch), [urlSearch])
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback<TableSearchChange>(
    (next, options) => void navigate({ search: keywordsSearchToUrl(next), replace: options?.replace ?? false }),
    [navigate],
  )
  return (
    <>
      <KeywordsHeader />
      <KeywordsTabs />
      <KeywordsScreen search={search} onSearchChange={onSearchChange} />
    </>
  )
}

function KeywordsHeader() {
  return <PageHeader title="Keywords" description="The searches your articles are planned around." />
}
