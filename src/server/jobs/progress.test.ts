import { afterEach, describe, expect, it, vi } from 'vitest'
import { createProgressWriter, type ProgressSnapshot } from './progress'

const at = (done: number): ProgressSnapshot => ({ step: 'Counting', done, total: 100, message: null })

describe('throttled progress writes', () => {
  afterEach(() => vi.useRealTimers())

  it('writes at most once per interval, always the latest report, and flushes the last on close', async () => {
    vi.useFakeTimers()
    const writes: number[] = []
    const writer = createProgressWriter(async (snapshot) => void writes.push(snapshot.done), 250)
    // 100 reports over one second: 4 per second allowed.
    for (let done = 0; done < 100; done++) {
      writer.report(at(done))
      await vi.advanceTimersByTimeAsync(10)
    }
    expect(writes.length).toBeGreaterThanOrEqual(4)
    expect(writes.length).toBeLessThanOrEqual(5)
    expect(writes).toEqual([...writes].sort((a, b) => a - b))
    await writer.close()
    expect(writes.at(-1)).toBe(99)
    writer.report(at(100))
    await vi.advanceTimersByTimeAsync(1000)
    expect(writes.at(-1)).toBe(99)
  })

  it('the first report is written at once', async () => {
    const writes: number[] = []
    const writer = createProgressWriter(async (snapshot) => void writes.push(snapshot.done), 250)
    writer.report(at(1))
    await Promise.resolve()
    expect(writes).toEqual([1])
    await writer.close()
  })

  it('a failing write does not stop later ones', async () => {
    vi.useFakeTimers()
    const writes: number[] = []
    const writer = createProgressWriter(async (snapshot) => {
      if (snapshot.done === 1) throw new Error('connection reset')
      writes.push(snapshot.done)
    }, 100)
    writer.report(at(1))
    await vi.advanceTimersByTimeAsync(150)
    writer.report(at(2))
    await writer.close()
    expect(writes).toEqual([2])
  })
})
