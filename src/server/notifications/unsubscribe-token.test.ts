import { describe, expect, it } from 'vitest'
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token'

const SECRET = 'a-test-secret-that-is-long-enough-0123456789'

describe('unsubscribe tokens', () => {
  it('name their user and kind, and only under the secret that signed them', () => {
    const token = unsubscribeToken(SECRET, 'user_1', 'drafts_digest')
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: 'user_1', kind: 'drafts_digest' })
    expect(readUnsubscribeToken(`${SECRET}-rotated`, token)).toBeNull()
  })

  it('refuse another user or kind under the same signature, a changed signature, and garbage', () => {
    const token = unsubscribeToken(SECRET, 'user_1', 'drafts_digest')
    const [, signature] = token.split('.')
    const forged = (payload: object) => `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`
    for (const bad of [
      forged({ u: 'user_2', k: 'drafts_digest' }),
      forged({ u: 'user_1', k: 'usage_limit' }),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `${token}.extra`,
      'nonsense',
      '',
      null,
    ]) {
      expect(readUnsubscribeToken(SECRET, bad)).toBeNull()
    }
    const unknownKind = unsubscribeToken(SECRET, 'user_1', 'drafts_digest').replace(
      /^[^.]+/,
      Buffer.from('{"u":"user_1","k":"all"}').toString('base64url'),
    )
    expect(readUnsubscribeToken(SECRET, unknownKind)).toBeNull()
  })
})
