import { describe, expect, it, vi } from 'vitest'
import { dataTableConfig } from '~/shared/data-table/config'
import { createThrottle } from './throttle'

describe('createThrottle (50 ms emission)', () => {
  it('runs the first call at once and collapses later ones into one trailing call with the latest value', () => {
    vi.useFakeTimers()
    try {
      const calls: number[] = []
      const throttled = createThrottle((value: number) => calls.push(value), dataTableConfig.throttleMs)
      throttled(1)
      expect(calls).toEqual([1])
      vi.advanceTimersByTime(10)
      throttled(2)
      throttled(3)
      vi.advanceTimersByTime(20)
      throttled(4)
      expect(calls).toEqual([1])
      vi.advanceTimersByTime(20)
      expect(calls).toEqual([1, 4])
      vi.advanceTimersByTime(100)
      throttled(5)
      expect(calls).toEqual([1, 4, 5])
      throttled(6)
      throttled.cancel()
      vi.advanceTimersByTime(100)
      expect(calls).toEqual([1, 4, 5])
    } finally {
      vi.useRealTimers()
    }
  })
})
