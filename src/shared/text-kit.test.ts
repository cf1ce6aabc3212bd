import { describe, expect, it } from 'vitest'
import { decodeEntities, roughSentences, SENTENCE_BREAK, STOP_WORDS, stopWordsWith } from './text-kit'

describe('roughSentences', () => {
  it('splits after . ! or ?, a closing quote or bracket included, and trims', () => {
    expect(roughSentences(' One. Two! Three? “Four.” Five (six.) Seven ')).toEqual([
      'One.',
      'Two!',
      'Three?',
      '“Four.”',
      'Five (six.)',
      'Seven',
    ])
  })

  it('keeps a stop without white space after it, and drops empty pieces', () => {
    expect(roughSentences('It costs 3.5 euros.   ')).toEqual(['It costs 3.5 euros.'])
    expect(roughSentences('')).toEqual([])
  })

  it('exports the break for callers that keep the white space as it was', () => {
    expect('A. B'.split(SENTENCE_BREAK)).toEqual(['A.', 'B'])
  })
})

describe('stop words', () => {
  it('holds the common function words, lowercase', () => {
    for (const word of ['a', 'the', 'and', 'of', 'to', 'you', 'your']) expect(STOP_WORDS.has(word)).toBe(true)
    expect(STOP_WORDS.has('coffee')).toBe(false)
    expect(STOP_WORDS.has('The')).toBe(false)
  })

  it('adds a purpose’s own words without changing the shared set', () => {
    const words = stopWordsWith(' should  their\nthere ')
    expect([...words].filter((word) => !STOP_WORDS.has(word))).toEqual(['should', 'their', 'there'])
    expect(STOP_WORDS.has('should')).toBe(false)
    expect(words.has('')).toBe(false)
  })
})

describe('decodeEntities', () => {
  it('decodes markup, typographic and numeric references', () => {
    expect(decodeEntities('Tips &amp; tricks &lt;b&gt; &quot;x&quot; &apos;y&apos;')).toBe(`Tips & tricks <b> "x" 'y'`)
    expect(decodeEntities('a&nbsp;b &ndash; &MDASH; &hellip;')).toBe('a\u00A0b – — …')
    expect(decodeEntities('&#8211; &#x2014; &#X41; &#39;')).toBe("– — A '")
  })

  it('decodes once: an escaped reference stays a reference', () => {
    expect(decodeEntities('&amp;lt;')).toBe('&lt;')
  })

  it('leaves unknown names, references without a semicolon and bare ampersands as written', () => {
    expect(decodeEntities('&copy; &amp x & y &;')).toBe('&copy; &amp x & y &;')
  })

  it('decodes a number past the last code point to the last code point', () => {
    expect(decodeEntities('&#9999999;')).toBe(String.fromCodePoint(0x10ffff))
  })
})
