import { useSuspenseQuery } from '@tanstack/react-query'
import { Skeleton } from '~/components/ui/skeleton'
import { CONNECTOR_TYPES } from '~/shared/integrations'
import { ConnectorCard } from './connector-card'
import { ExportCard } from './export-card'
import { integrationListQuery } from './integrations-queries'
import { SearchConsoleCard } from './search-console-card'

/** While the Integrations route loads integration.list: the cards' outlines. */
export function IntegrationsSkeleton() {
  return (
    <div role="status" aria-label="Loading your integrations" className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {CONNECTOR_TYPES.map((type) => (
          <Skeleton key={type} className="h-48" />
        ))}
      </div>
      <Skeleton className="h-40" />
      <Skeleton className="h-32" />
    </div>
  )
}

/**
 * /integrations (docs/product/publishing.md): where finished articles go (a card per connector, connected or
 * not), the JSON feed and downloads, and the Search Console link.
 */
export function IntegrationsScreen({ businessId }: { businessId: string }) {
  const {
    data: { integrations, feed, searchConsole },
  } = useSuspenseQuery(integrationListQuery(businessId))
  const connected = new Map(integrations.map((item) => [item.type, item]))
  const nothingYet = integrations.length === 0 && !feed?.enabled
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-8">
      <section aria-labelledby="publishing-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="publishing-heading" className="text-lg font-semibold">
            Publishing
          </h2>
          <p className="text-sm text-muted-foreground">
            {nothingYet
              ? 'Nothing is connected yet: connect your site (or turn on the JSON feed below) and your articles go live on their day.'
              : 'Articles go to every enabled connection on their day; Publish now on an article sends it at once.'}
          </p>
        </div>
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {CONNECTOR_TYPES.map((type) => (
            <ConnectorCard key={type} businessId={businessId} type={type} integration={connected.get(type)} />
          ))}
        </ul>
      </section>
      <ExportCard businessId={businessId} feed={feed} />
      <SearchConsoleCard businessId={businessId} searchConsole={searchConsole} />
    </div>
  )
}
