interface Scheduler {
  yield?: () => Promise<void>
}

/**
 * Resolves in a later task, so the browser can paint and answer input in between: the
 * Prioritized Task Scheduling API's `scheduler.yield()` where there is one (the rest of the work
 * keeps its place ahead of other tasks), else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
