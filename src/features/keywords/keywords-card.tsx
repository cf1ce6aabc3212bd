import { useSuspenseQuery } from '@tanstack/react-query'
import { KeyRoundIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { EmptyState } from '~/components/empty-state'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { formatCount } from '../format'
import { firstKeywordPageQuery } from './keyword-queries'
import { KeywordStatusBadge } from './keyword-status-badge'

/** The card titled "Keywords" with the total in a badge (spec §2); the body is the list or a state. */
export function KeywordsCardFrame({ total, children }: { total?: number; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <CardTitle>Keywords</CardTitle>
        {total !== undefined && (
          <Badge variant="secondary" aria-label={`${formatCount(total)} keywords in total`}>
            {formatCount(total)}
          </Badge>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** The newest keywords of the current business (loaded by the route before it renders). */
export function KeywordsCard() {
  const { data } = useSuspenseQuery(firstKeywordPageQuery())

  return (
    <KeywordsCardFrame total={data.total}>
      {data.items.length === 0 ? (
        <EmptyState
          icon={KeyRoundIcon}
          title="No keywords yet"
          description="The searches your articles will target will be listed here, newest first, with their volume, difficulty and status. Keyword research fills this list from your business profile and competitors once setup is finished."
        />
      ) : (
        <>
          <ul className="divide-y divide-border rounded-md border border-border">
            {data.items.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <span className="min-w-0 flex-1 truncate font-medium">{row.keyword}</span>
                <span className="text-muted-foreground">
                  {row.searchVolume != null ? `${formatCount(row.searchVolume)} searches/mo` : 'Volume unknown'}
                </span>
                <span className="text-muted-foreground">
                  {row.difficulty != null ? `Difficulty ${formatCount(row.difficulty)}%` : 'Difficulty unknown'}
                </span>
                <KeywordStatusBadge status={row.status} />
              </li>
            ))}
          </ul>
          {data.total > data.items.length && (
            <p className="mt-3 text-xs text-muted-foreground">
              Showing the {formatCount(data.items.length)} newest of {formatCount(data.total)} keywords.
            </p>
          )}
        </>
      )}
    </KeywordsCardFrame>
  )
}

/** Skeleton rows in the card while the first page loads. */
export function KeywordsCardSkeleton() {
  return (
    <KeywordsCardFrame>
      <div role="status" aria-label="Loading keywords" className="grid gap-3">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="flex items-center gap-4">
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-5 w-16" />
          </div>
        ))}
      </div>
    </KeywordsCardFrame>
  )
}
