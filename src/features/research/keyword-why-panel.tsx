import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Sheet, SheetContent } from '~/components/ui/sheet'
import { Skeleton } from '~/components/ui/skeleton'
import { formatCount } from '~/features/format'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import type { KeywordExplanation } from '~/lib/rpc-outputs'
import { ARTICLE_TYPE_LABELS, ARTICLE_TYPES, type ArticleType } from '~/shared/articles/article-types'
import { KEYWORD_SOURCE_LABELS, researchStageLabel, type KeywordSource } from '~/shared/research'
import { DAY_MS } from '~/shared/time'

const MERGE_REASONS: Record<string, string> = {
  this_run: 'found in this run',
  planned: 'already planned',
  written: 'already written',
  search_console: 'already ranking in Search Console',
}

/** Why the merged keyword is the same search (src/server/research/duplicates.ts). */
const MERGE_RULES: Record<string, string> = {
  same_words: 'the same words in another order or form',
  close_wording: 'the same words but for one like “easy”, and close in meaning',
}

const sourceLabel = (kind: string) => KEYWORD_SOURCE_LABELS[kind as KeywordSource] ?? kind

/**
 * "Why this keyword": where it came from, the research stages it went through, its numbers, the
 * three scores with the formula, its topic, and the near-duplicates merged into it.
 */
export function KeywordWhyPanel({
  businessId,
  keywordId,
  keyword,
  onClose,
}: {
  businessId: string
  keywordId: string | null
  keyword: string
  onClose: () => void
}) {
  const query = useQuery({
    ...orpc.keyword.explain.queryOptions({ input: { businessId, keywordId: keywordId ?? '' } }),
    enabled: Boolean(keywordId),
  })
  return (
    <Sheet open={keywordId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" title={`Why “${keyword}”`} showTitle closeLabel="Close">
        {query.data ? (
          <>
            <PlanControls businessId={businessId} data={query.data} onExcluded={onClose} />
            <ArticleTypeControl businessId={businessId} data={query.data} />
            <Explanation data={query.data} />
          </>
        ) : query.isError ? (
          <ErrorPanel title="Could not load why this keyword was chosen" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="grid gap-3" aria-label="Loading">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </SheetContent>
    </Sheet>
  )
}

/** Its date (from tomorrow on) and "Exclude for good". */
function PlanControls({ businessId, data, onExcluded }: { businessId: string; data: KeywordExplanation; onExcluded: () => void }) {
  const queryClient = useQueryClient()
  const dateId = useId()
  const current = data.keyword.scheduledAt ? new Date(data.keyword.scheduledAt).toISOString().slice(0, 10) : ''
  const [date, setDate] = useState(current)
  const [confirming, setConfirming] = useState(false)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.cluster.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.research.key() }),
    ])
  const reschedule = useMutation(
    orpc.keyword.reschedule.mutationOptions({
      onSuccess: async () => {
        await refresh()
        toast.success(`Scheduled for ${new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}`)
      },
    }),
  )
  const exclude = useMutation(
    orpc.keyword.exclude.mutationOptions({
      onSuccess: async () => {
        await refresh()
        toast.success(`“${data.keyword.keyword}” excluded: research will not plan it again`)
        onExcluded()
      },
    }),
  )
  const published = data.keyword.status === 'published'
  const [tomorrow] = useState(() => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10))
  return (
    <section className="grid gap-3 rounded-md border border-border p-3 text-sm" aria-label="Plan">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (date) reschedule.mutate({ businessId, keywordId: data.keyword.id, date })
        }}
      >
        <div className="grid gap-1">
          <label htmlFor={dateId} className="text-xs font-medium text-muted-foreground">
            Scheduled for
          </label>
          <input
            id={dateId}
            type="date"
            value={date}
            min={tomorrow}
            disabled={published}
            onChange={(event) => setDate(event.target.value)}
            className="h-8 rounded-md border border-input bg-transparent px-2 text-sm [color-scheme:dark]"
          />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={published || !date || date === current || reschedule.isPending}>
          Change date
        </Button>
      </form>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span>Remove it from the plan and never plan it again?</span>
          <Button
            size="sm"
            variant="destructive"
            disabled={exclude.isPending}
            onClick={() => exclude.mutate({ businessId, ids: [data.keyword.id] })}
          >
            Exclude
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <div>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Exclude for good…
          </Button>
        </div>
      )}
    </section>
  )
}

