import { describe, expect, it } from 'vitest'
import { escapeHtml, findUnsafeText, isSafeText, safeText, UNSAFE_TEXT_MESSAGE } from './text'

describe('safe text', () => {
  it.each(['', 'plain', 'café ☕', '😀 emoji pair', 'tab\tand\nnewline'])('accepts %j', (value) => {
    expect(isSafeText(value)).toBe(true)
  })

  it.each(['a\u0000', '\u0000', 'x\uD800', '\uD800y', 'x\uDC00', '\uDC00\uD800', 'ok😀\uD83D'])('refuses %j', (value) => {
    expect(isSafeText(value)).toBe(false)
  })

  it('finds the first unsafe string anywhere in an input, keys included, with its path', () => {
    expect(findUnsafeText({ a: 'fine', b: ['ok', { c: 'bad\u0000' }] })).toEqual({ path: ['b', 1, 'c'] })
    expect(findUnsafeText({ ['k\uD800']: 1 })).toEqual({ path: ['k\uD800'] })
    expect(findUnsafeText({ a: 1, b: null, c: [true, 'fine'] })).toBeUndefined()
    expect(findUnsafeText('\u0000')).toEqual({ path: [] })
  })

  it('gives the schema the same rule and message', () => {
    const result = safeText().safeParse('a\u0000')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(UNSAFE_TEXT_MESSAGE)
    expect(safeText().parse('fine')).toBe('fine')
  })
})

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or a quoted attribute, ampersands first', () => {
    expect(escapeHtml(`Tom & "Jerry's" <b>`)).toBe('Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;')
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })

  it('leaves other text as it is', () => {
    expect(escapeHtml('')).toBe('')
    expect(escapeHtml('café – 100% ☕')).toBe('café – 100% ☕')
  })
})
