import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit'

describe('createRateLimiter', () => {
  it('allows max hits per window per key, then says when to retry', () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 10_000 })
    expect(limiter.hit('a', 0)).toEqual({ allowed: true })
    expect(limiter.hit('a', 1_000)).toEqual({ allowed: true })
    expect(limiter.hit('a', 2_000)).toEqual({ allowed: false, retryAfterSeconds: 8 })
    expect(limiter.hit('b', 2_000)).toEqual({ allowed: true })
    expect(limiter.hit('a', 10_000)).toEqual({ allowed: true })
  })

  it('keeps at most maxKeys keys, dropping the oldest', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000, maxKeys: 2 })
    limiter.hit('a', 0)
    limiter.hit('b', 0)
    limiter.hit('c', 0)
    // 'a' was dropped, so it starts a new window.
    expect(limiter.hit('a', 1)).toEqual({ allowed: true })
    expect(limiter.hit('c', 1).allowed).toBe(false)
  })
})
