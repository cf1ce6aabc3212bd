import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Crown, Layers } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Skeleton } from '~/components/ui/skeleton'
import { formatCount, pluralize } from '~/features/format'
import { orpc } from '~/lib/orpc'
import type { KeywordCluster } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { seriesDateRange, topicDescription } from './cluster-display'
import { clusterListQuery } from './clusters-queries'
import { isResearchRunning, ResearchPanel, useResearchStatus } from './research-panel'

const shortDate = (value: Date | string | null) =>
  value ? new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }) : '—'

/** While the Clusters tab loads its topics. */
export function ClustersSkeleton() {
  return (
    <div className="grid gap-4" aria-label="Loading topics">
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  )
}

/**
 * The Keywords screen's Clusters tab: each topic with its pillar, supporting keywords, total
 * volume, average difficulty and its series' dates (first to last scheduled day). A keyword can
 * move to another topic, and any keyword of a topic can become its pillar.
 */
export function ClustersScreen({ businessId }: { businessId: string }) {
  const research = useResearchStatus(businessId)
  const { data: clusters } = useSuspenseQuery(clusterListQuery(businessId))

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ResearchPanel businessId={businessId} />
      {clusters.length === 0 ? (
        <Card>
          <CardContent className="py-6">
            <EmptyState
              icon={Layers}
              title={isResearchRunning(research.data) ? 'Keyword research is running' : 'No topics yet'}
              description="Keyword research groups the keywords it plans into topics: a pillar article with the supporting articles that link to it. They appear here once a run has planned your month."
            />
          </CardContent>
        </Card>
      ) : (
        clusters.map((cluster) => <ClusterCard key={cluster.id} businessId={businessId} cluster={cluster} clusters={clusters} />)
      )}
    </div>
  )
}

function ClusterCard({ businessId, cluster, clusters }: { businessId: string; cluster: KeywordCluster; clusters: KeywordCluster[] }) {
  const queryClient = useQueryClient()
  const onSuccess = (next: KeywordCluster[]) => {
    queryClient.setQueryData(orpc.cluster.list.queryKey({ input: { businessId } }), next)
    void queryClient.invalidateQueries({ queryKey: orpc.keyword.key() })
  }
  const setPillar = useMutation(
    orpc.cluster.setPillar.mutationOptions({
      onSuccess: (next) => {
        onSuccess(next)
        toast.success('Pillar changed: it is now the first article of the topic')
      },
    }),
  )
  const move = useMutation(
    orpc.cluster.moveKeyword.mutationOptions({
      onSuccess: (next, input) => {
        onSuccess(next)
        toast.success(`Moved to “${next.find((item) => item.id === input.clusterId)?.label ?? 'the topic'}”`)
      },
    }),
  )
  const others = clusters.filter((item) => item.id !== cluster.id)
  const series = seriesDateRange(cluster.keywords.map((item) => item.scheduledAt))
  return (
    <Card aria-label={`Topic ${cluster.label}`}>
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{cluster.label}</CardTitle>
          <div className="flex flex-wrap gap-2 text-xs text-muted-foreground">
            <Badge variant="secondary">{pluralize(cluster.keywordIds.length, 'article')}</Badge>
            <Badge variant="secondary">{pluralize(cluster.totalVolume, 'search', 'searches')} a month</Badge>
            <Badge variant="secondary">difficulty {cluster.avgDifficulty === null ? '—' : `${Math.round(cluster.avgDifficulty)}%`}</Badge>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{topicDescription(cluster)}</p>
        {series && <p className="text-xs text-muted-foreground">Series {series}</p>}
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border rounded-md border border-border">
          {cluster.keywords.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 text-sm">
              <span className="flex min-w-0 flex-1 basis-full items-center gap-2 sm:basis-0">
                {/* Every row keeps the crown's room, so the pillar's name lines up with the others. */}
                {item.isPillar ? (
                  <Crown className="size-4 shrink-0 text-primary" aria-label="Pillar" />
                ) : (
                  <span className="size-4 shrink-0" aria-hidden />
                )}
                <span className="truncate font-medium" title={item.keyword}>
                  {item.keyword}
                </span>
              </span>
              <span className="w-24 text-muted-foreground tabular-nums">
                {item.searchVolume === null ? '—' : formatCount(item.searchVolume)}
              </span>
              <span className="w-16 text-muted-foreground tabular-nums">{item.difficulty === null ? '—' : `${item.difficulty}%`}</span>
              <span className="w-16 text-muted-foreground">{shortDate(item.scheduledAt)}</span>
              {/* A fixed width: the pillar's row, without "Make pillar", keeps its columns under the others'. */}
              <span className="flex items-center justify-end gap-2 sm:w-60">
                {!item.isPillar && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={setPillar.isPending}
                    onClick={() => setPillar.mutate({ businessId, clusterId: cluster.id, keywordId: item.id })}
                    aria-label={`Make “${item.keyword}” the pillar`}
                  >
                    Make pillar
                  </Button>
                )}
                {others.length > 0 && (
                  <Select
                    value=""
                    onValueChange={(clusterId) => move.mutate({ businessId, clusterId, keywordId: item.id })}
                    disabled={move.isPending}
                  >
                    <SelectTrigger size="sm" aria-label={`Move “${item.keyword}” to another topic`} className="w-32">
                      <SelectValue placeholder="Move to…" />
                    </SelectTrigger>
                    <SelectContent>
                      {others.map((other) => (
                        <SelectItem key={other.id} value={other.id}>
                          {other.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
