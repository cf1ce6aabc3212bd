export interface ProgressSnapshot {
  step: string
  done: number
  total: number
  message: string | null
}

/**
 * Coalesces progress reports into at most one write per `intervalMs` (a handler may report on
 * every item). The latest report always reaches the database: a report inside the interval is
 * written when the interval ends, and `flush()` writes whatever is still pending.
 */
export function createProgressWriter(write: (snapshot: ProgressSnapshot) => Promise<void>, intervalMs = 250) {
  let pending: ProgressSnapshot | undefined
  let lastWriteAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: Promise<void> = Promise.resolve()
  let stopped = false

  const writeNow = () => {
    timer = undefined
    const snapshot = pending
    pending = undefined
    if (!snapshot) return inFlight
    lastWriteAt = Date.now()
    // Chained, so writes land in the order they were reported.
    inFlight = inFlight.then(() => write(snapshot)).catch(() => {})
    return inFlight
  }

  return {
    report(snapshot: ProgressSnapshot) {
      if (stopped) return
      pending = snapshot
      if (timer) return
      const wait = lastWriteAt + intervalMs - Date.now()
      if (wait <= 0) void writeNow()
      else timer = setTimeout(writeNow, wait)
    },
    /** The last report, written or not. */
    latest: () => pending,
    /** Writes what is pending and stops further writes; the caller then writes the final state. */
    async close() {
      stopped = true
      if (timer) clearTimeout(timer)
      await writeNow()
    },
  }
}
