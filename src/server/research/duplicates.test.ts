import { describe, expect, it } from 'vitest'
import { CANNIBALISATION_SIMILARITY } from '~/shared/research'
import { contentWords, duplicateRule, sameWords } from './duplicates'

const HIGH = 0.97
const LOW = 0.5

describe('the true-duplicate rule of the cannibalisation guard', () => {
  it('merges the same search worded differently, whatever the embeddings say', () => {
    for (const [a, b] of [
      ['sourdough bread recipe', 'recipe for sourdough bread'],
      ['sourdough bread recipes', 'sourdough bread recipe'],
      ['bakeries near me', 'bakery'],
      ['gluten free bread', 'bread gluten free'],
      ['sourdough bread vs artisan bread', 'artisan bread vs sourdough bread'],
      ['sour dough bread', 'sourdough bread'],
      ['the best bakery in my area', 'best bakeries'],
      ['how to shape sourdough reddit', 'how to shape sourdough'],
      ['top sourdough bakeries', 'best sourdough bakery'],
      ['how to shape sourdough step by step', 'how to shape sourdough properly'],
    ] as const) {
      expect(duplicateRule(a, b, LOW), `${a} / ${b}`).toBe('same_words')
      expect(duplicateRule(b, a, HIGH), `${b} / ${a}`).toBe('same_words')
    }
  })

  it('keeps related but different searches apart, even when the embeddings are very close', () => {
    for (const [a, b] of [
      ['sourdough starter', 'sourdough bread'],
      ['sourdough bread recipe', 'sourdough starter recipe'],
      ['french bakery', 'best french bakery'],
      ['what is sourdough bread', 'sourdough bread'],
      ['how to make sourdough bread', 'sourdough bread'],
      ['custom birthday cakes', 'custom wedding cakes'],
      ['best custom birthday cakes', 'custom birthday cakes'],
      ['what is the best sourdough bread', 'what is sourdough bread'],
      ['bakery near me', 'best bakery near me'],
      ['video editing software', 'editing software'],
    ] as const) {
      expect(sameWords(a, b), `${a} / ${b}`).toBe(false)
      expect(duplicateRule(a, b, HIGH), `${a} / ${b}`).toBeUndefined()
    }
  })

  it('merges a wording that differs by a filler word only when the embeddings agree', () => {
    const [a, b] = ['easy sourdough bread recipe', 'sourdough bread recipe']
    expect(duplicateRule(a, b, CANNIBALISATION_SIMILARITY)).toBe('close_wording')
    expect(duplicateRule(a, b, CANNIBALISATION_SIMILARITY - 0.01)).toBeUndefined()
  })

  it('content words: normalised, singular, without little words and "near me"', () => {
    expect(contentWords('Recipes for the Sourdough Bread near me!')).toEqual(['recipe', 'sourdough', 'bread'])
    expect(contentWords("baker's dozen")).toEqual(['baker', 'dozen'])
    expect(sameWords('near me', 'for the')).toBe(false)
  })
})
