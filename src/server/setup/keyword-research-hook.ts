import type { Database } from '~/server/db'

/**
 * THE PLACE KEYWORD RESEARCH STARTS (docs/product/pipeline.md, planned). Onboarding calls it once, when the user
 * finishes setup (setup.finish), after their business became the selected one.
 *
 * Keyword research is its own issue. Until that issue lands, this starts nothing and says so:
 * it returns `{ started: false, jobId: null }` and the finish screen does not claim research is
 * running. The keyword-research issue replaces the body with `enqueueJob(db, { kind: <its job>,
 * userId, businessId, input: { businessId }, singletonKey: businessId })` and returns the job's id,
 * which /keywords then shows with <JobProgress>.
 */
export async function startKeywordResearch(
  _db: Database,
  _target: { userId: string; businessId: string },
): Promise<{ started: boolean; jobId: string | null }> {
  return { started: false, jobId: null }
}
