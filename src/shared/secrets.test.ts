import { describe, expect, it } from 'vitest'
import { maskSecret } from './secrets'

describe('maskSecret', () => {
  it('shows only the last 4 characters', () => {
    expect(maskSecret('abcdefghijklmnopqrstuvwxyz')).toBe('••••wxyz')
    expect(maskSecret('rp_AbCdEfGhIjKlMnOpQrStUvWxYz')).toBe('••••WxYz')
  })

  it('never shows the start of a secret', () => {
    const secret = 'whsec_c3VwZXIgc2VjcmV0IHNpZ25pbmcga2V5'
    const masked = maskSecret(secret)
    expect(masked).not.toContain('whs')
    expect(masked.replaceAll('•', '')).toBe(secret.slice(-4))
  })

  it('shows nothing of a short secret', () => {
    for (const secret of ['', 'a', 'abcd', 'abcdefgh']) expect(maskSecret(secret)).toBe('••••••••')
    expect(maskSecret('abcdefghi')).toBe('••••fghi')
  })
})
