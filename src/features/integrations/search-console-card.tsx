import { SearchCheckIcon } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDateTime, type IntegrationList } from './integration-queries'

/**
 * Google Search Console on /integrations (docs/product §5): the property this business reads its
 * searches from and its last sync, or that none is linked. It shows the link's state only.
 */
export function SearchConsoleCard({ searchConsole }: { searchConsole: IntegrationList['searchConsole'] }) {
  return (
    <Card data-testid="search-console-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="flex items-center gap-2 text-base">
            <SearchCheckIcon aria-hidden className="size-4 text-violet-300" />
            Search Console
          </CardTitle>
          {searchConsole ? (
            <Badge variant="success">Connected</Badge>
          ) : (
            <Badge variant="outline" className="text-muted-foreground">
              Not connected
            </Badge>
          )}
        </div>
        <CardDescription>The searches that already bring you visitors, read-only.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {searchConsole ? (
          <dl className="grid gap-2 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Property</dt>
              <dd className="font-medium break-all">{searchConsole.siteUrl}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Last sync</dt>
              <dd className="font-medium">{searchConsole.lastSyncAt ? formatDateTime(searchConsole.lastSyncAt) : 'Not synced yet'}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-muted-foreground">
            No Search Console property is linked to this business, so its plan is built from keyword research and competitors alone.
          </p>
        )}
      </CardContent>
    </Card>
  )
}
