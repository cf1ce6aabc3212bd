import { describe, expect, it } from 'vitest'
import { hasNegativeTerm, isUsableKeyword, normalizeKeyword, singularWord, variantKey } from './normalize'

describe('keyword normalisation', () => {
  it('one spelling: case, width, quotes, stray punctuation and spaces', () => {
    expect(normalizeKeyword('  Coffee   Grinders!! ')).toBe('coffee grinders')
    expect(normalizeKeyword('ＣＯＦＦＥＥ beans')).toBe('coffee beans')
    expect(normalizeKeyword('“best” pour-over kettle?')).toBe('best pour-over kettle')
    expect(normalizeKeyword("barista's guide – 2026")).toBe("barista's guide 2026")
    expect(normalizeKeyword('c# tutorial')).toBe('c# tutorial')
    expect(normalizeKeyword('node.js hosting')).toBe('node.js hosting')
    expect(normalizeKeyword('- leading dash and trailing dot.')).toBe('leading dash and trailing dot')
  })

  it('singular and plural forms share a key', () => {
    expect(variantKey('Coffee Grinders')).toBe(variantKey('coffee grinder'))
    expect(variantKey('french presses')).toBe(variantKey('french press'))
    expect(variantKey('bakeries near me')).toBe(variantKey('bakery near me'))
    expect(singularWord('glass')).toBe('glass')
    expect(singularWord('analysis')).toBe('analysis')
    expect(singularWord('bus')).toBe('bus')
    expect(variantKey('coffee beans')).not.toBe(variantKey('coffee bean grinder'))
  })

  it('usable keywords: letters, at most 80 characters and 10 words', () => {
    expect(isUsableKeyword('cold brew ratio')).toBe(true)
    expect(isUsableKeyword('2026')).toBe(false)
    expect(isUsableKeyword('a')).toBe(false)
    expect(isUsableKeyword('word '.repeat(11).trim())).toBe(false)
    expect(isUsableKeyword('x'.repeat(81))).toBe(false)
  })

  it('negative terms match whole words in any singular or plural form', () => {
    expect(hasNegativeTerm('free coffee samples', ['free'])).toBe(true)
    expect(hasNegativeTerm('coffee jobs near me', ['job'])).toBe(true)
    expect(hasNegativeTerm('freeze dried coffee', ['free'])).toBe(false)
    expect(hasNegativeTerm('coffee beans', [''])).toBe(false)
  })
})
