/**
 * A fixed-window counter per key, in this process's memory: enough to stop one client hammering
 * one server. Several web processes each count on their own, so a limit is per process.
 * Bounded: the oldest keys are dropped past `maxKeys`, so a flood of new keys cannot grow memory.
 */
export interface RateLimiter {
  /** Counts one hit for `key`; answers whether it is within the limit and, if not, when to retry. */
  hit(key: string, now?: number): { allowed: true } | { allowed: false; retryAfterSeconds: number }
  reset(): void
}

export function createRateLimiter(options: { max: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const maxKeys = options.maxKeys ?? 50_000
  const windows = new Map<string, { start: number; count: number }>()
  return {
    hit(key, now = Date.now()) {
      let window = windows.get(key)
      if (!window || now - window.start >= options.windowMs) {
        windows.delete(key)
        window = { start: now, count: 0 }
        windows.set(key, window)
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string)
      }
      window.count += 1
      if (window.count <= options.max) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + options.windowMs - now) / 1000)) }
    },
    reset() {
      windows.clear()
    },
  }
}
