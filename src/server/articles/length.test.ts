import { describe, expect, it } from 'vitest'
import { extraSubjects, keepsSubstance, newMaterialWords, sentenceKeys } from './length'

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

describe('keepsSubstance', () => {
  const paragraph = (subject: string, facts: string[]) => facts.map((fact) => `${subject} ${fact}.`).join(' ')
  const draft = {
    keyword: 'espresso beans',
    title: 'Espresso beans: how to choose them',
    language: 'English',
    siteUrl: 'https://acme.example',
    introduction: [
      'Espresso beans are chosen by roast date, origin and roast level, and each changes what ends up in the cup you pull every morning at home.',
    ],
    sections: [
      {
        heading: 'Roast date',
        level: 'h2' as const,
        blocks: [
          paragraph('Fresh coffee', [
            'gives off carbon dioxide for about a week after roasting',
            'pulled too early tastes sour and foams wildly in the basket',
            'rested for ten days settles into a sweeter, rounder shot',
            'older than six weeks loses the aromatics that make espresso worth the effort',
            'bought from a roaster who prints the date lets you plan the week',
          ]),
          'Buy small bags you can finish within a month, and keep them sealed between uses so the oils do not go stale on the shelf.',
        ],
      },
      {
        heading: 'Origin',
        level: 'h2' as const,
        blocks: [
          paragraph('Ethiopian lots', [
            'lean toward citrus and florals when roasted light',
            'from washed stations read cleaner than natural ones',
            'suit a longer ratio that lets their acidity open up',
          ]),
          paragraph('Brazilian lots', [
            'bring chocolate and nut that most milk drinks welcome',
            'make a forgiving base for blends meant for beginners',
            'tolerate a darker roast without turning ashy or bitter',
          ]),
          'Single origins change from harvest to harvest, so a bag you loved last spring may taste different this autumn, and that is part of the fun.',
        ],
      },
    ],
  }

  it('keeps a section of its own material', () => {
    const fresh = {
      heading: 'Roast level',
      level: 'h2' as const,
      blocks: [
        paragraph('A light roast', [
          'keeps the character of the farm and needs a finer grind',
          'extracts slowly, so hotter water and a longer shot help it along',
        ]),
        paragraph('A dark roast', [
          'extracts quickly and turns bitter when the water runs too hot',
          'shows its oils on the surface and stales sooner in an open hopper',
          'pairs with milk better than it stands alone as a straight shot',
        ]),
        'Medium roasts sit between the two and forgive small mistakes, which is why most cafés build their house espresso on one.',
      ],
    }
    expect(keepsSubstance(draft, fresh)).toBe(true)
  })

  it('refuses a section that repeats what the article says, or is too thin to stand as a section', () => {
    const repeated = { heading: 'Freshness', level: 'h2' as const, blocks: draft.sections[0]!.blocks }
    expect(keepsSubstance(draft, repeated), 'repeated').toBe(false)
    const thin = { heading: 'Grinders', level: 'h2' as const, blocks: ['A burr grinder gives an even grind for espresso.'] }
    expect(keepsSubstance(draft, thin), 'thin').toBe(false)
  })
})
