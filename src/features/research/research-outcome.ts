import { formatCount, pluralize } from '~/features/format'
import type { ResearchStatus } from '~/lib/rpc-outputs'

type Run = NonNullable<ResearchStatus>

const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/**
 * What a finished research run found for the business, in the customer's words: the panel's
 * headline after a run ("29 keywords in 20 topics for December 2026").
 */
export function outcome(run: Pick<Run, 'month' | 'counts'>): string {
  const planned = run.counts.plan ?? 0
  const month = monthName(run.month)
  if (planned > 0) return `${pluralize(planned, 'keyword')} in ${pluralize(run.counts.cluster ?? 0, 'topic')} for ${month}`
  if (run.counts.capacity === 0) return `${month} is fully planned: no new keywords were needed`
  return `No new keywords for ${month}: every candidate was already planned or too close to one`
}

/**
 * What a run left open and the next step, apart from the headline: only when research found fewer
 * distinct keywords than the month has room for (docs/product/pipeline.md, stage c).
 */
export function openNote(run: Pick<Run, 'month' | 'counts'>): string | undefined {
  const planned = run.counts.plan ?? 0
  if (planned <= 0) return undefined
  const open = (run.counts.capacity ?? planned) - planned
  if (open <= 0) return undefined
  return `${pluralize(open, 'article')} of ${monthName(run.month)} ${open === 1 ? 'is' : 'are'} still open: no more keywords were different enough from the ones you have. Next step: add seeds or competitors in Settings to widen the search.`
}

const formatCost = (dollars: number) => (dollars < 0.01 ? '< $0.01' : `$${dollars.toFixed(2)}`)

/** The pipeline's own figures (what it read, scored and merged, and what it cost): the panel's Details. */
export function pipelineFigures(run: Pick<Run, 'counts' | 'paidCalls' | 'cacheHits' | 'cost'>): string[] {
  const work = `${pluralize(run.counts.expand ?? 0, 'keyword')} considered, ${formatCount(run.counts.score ?? 0)} scored, ${formatCount(run.counts.merged ?? 0)} merged as duplicates`
  const spend =
    run.paidCalls === 0
      ? `No paid provider calls, ${pluralize(run.cacheHits, 'answer')} from cache`
      : `${pluralize(run.paidCalls, 'provider call')}, ${formatCount(run.cacheHits)} answered from cache · estimated cost ${formatCost(run.cost)}`
  return [work, spend]
}
