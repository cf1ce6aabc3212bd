import { describe, expect, it } from 'vitest'
import { formatTimeLeft, percentOf, secondsLeft } from './job-progress-model'

describe('job progress model', () => {
  it.each([
    [{ state: 'running', done: 0, total: 10 }, 0],
    [{ state: 'running', done: 3, total: 10 }, 30],
    [{ state: 'running', done: 1, total: 3 }, 33],
    [{ state: 'running', done: 12, total: 10 }, 100],
    [{ state: 'queued', done: 0, total: null }, 0],
    [{ state: 'completed', done: 0, total: null }, 100],
  ] as const)('percentOf(%o) = %i', (snapshot, percent) => expect(percentOf(snapshot)).toBe(percent))

  it('estimates time left from the rate seen so far, once there is one', () => {
    expect(secondsLeft(undefined, { at: 1000, done: 2 }, 10)).toBeUndefined()
    expect(secondsLeft({ at: 1000, done: 2 }, { at: 1000, done: 2 }, 10)).toBeUndefined()
    expect(secondsLeft({ at: 0, done: 0 }, { at: 4000, done: 2 }, 10)).toBe(16)
    expect(secondsLeft({ at: 0, done: 0 }, { at: 4000, done: 10 }, 10)).toBeUndefined()
  })

  it.each([
    [0, 'About 1 s left'],
    [42, 'About 42 s left'],
    [150, 'About 3 min left'],
    [3 * 3600 + 5 * 60, 'About 3 h 5 min left'],
  ])('formatTimeLeft(%i) = %s', (seconds, text) => expect(formatTimeLeft(seconds)).toBe(text))
})
