import { describe, expect, it } from 'vitest'
import { ARTICLE_TYPES, ARTICLE_TYPE_LABELS, ARTICLE_TYPE_OUTLINE_RULES, checkTypeStructure, chooseArticleType } from './article-types'

const GUIDE_TITLES = ['Cold Brew: The Complete Guide', 'Cold Brew Explained for Beginners', 'What Is Cold Brew?', 'Cold Brew at Home']

describe('chooseArticleType', () => {
  it('makes a comparison of a keyword that compares two things', () => {
    expect(chooseArticleType({ keyword: 'french press vs pour over', serpTitles: GUIDE_TITLES })).toEqual({
      type: 'comparison',
      reason: 'The keyword compares two things (“vs”).',
    })
    expect(chooseArticleType({ keyword: 'arabica versus robusta', serpTitles: [] }).type).toBe('comparison')
    expect(chooseArticleType({ keyword: 'moka pot compared to espresso', serpTitles: [] }).type).toBe('comparison')
  })

  it('makes a how-to of a keyword that asks how to do something', () => {
    const choice = chooseArticleType({ keyword: 'how to descale an espresso machine', serpTitles: GUIDE_TITLES })
    expect(choice).toEqual({ type: 'how-to', reason: 'The keyword asks how to do something (“how to”).' })
    expect(chooseArticleType({ keyword: 'how do I clean a grinder', serpTitles: [] }).type).toBe('how-to')
  })

  it('makes a listicle of "best" and "top" keywords, or a review when the results are reviews', () => {
    const listicle = chooseArticleType({ keyword: 'best coffee grinders', intent: 'commercial', serpTitles: GUIDE_TITLES })
    expect(listicle.type).toBe('listicle')
    expect(listicle.reason).toBe('The keyword asks for the best options (“best …”), with commercial intent: a numbered list answers it.')
    const review = chooseArticleType({
      keyword: 'best coffee grinders',
      intent: 'commercial',
      serpTitles: ['The 9 Best Coffee Grinders, Tested and Reviewed', 'Coffee Grinder Reviews 2026', 'Best Coffee Grinders', 'Grinders'],
    })
    expect(review.type).toBe('review')
    expect(review.reason).toBe(
      'The keyword asks for the best options, with commercial intent, and 2 of the top 4 results are reviews (“The 9 Best Coffee Grinders, …”).',
    )
    expect(chooseArticleType({ keyword: 'top espresso machines', serpTitles: [] }).type).toBe('listicle')
  })

  it('makes questions and answers of a keyword that is a question', () => {
    const choice = chooseArticleType({ keyword: 'is cold brew stronger', serpTitles: GUIDE_TITLES })
    expect(choice).toEqual({
      type: 'question-answer',
      reason: 'The keyword is a question (“is …”): the article answers it and those that follow.',
    })
    for (const keyword of [
      'what is a flat white',
      'why does coffee taste bitter',
      'can you freeze coffee beans',
      'does decaf have caffeine',
    ])
      expect(chooseArticleType({ keyword, serpTitles: [] }).type, keyword).toBe('question-answer')
  })

  it('follows the format the top results share when the keyword names a topic', () => {
    const numbered = chooseArticleType({
      keyword: 'cold brew',
      serpTitles: [
        '12 Tips for Cold Brew',
        'Cold Brew — 7 Mistakes to Avoid',
        'Top 10 Cold Brew Recipes',
        'Cold Brew Guide',
        '5 ways to drink it',
      ],
    })
    expect(numbered).toEqual({ type: 'listicle', reason: '4 of the top 5 results are numbered lists (“12 Tips for Cold Brew”).' })
    const howTos = chooseArticleType({
      keyword: 'cold brew',
      serpTitles: ['How to Make Cold Brew', 'How To Brew It Cold at Home', 'How to make cold brew coffee (easy)', 'Cold brew in 2026'],
    })
    expect(howTos.type).toBe('how-to')
    expect(howTos.reason).toMatch(/^3 of the top 4 results are how-tos/)
    const reviews = chooseArticleType({
      keyword: 'cold brew makers',
      serpTitles: ['OXO Cold Brew Maker Review', 'We Tested 8 Cold Brew Makers', 'Cold brew makers reviewed', 'Cold Brew Makers'],
    })
    expect(reviews.type).toBe('review')
    // A year is no count of items.
    expect(
      chooseArticleType({ keyword: 'cold brew', serpTitles: ['Cold Brew 2026', 'Cold Brew in 2025', 'Cold Brew (2024 edition)'] }).type,
    ).toBe('guide')
  })

  it('makes a guide when nothing points elsewhere, and says why', () => {
    expect(chooseArticleType({ keyword: 'cold brew', intent: 'informational', serpTitles: GUIDE_TITLES })).toEqual({
      type: 'guide',
      reason: 'No one format leads the top 4 results, and the keyword names a topic: a guide covers it.',
    })
    expect(chooseArticleType({ keyword: 'cold brew', serpTitles: [] }).reason).toMatch(/^The keyword names a topic/)
  })

  it('has a label and outline rules for every type', () => {
    for (const type of ARTICLE_TYPES) {
      expect(ARTICLE_TYPE_LABELS[type]).not.toBe('')
      expect(ARTICLE_TYPE_OUTLINE_RULES[type]).toMatch(/^Article type: /)
    }
  })
})

