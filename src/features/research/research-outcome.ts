import { pluralize } from '~/features/format'
import type { ResearchStatus } from '~/lib/rpc-outputs'

const monthName = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** What a finished research run planned, in one sentence: the panel's summary after a run. */
export function outcome(run: Pick<NonNullable<ResearchStatus>, 'month' | 'counts'>): string {
  const planned = run.counts.plan ?? 0
  const month = monthName(run.month)
  if (planned > 0) {
    const done = `${pluralize(planned, 'keyword')} planned for ${month} in ${pluralize(run.counts.cluster ?? 0, 'topic')}`
    const open = (run.counts.capacity ?? planned) - planned
    if (open <= 0) return done
    // Fewer distinct keywords than the month has room for: say so, and what finds more.
    return `${done}; ${pluralize(open, 'article')} of the month left open: no more keywords were different enough from the ones you have. Add seeds or competitors in settings to widen the search.`
  }
  if (run.counts.capacity === 0) return `${month} is fully planned: no new keywords were needed`
  return `No new keywords for ${month}: every candidate was already planned or too close to one`
}
