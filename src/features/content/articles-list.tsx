import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FileTextIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Card, CardContent } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table'
import { useCurrentBusinessId } from '~/features/research/research-panel'
import { orpc } from '~/lib/orpc'
import { ArticleStatusBadge, SeoScoreBadge } from './article-status'

const day = (value: Date | string | null) =>
  value ? new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '—'

/** The current business's articles, newest change first: title, keyword, status, score, day. */
export function ArticlesList() {
  const businessId = useCurrentBusinessId()
  const query = useQuery({
    ...orpc.article.list.queryOptions({ input: { businessId: businessId ?? '', perPage: 100 } }),
    enabled: Boolean(businessId),
  })
  if (!businessId || query.isPending) {
    return (
      <div className="grid gap-3" aria-label="Loading articles">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    )
  }
  if (query.isError) return <ErrorPanel title="Could not load your articles" error={query.error} onRetry={() => void query.refetch()} />
  if (query.data.total === 0) {
    return (
      <EmptyState
        icon={FileTextIcon}
        title="No articles yet"
        description="Each keyword planned on the Keywords page gets its article a few days before its publishing day, or when you press Generate now. Drafts, articles waiting for review and published ones are listed here."
      />
    )
  }
  return (
    <Card>
      <CardContent className="p-0">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead className="hidden md:table-cell">Keyword</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Score</TableHead>
              <TableHead className="hidden sm:table-cell">Scheduled</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.data.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="max-w-[22rem] whitespace-normal">
                  <Link to="/content/$articleId" params={{ articleId: item.id }} className="font-medium text-foreground hover:underline">
                    {item.title}
                  </Link>
                </TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">{item.keyword}</TableCell>
                <TableCell>
                  <ArticleStatusBadge status={item.status} />
                </TableCell>
                <TableCell className="text-right">
                  <SeoScoreBadge score={item.seoScore} />
                </TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">{day(item.scheduledAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
