import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time'

describe('time lengths', () => {
  it('are milliseconds', () => {
    expect(MINUTE_MS).toBe(60 * 1000)
    expect(HOUR_MS).toBe(3_600_000)
    expect(DAY_MS).toBe(86_400_000)
  })
})