/**
 * "Article type: Listicle — <reason>", and before its article is written a select to change it
 * ("Chosen for me" gives the choice back to the writer). Once written, the article keeps its type.
 */
function ArticleTypeControl({ businessId, data }: { businessId: string; data: KeywordExplanation }) {
  const queryClient = useQueryClient()
  const selectId = useId()
  const { articleType } = data
  const change = useMutation(
    orpc.keyword.setArticleType.mutationOptions({
      onSuccess: async (chosen) => {
        await queryClient.invalidateQueries({ queryKey: orpc.keyword.key() })
        toast.success(`Its article will be written as: ${chosen.label}`)
      },
    }),
  )
  return (
    <section className="grid gap-2 rounded-md border border-border p-3 text-sm" aria-label="Article type">
      <p>
        <span className="font-medium">Article type: {articleType.label}</span>
        <span className="text-muted-foreground"> — {articleType.reason}</span>
      </p>
      <p className="text-xs text-muted-foreground">{articleType.description}</p>
      {articleType.changeable ? (
        <div className="grid gap-1">
          <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
            Write it as
          </label>
          <select
            id={selectId}
            value={articleType.chosenByUser ? articleType.type : ''}
            disabled={change.isPending}
            onChange={(event) =>
              change.mutate({
                businessId,
                keywordId: data.keyword.id,
                type: event.target.value === '' ? null : (event.target.value as ArticleType),
              })
            }
            className="h-8 w-fit rounded-md border border-input bg-transparent px-2 text-sm [color-scheme:dark]"
          >
            <option value="">Chosen for me ({articleType.chosenByUser ? 'from the keyword' : articleType.label})</option>
            {ARTICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {ARTICLE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">Its article is written; it keeps this type when regenerated.</p>
      )}
    </section>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  )
}

function Explanation({ data }: { data: KeywordExplanation }) {
  const { scores, metrics, cluster } = data
  return (
    <div className="grid gap-5 text-sm">
      <SourceSection data={data} />

      {data.path.length > 0 && (
        <Section title="How research got here">
          <ol className="grid gap-1.5">
            {data.path.map((step) => (
              <li key={step.stage} className="grid grid-cols-[9rem_1fr] gap-2">
                <span className="text-muted-foreground">{researchStageLabel(step.stage)}</span>
                <span>{step.text}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}

      <Section title="Numbers">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Monthly searches</dt>
          <dd className="tabular-nums">{metrics.searchVolume === null ? '—' : formatCount(metrics.searchVolume)}</dd>
          <dt className="text-muted-foreground">Difficulty</dt>
          <dd className="tabular-nums">{metrics.difficulty === null ? '—' : `${Math.round(metrics.difficulty)}%`}</dd>
          <dt className="text-muted-foreground">Cost per click</dt>
          <dd className="tabular-nums">{metrics.cpc === null ? '—' : `$${metrics.cpc.toFixed(2)}`}</dd>
          <dt className="text-muted-foreground">Intent</dt>
          <dd className="capitalize">{metrics.intent ?? '—'}</dd>
        </dl>
        {metrics.trend.length > 0 && <TrendBars points={metrics.trend} />}
      </Section>

      {scores && <ScoresSection scores={scores} />}

      {cluster && (
        <Section title="Topic">
          <p>
            <strong>{cluster.label}</strong>
            {cluster.isPillar ? (
              <> · this is the topic’s pillar article</>
            ) : cluster.pillarKeyword ? (
              <> · pillar: “{cluster.pillarKeyword}”</>
            ) : null}
          </p>
        </Section>
      )}

      <Section title="Merged into it">
        {data.merged.length === 0 ? (
          <p className="text-muted-foreground">No duplicates: no other keyword found was the same search.</p>
        ) : (
          <ul className="grid gap-1">
            {data.merged.map((item) => (
              <li key={item.keyword} className="flex justify-between gap-3">
                <span>
                  “{item.keyword}”{' '}
                  <span className="text-muted-foreground">
                    ({[item.rule ? MERGE_RULES[item.rule] : null, MERGE_REASONS[item.reason] ?? item.reason].filter(Boolean).join('; ')})
                  </span>
                </span>
                <span className="text-muted-foreground tabular-nums">{Math.round(item.similarity * 100)}% similar</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  )
}

/** Where the keyword came from, and the seed it was planned for. */
function SourceSection({ data }: { data: KeywordExplanation }) {
  const { source } = data
  return (
    <Section title="Source">
      {source ? (
        <p>
          <Badge variant="secondary">{sourceLabel(source.kind)}</Badge>{' '}
          {source.seed ? (
            <>
              from the seed <strong>“{source.seed}”</strong>
              {source.kind === 'competitor' && source.competitorRank ? (
                <>
                  , which a competitor ranks #{source.competitorRank} for
                  {source.competitorUrl ? (
                    <>
                      {' '}
                      (<span className="break-all text-muted-foreground">{source.competitorUrl}</span>)
                    </>
                  ) : null}
                </>
              ) : null}
            </>
          ) : null}
        </p>
      ) : (
        <p className="text-muted-foreground">Added before keyword research recorded sources.</p>
      )}
      {data.forSeed ? (
        <p>
          {data.forSeed === data.keyword.keyword ? (
            <>Planned because it is one of your own seeds.</>
          ) : (
            <>
              Planned for your own seed <strong>“{data.forSeed}”</strong>, as its best-scored long-tail variant.
            </>
          )}
        </p>
      ) : null}
    </Section>
  )
}

/** Each score with the formula it came from. */
function ScoresSection({ scores }: { scores: NonNullable<KeywordExplanation['scores']> }) {
  return (
    <Section title="Scores">
      <dl className="grid grid-cols-[7rem_3rem_1fr] items-baseline gap-x-3 gap-y-2">
        {(
          [
            ['Relevance', scores.relevance, scores.formula.relevance],
            ['Opportunity', scores.opportunity, scores.formula.opportunity],
            ['Trend', scores.trend, scores.formula.trend],
            ['Final', scores.final, scores.formula.final],
          ] as const
        ).map(([label, value, formula]) => (
          <div key={label} className="contents">
            <dt className={label === 'Final' ? 'font-semibold' : 'text-muted-foreground'}>{label}</dt>
            <dd className="text-right font-medium tabular-nums">{value === null ? '—' : Math.round(value)}</dd>
            <dd className="text-xs text-muted-foreground">{formula}</dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The last 12 months of searches as small bars. */
function TrendBars({ points }: { points: Array<{ year: number; month: number; searchVolume: number | null }> }) {
  const max = Math.max(1, ...points.map((point) => point.searchVolume ?? 0))
  return (
    <figure className="grid gap-1" aria-label="Monthly searches over the last 12 months">
      <div className="flex h-16 items-end gap-1">
        {points.map((point) => (
          <div
            key={`${point.year}-${point.month}`}
            className="flex-1 rounded-sm bg-primary/70"
            style={{ height: `${Math.max(4, ((point.searchVolume ?? 0) / max) * 100)}%` }}
            title={`${MONTHS[point.month - 1]} ${point.year}: ${point.searchVolume === null ? 'no data' : formatCount(point.searchVolume)}`}
          />
        ))}
      </div>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>
          {MONTHS[points[0]!.month - 1]} {points[0]!.year}
        </span>
        <span>
          {MONTHS[points[points.length - 1]!.month - 1]} {points[points.length - 1]!.year}
        </span>
      </figcaption>
    </figure>
  )
}
