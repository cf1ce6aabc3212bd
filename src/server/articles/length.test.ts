import { describe, expect, it } from 'vitest'
import { extraSubjects, newMaterialWords, sentenceKeys } from './length'

const pages = [
  {
    title: 'Espresso Brewing Guide',
    headings: ['Dose and yield', 'Water temperature', 'Grind size', 'Related posts'],
    text: [
      'Most baristas pull a double shot with 18 grams.',
      'Brewing water between 90 and 96 °C extracts sweetness.',
      'Water temperature drifts on cheap machines.',
      'A finer grind size slows the shot.',
      'Grind size decides how fast the water runs.',
    ].join(' '),
  },
  {
    title: 'How to Choose Coffee Beans',
    headings: ['Roast date', 'Storage', 'Grinding size'],
    text: [
      'Beans taste best between 4 and 21 days after the roast date.',
      'The roast date is printed on every good bag.',
      'Store beans in an airtight container.',
      'Store them away from light.',
      'Check the water temperature of your machine.',
    ].join(' '),
  },
]

describe('extraSubjects', () => {
  it('offers the questions and page headings the outline does not cover that the pages speak to, most-sourced first', () => {
    const subjects = extraSubjects(
      {
        keyword: 'best espresso beans',
        headings: ['Best espresso beans for home baristas', 'Dose and yield'],
        questions: ['What are the best espresso beans?', 'How do you store espresso beans?', 'Who sells moon rocks?'],
        pages,
      },
      10,
    )
    // Water temperature: sentences on both pages; then two sentences each on one page, the question
    // first. "What are the best espresso beans" names nothing beyond the keyword; "Related posts" is
    // furniture; no sentence speaks of moon rocks or storage; "Grinding size" is "Grind size" again.
    expect(subjects).toEqual(['Water temperature', 'How do you store espresso beans?', 'Grind size', 'Roast date'])
  })

  it('leaves out subjects a heading of the article already covers, and honours the limit', () => {
    const input = {
      keyword: 'best espresso beans',
      headings: ['Getting the water temperature right', 'Grind size'],
      questions: ['How do you store espresso beans?'],
      pages,
    }
    expect(extraSubjects(input, 10)).toEqual(['How do you store espresso beans?', 'Roast date'])
    expect(extraSubjects(input, 1)).toEqual(['How do you store espresso beans?'])
    expect(extraSubjects(input, 0)).toEqual([])
  })
})

describe('newMaterialWords', () => {
  const article = sentenceKeys(['Fresh beans make better espresso. Grind just before brewing.', 'Store beans away from light.'])

  it('counts only the words of sentences the article does not have', () => {
    expect(newMaterialWords(['Fresh beans make better espresso. Crema fades within a minute of pouring.'], article)).toBe(7)
  })

  it('is zero for a section that repeats the article, link targets and case aside', () => {
    expect(
      newMaterialWords(['fresh beans make better ESPRESSO. Grind just before brewing ([Guide](https://example.com/grind)).'], article),
    ).toBe(0)
  })

  it('counts a sentence repeated within the section once', () => {
    expect(newMaterialWords(['Crema fades quickly. Crema fades quickly.'], article)).toBe(3)
  })
})
