import { describe, expect, it } from 'vitest'
import { extraSubjects, newMaterialWords, sentenceKeys } from './length'

const pages = [
  {
    title: 'Espresso Brewing Guide',
    headings: ['Dose and yield', 'Water temperature', 'Grind size', 'Related posts'],
    text: 'Most baristas pull a double shot with 18 grams. Brewing water between 90 and 96 °C extracts sweetness. A finer grind slows the shot.',
  },
  {
    title: 'How to Choose Coffee Beans',
    headings: ['Roast date', 'Storage', 'Grinding size'],
    text: 'Beans taste best between 4 and 21 days after the roast date. Store beans in an airtight container. Check the water temperature of your machine.',
  },
]

describe('extraSubjects', () => {
  it('offers the questions and page headings the outline does not cover, most-sourced first', () => {
    const subjects = extraSubjects(
      {
        keyword: 'best espresso beans',
        headings: ['Best espresso beans for home baristas', 'Dose and yield'],
        questions: ['What are the best espresso beans?', 'How do you store espresso beans?', 'Who sells moon rocks?'],
        pages,
      },
      10,
    )
    // Water temperature and grind size are spoken to by both pages; "what are the best espresso
    // beans" names nothing beyond the keyword; "Related posts" is furniture; moon rocks are on no page;
    // "Grinding size" is "Grind size" again.
    expect(subjects).toEqual(['Water temperature', 'Grind size', 'How do you store espresso beans?', 'Roast date', 'Storage'])
  })

  it('leaves out subjects a heading of the article already covers, and honours the limit', () => {
    const subjects = extraSubjects(
      { keyword: 'best espresso beans', headings: ['Getting the water temperature right', 'Grind size'], questions: [], pages },
      2,
    )
    expect(subjects).toEqual(['Dose and yield', 'Roast date'])
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
