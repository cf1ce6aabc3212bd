import type { Database } from '~/server/db'
import { startResearch } from '~/server/research/research.service'

/**
 * Where keyword research starts when onboarding ends: setup.finish calls it once, after the
 * business became the selected one. The run plans the rest of this month (or next month when
 * this one is nearly over); /keywords shows its progress (docs/product/pipeline.md §3).
 */
export async function startKeywordResearch(
  db: Database,
  target: { userId: string; businessId: string },
): Promise<{ started: boolean; jobId: string | null }> {
  const { jobId } = await startResearch(db, target, 'setup')
  return { started: true, jobId }
}
