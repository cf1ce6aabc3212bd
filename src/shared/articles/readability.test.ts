import { describe, expect, it } from 'vitest'
import { countSyllables, countWords, fleschReadingEase, isEnglish, sentenceStats, splitSentences } from './readability'

describe('splitSentences', () => {
  it('splits on full stops, question marks and exclamation marks before a new sentence', () => {
    expect(splitSentences('Grind the beans. Is it fresh? Yes! Brew now.')).toEqual([
      'Grind the beans.',
      'Is it fresh?',
      'Yes!',
      'Brew now.',
    ])
  })

  it('keeps decimals whole', () => {
    expect(splitSentences('Use 3.5 grams per cup. Then stir for 0.5 minutes.')).toEqual([
      'Use 3.5 grams per cup.',
      'Then stir for 0.5 minutes.',
    ])
  })

  it('does not split after abbreviations', () => {
    expect(splitSentences('Some beans, e.g. Arabica, are sweeter. Dr. Smith agrees. The U.S. market grew fast.')).toEqual([
      'Some beans, e.g. Arabica, are sweeter.',
      'Dr. Smith agrees.',
      'The U.S. market grew fast.',
    ])
    expect(splitSentences('Roasters such as J. Smith use it, i.e. daily.')).toHaveLength(1)
  })

  it('splits at an abbreviation that ends the text or is "etc." before a capital', () => {
    expect(splitSentences('We ship to the U.S.')).toEqual(['We ship to the U.S.'])
    expect(splitSentences('Beans, grinders, etc. Everything ships free.')).toEqual(['Beans, grinders, etc.', 'Everything ships free.'])
  })

  it('treats an ellipsis as one terminator, and not as an end before a lowercase word', () => {
    expect(splitSentences('I waited... and waited. Then it came… Finally!')).toEqual([
      'I waited... and waited.',
      'Then it came…',
      'Finally!',
    ])
  })

  it('ends a sentence at closing quotes and at a blank line', () => {
    expect(splitSentences('He said "Stop." She left.')).toEqual(['He said "Stop."', 'She left.'])
    expect(splitSentences('Why it matters\n\nFresh beans taste better.')).toEqual(['Why it matters', 'Fresh beans taste better.'])
  })

  it('drops fragments without words', () => {
    expect(splitSentences('')).toEqual([])
    expect(splitSentences('One. — ')).toEqual(['One.'])
  })
})

describe('sentenceStats', () => {
  it('counts sentences, words and the average', () => {
    expect(sentenceStats('Use 3.5 grams. Stir it well now.')).toEqual({ sentences: 2, words: 7, averageWordsPerSentence: 3.5 })
  })

  it('is all zero for empty text', () => {
    expect(sentenceStats('  ')).toEqual({ sentences: 0, words: 0, averageWordsPerSentence: 0 })
  })

  it('counts contractions, hyphenated words and numbers as one word each', () => {
    expect(countWords("Don't buy well-known brands for $1,800 (or 3.5%).")).toBe(8)
  })
})

describe('countSyllables', () => {
  it.each([
    ['cat', 1],
    ['coffee', 2],
    ['make', 1],
    ['table', 2],
    ['whale', 1],
    ['little', 2],
    ['beautiful', 3],
    ['readability', 5],
    ['café', 2],
    ['rhythm', 1],
    ['42', 1],
  ])('%s has %i', (word, syllables) => {
    expect(countSyllables(word)).toBe(syllables)
  })
})

describe('fleschReadingEase', () => {
  it('scores short words in short sentences as easy', () => {
    expect(fleschReadingEase('The cat sat on the mat. It was warm. We had tea.')).toBeGreaterThan(90)
  })

  it('scores long words in long sentences as hard', () => {
    const text =
      'Comprehensive organisational documentation facilitates interdepartmental communication, institutional accountability and considerable operational efficiency improvements.'
    expect(fleschReadingEase(text)).toBeLessThan(0)
  })

  it('applies the formula to the counted words, sentences and syllables', () => {
    // 6 words, 2 sentences, 7 syllables ("coffee" has two).
    expect(fleschReadingEase('I like coffee. You like tea.')).toBeCloseTo(206.835 - 1.015 * 3 - 84.6 * (7 / 6), 6)
  })

  it('is 0 without words', () => {
    expect(fleschReadingEase('')).toBe(0)
  })
})

describe('isEnglish', () => {
  it.each(['English', 'english', ' ENGLISH ', 'English (UK)', 'en', 'en-US', 'EN-gb', 'en_GB'])('accepts %j', (language) => {
    expect(isEnglish(language)).toBe(true)
  })

  it.each(['German', 'de', 'de-DE', 'fr', 'Englishman', 'eng-lish', 'es', ''])('refuses %j', (language) => {
    expect(isEnglish(language)).toBe(false)
  })
})
