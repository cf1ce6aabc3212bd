import { formatCount, pluralize } from '~/features/format'
import type { ResearchStatus } from '~/lib/rpc-outputs'
import type { ResearchLimit, SeedOutcome } from '~/shared/research'

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

/** Why the month is not full, by what limited the run (src/shared/research.ts RESEARCH_LIMITS). */
const SHORT_BECAUSE: Record<ResearchLimit, string> = {
  market: 'research found too few distinct searches for your seeds in your market',
  relevance: 'most searches research found were not about your business',
  duplicates: 'the other searches it found repeat keywords you already have',
}

/** The next step that widens what research finds, for what limited this run. */
function nextStep(limit: ResearchLimit, competitors: number): string {
  const competitor = competitors === 0 ? 'add a competitor on the Competitors page' : 'add another competitor on the Competitors page'
  switch (limit) {
    case 'market':
      return `add seeds for other things you sell (Settings → Research seeds), ${competitor}, or try a wider market (Settings → Article settings → Keyword region)`
    case 'relevance':
      return `add seeds and services that say what you sell (Settings → Research seeds and Business profile), or ${competitor}`
    case 'duplicates':
      return `add seeds on subjects you have not covered yet (Settings → Research seeds), or ${competitor}`
  }
}

/** Why one of the user's own seeds got no article of its own this run. */
function seedReason(seed: SeedOutcome): string | undefined {
  switch (seed.fate) {
    case 'excluded':
      return 'you excluded it'
    case 'negative':
      return 'it contains one of your negative keywords'
    case 'already_planned':
      return `already planned as “${seed.keyword}”`
    case 'written':
      return `already written as “${seed.keyword}”`
    case 'ranking':
      return `your site already ranks in the top 3 for “${seed.keyword}”`
    case 'no_searches':
      return 'nobody searches it, nor a longer phrase with its words'
    case 'month_full':
      return 'the month was already full'
    default:
      return undefined
  }
}

/**
 * What a run left open and the next step, apart from the headline: when research found fewer
 * distinct keywords than the month has room for, why (what limited this run) and which inputs
 * would widen it; and each of the user's seeds that got no article, with the reason
 * (docs/product/pipeline.md, stage e).
 */
export function openNote(run: Pick<Run, 'month' | 'counts' | 'outcome'>): string | undefined {
  const planned = run.counts.plan ?? 0
  const open = (run.counts.capacity ?? planned) - planned
  const notes: string[] = []
  if (open > 0 && planned > 0) {
    const limit = run.outcome?.limitedBy
    const competitors = run.outcome?.competitors ?? 0
    notes.push(
      limit
        ? `${pluralize(open, 'article')} of ${monthName(run.month)} ${open === 1 ? 'is' : 'are'} still open: ${SHORT_BECAUSE[limit]}. Next step: ${nextStep(limit, competitors)}.`
        : `${pluralize(open, 'article')} of ${monthName(run.month)} ${open === 1 ? 'is' : 'are'} still open: no more keywords were different enough from the ones you have. Next step: add seeds or competitors in Settings to widen the search.`,
    )
  }
  const unplanned = (run.outcome?.seeds ?? []).flatMap((seed) => {
    const reason = seedReason(seed)
    return reason ? [`“${seed.seed}” (${reason})`] : []
  })
  if (unplanned.length > 0) notes.push(`Not planned from your seeds: ${unplanned.join(', ')}.`)
  return notes.length > 0 ? notes.join(' ') : undefined
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
