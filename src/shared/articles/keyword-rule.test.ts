import { describe, expect, it } from 'vitest'
import { containsKeyword, countKeyword } from './keyword-rule'
import { scoreArticle, type SeoScoreInput } from './seo-score'

describe('the keyword rule', () => {
  it('accepts "near you" for a searcher\'s "near me", with the head noun singular or plural', () => {
    expect(containsKeyword('Celebration Cakes Near You: How to Order the Right One', 'celebration cakes near me')).toBe(true)
    expect(containsKeyword('A celebration cake near me', 'celebration cakes near me')).toBe(true)
    expect(containsKeyword('Celebration cakes, near me?', 'celebration cakes near me')).toBe(true)
  })

  it('accepts nothing else: other words, orders or pronouns', () => {
    expect(containsKeyword('Celebration cakes near us', 'celebration cakes near me')).toBe(false)
    expect(containsKeyword('Cakes for celebrations near you', 'celebration cakes near me')).toBe(false)
    expect(containsKeyword('Celebration cakes in London', 'celebration cakes near me')).toBe(false)
    // "you" stands for "me" only in "near me".
    expect(containsKeyword('Cakes for you', 'cakes for me')).toBe(false)
    expect(containsKeyword('coffees bean', 'coffee bean')).toBe(false)
  })

  it('counts each variant as an occurrence', () => {
    expect(countKeyword('Coffee roasters near me, a coffee roaster near you.', 'coffee roasters near me')).toBe(2)
  })

  it('is the rule the score applies: a title with "Near You" passes the keyword checks', () => {
    const title = 'Celebration Cakes Near You: What to Ask Before You Order'
    const input: SeoScoreInput = {
      keyword: 'celebration cakes near me',
      title,
      metaTitle: 'Celebration Cakes Near You: What to Ask',
      metaDescription: 'How to find celebration cakes near you.',
      markdown: `# ${title}\n\nFinding celebration cakes near you starts with the date of the party.\n`,
      language: 'English',
      siteUrl: 'https://cakes.example',
      serpMedianWordCount: null,
      images: [],
      faqCount: 0,
      structuredData: [],
    }
    const { checks } = scoreArticle(input)
    for (const id of ['keywordInTitle', 'keywordInH1', 'keywordInIntroduction', 'keywordInMeta'])
      expect(checks.find((check) => check.id === id)?.passed, id).toBe(true)
  })
})
