import { beforeEach, describe, expect, it } from 'vitest'
import { forgetCurrentBusiness, recallCurrentBusiness, rememberCurrentBusiness } from './current-business-cache'

describe('current business cache', () => {
  beforeEach(() => {
    forgetCurrentBusiness('u1')
    forgetCurrentBusiness('u2')
  })

  it('recalls what was remembered for the same user and selection only', () => {
    rememberCurrentBusiness('u1', 'b1', 'b1', 1_000)
    expect(recallCurrentBusiness('u1', 'b1', 2_000)).toBe('b1')
    // A switch re-issues the session with the new selection: a different key, so a miss.
    expect(recallCurrentBusiness('u1', 'b2', 2_000)).toBeUndefined()
    expect(recallCurrentBusiness('u2', 'b1', 2_000)).toBeUndefined()
  })

  it('keeps the no-selection case apart from any selection', () => {
    rememberCurrentBusiness('u1', null, 'oldest', 1_000)
    expect(recallCurrentBusiness('u1', undefined, 1_001)).toBe('oldest')
    expect(recallCurrentBusiness('u1', 'oldest', 1_001)).toBeUndefined()
  })

  it('forgets after 60 seconds, the session cookie cache’s own staleness', () => {
    rememberCurrentBusiness('u1', 'b1', 'b1', 0)
    expect(recallCurrentBusiness('u1', 'b1', 59_999)).toBe('b1')
    expect(recallCurrentBusiness('u1', 'b1', 60_000)).toBeUndefined()
  })

  it('forgets one user entirely on request, and nobody else', () => {
    rememberCurrentBusiness('u1', 'b1', 'b1')
    rememberCurrentBusiness('u1', null, 'b0')
    rememberCurrentBusiness('u2', 'b9', 'b9')
    forgetCurrentBusiness('u1')
    expect(recallCurrentBusiness('u1', 'b1')).toBeUndefined()
    expect(recallCurrentBusiness('u1', null)).toBeUndefined()
    expect(recallCurrentBusiness('u2', 'b9')).toBe('b9')
  })
})
