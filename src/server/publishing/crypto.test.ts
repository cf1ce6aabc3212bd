import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DecryptionError, decryptSecret, encryptSecret, keyId, needsReencryption } from './crypto'

const OLD = randomBytes(32).toString('base64')
const NEW = randomBytes(32).toString('hex')

describe('credentials at rest', () => {
  it('round-trips with the same key and context; the stored text shows neither the value nor its length pattern', () => {
    const stored = encryptSecret('{"token":"shpat_0123456789"}', { current: NEW }, 'publishing:b1:shopify')
    expect(stored).toMatch(new RegExp(`^v1\\.${keyId(NEW)}\\.`))
    expect(stored).not.toContain('shpat')
    expect(decryptSecret(stored, { current: NEW }, 'publishing:b1:shopify')).toBe('{"token":"shpat_0123456789"}')
    // A fresh IV each time: the same value never encrypts to the same text.
    expect(encryptSecret('same', { current: NEW }, 'x')).not.toBe(encryptSecret('same', { current: NEW }, 'x'))
  })

  it('refuses another context, a changed byte and an unknown key', () => {
    const stored = encryptSecret('secret', { current: NEW }, 'publishing:b1:ghost')
    expect(() => decryptSecret(stored, { current: NEW }, 'publishing:b2:ghost')).toThrow(DecryptionError)
    const parts = stored.split('.')
    const body = Buffer.from(parts[4]!, 'base64url')
    body[0] = body[0]! ^ 1
    parts[4] = body.toString('base64url')
    expect(() => decryptSecret(parts.join('.'), { current: NEW }, 'publishing:b1:ghost')).toThrow(DecryptionError)
    expect(() => decryptSecret(stored, { current: OLD }, 'publishing:b1:ghost')).toThrow(/ENCRYPTION_KEY_PREVIOUS/)
  })

  it('reads what an earlier key wrote while it is listed as previous, and says it needs re-encrypting', () => {
    const stored = encryptSecret('secret', { current: OLD }, 'ctx')
    const keys = { current: NEW, previous: [OLD] }
    expect(decryptSecret(stored, keys, 'ctx')).toBe('secret')
    expect(needsReencryption(stored, keys)).toBe(true)
    expect(needsReencryption(encryptSecret('secret', keys, 'ctx'), keys)).toBe(false)
  })
})