const doc = (...blocks: string[]) => ['# Title', 'Intro text.', ...blocks].join('\n\n')

describe('checkTypeStructure', () => {
  it('passes any guide', () => {
    expect(checkTypeStructure('guide', doc('## One', 'Text.')).passed).toBe(true)
  })

  it('passes a listicle with three numbered items, fails one without', () => {
    expect(checkTypeStructure('listicle', doc('## 1. Grind fresh', 'a', '## 2. Weigh', 'b', '## 3. Filter', 'c')).passed).toBe(true)
    expect(checkTypeStructure('listicle', doc('Tips:', '1. Grind\n2. Weigh\n3. Filter')).passed).toBe(true)
    const failed = checkTypeStructure('listicle', doc('## Grind fresh', 'a', '## 1. Weigh', 'b', '## Filter', 'c'))
    expect(failed).toMatchObject({ passed: false, detail: '1 numbered item (numbered headings or an ordered list).' })
    expect(failed.hint).toMatch(/at least 3 sections "1\. …"/)
  })

  it('passes a how-to with three steps, fails one without', () => {
    expect(checkTypeStructure('how-to', doc('## Step 1: Grind', 'a', '## Step 2: Steep', 'b', '## Step 3: Filter', 'c')).passed).toBe(true)
    expect(checkTypeStructure('how-to', doc('## The steps', '1. Grind\n2. Steep\n3. Filter')).passed).toBe(true)
    expect(checkTypeStructure('how-to', doc('## Grind', 'a', '## Steep', 'b', '## Filter', 'c', '- one\n- two\n- three')).passed).toBe(
      false,
    )
  })

  it('passes a comparison with a table and a verdict, fails one missing either', () => {
    const table = '| | French press | Pour over |\n|---|---|---|\n| Body | Heavy | Light |'
    expect(checkTypeStructure('comparison', doc('## At a glance', table, '## Verdict', 'Pick one.')).passed).toBe(true)
    expect(checkTypeStructure('comparison', doc('## At a glance', table, '## Which should you choose?', 'Pick.')).passed).toBe(true)
    const noTable = checkTypeStructure('comparison', doc('## At a glance', 'Text.', '## Verdict', 'Pick one.'))
    expect(noTable).toMatchObject({ passed: false, hint: 'A comparison needs a Markdown table comparing the options.' })
    const noVerdict = checkTypeStructure('comparison', doc('## At a glance', table, '## Costs', 'Text.'))
    expect(noVerdict).toMatchObject({ passed: false, hint: 'A comparison needs a "Verdict" section.' })
  })

  it('passes a review with per-item sections, fails one without', () => {
    expect(checkTypeStructure('review', doc('## 1. Baratza Encore', 'a', '## 2. OXO Brew', 'b', '## 3. Fellow Ode', 'c')).passed).toBe(true)
    const prosCons = doc('## Baratza', '**Pros:** quiet', '## OXO', '**Pros:** cheap', '## Fellow', '**Pros:** fast', '## Verdict', 'x')
    expect(checkTypeStructure('review', prosCons).passed).toBe(true)
    expect(checkTypeStructure('review', doc('## What grinders do', 'a', '## Prices', 'b', '## Verdict', 'c')).passed).toBe(false)
  })

  it('passes questions and answers with three question H2s, fails one with two', () => {
    const passing = doc('## What is cold brew?', 'a', '## Is it stronger?', 'b', '## How long does it keep?', 'c')
    expect(checkTypeStructure('question-answer', passing).passed).toBe(true)
    const failing = doc('## What is cold brew?', 'a', '## Strength', 'b', '## How long does it keep?', 'c')
    expect(checkTypeStructure('question-answer', failing)).toMatchObject({ passed: false, detail: '2 H2 questions.' })
  })

  it('counts no FAQ question as a section of the article', () => {
    const faq = doc(
      '## Cold brew basics',
      'a',
      '## Frequently asked questions',
      '### Is it strong?',
      'b',
      '### Does it keep?',
      'c',
      '### Why?',
      'd',
    )
    expect(checkTypeStructure('question-answer', faq).passed).toBe(false)
  })
})
