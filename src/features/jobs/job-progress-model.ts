import type { JobSnapshot } from '~/lib/rpc-outputs'

export type { JobSnapshot }

/** Where the bar stands, 0–100; a job with no total yet shows 0. */
export function percentOf(snapshot: Pick<JobSnapshot, 'state' | 'done' | 'total'>): number {
  if (snapshot.state === 'completed') return 100
  if (!snapshot.total) return 0
  return Math.min(100, Math.max(0, Math.round((snapshot.done / snapshot.total) * 100)))
}

export interface RateSample {
  at: number
  done: number
}

/**
 * Seconds left at the rate seen since `first`, or undefined until there is a rate (two samples
 * with progress between them) or when nothing is left to do.
 */
export function secondsLeft(first: RateSample | undefined, latest: RateSample, total: number | null): number | undefined {
  if (!first || !total || latest.done >= total) return undefined
  const elapsed = latest.at - first.at
  const progressed = latest.done - first.done
  if (elapsed <= 0 || progressed <= 0) return undefined
  return Math.ceil(((total - latest.done) * elapsed) / progressed / 1000)
}

export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `About ${Math.max(1, seconds)} s left`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `About ${minutes} min left`
  const hours = Math.floor(minutes / 60)
  return `About ${hours} h ${minutes % 60} min left`
}

export const STATE_LABELS: Record<JobSnapshot['state'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  retrying: 'Retrying',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}
