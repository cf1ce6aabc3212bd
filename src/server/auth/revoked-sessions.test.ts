import { describe, expect, it } from 'vitest'
import { createSessionRevocations } from './revoked-sessions'

const T = Date.UTC(2025, 5, 1, 12, 0, 0)
const KEEP = 120_000
const session = (token: string, createdAt: number, userId = 'u1') => ({ token, userId, createdAt: new Date(createdAt).toISOString() })

describe('session revocations', () => {
  it('refuses a deleted session’s token until the record expires, and nothing else of the user after sign-out', () => {
    const revocations = createSessionRevocations({ keepMs: KEEP })
    revocations.recordDeleted(session('a', T - 5000), '/sign-out', T)
    expect(revocations.refuses(session('a', T - 5000), T + 1)).toBe(true)
    expect(revocations.refuses(session('b', T - 9000), T + 1)).toBe(false)
    expect(revocations.refuses(session('a', T - 5000), T + KEEP)).toBe(false)
  })

  it.each(['/revoke-sessions', '/reset-password', '/change-password', '/delete-user', '/delete-user/callback'])(
    'after %s refuses every session of the user created before, by any token, and none created after',
    (path) => {
      const revocations = createSessionRevocations({ keepMs: KEEP })
      revocations.recordDeleted(session('a', T - 5000), path, T)
      expect(revocations.refuses(session('unseen', T - 1), T + 10)).toBe(true)
      // change-password's re-issued session is created in the same request, after the deletions.
      expect(revocations.refuses(session('new', T), T + 10)).toBe(false)
      expect(revocations.refuses(session('other-user', T - 1, 'u2'), T + 10)).toBe(false)
      expect(revocations.refuses(session('unseen', T - 1), T + KEEP + 1)).toBe(false)
    },
  )

  it('drops expired records as new ones are kept', () => {
    const revocations = createSessionRevocations({ keepMs: KEEP })
    revocations.recordDeleted(session('old', T), undefined, T)
    revocations.recordDeleted(session('new', T), undefined, T + KEEP + 1)
    expect(revocations.refuses(session('old', T), T + KEEP - 1)).toBe(false)
    expect(revocations.refuses(session('new', T), T + KEEP + 2)).toBe(true)
  })
})
