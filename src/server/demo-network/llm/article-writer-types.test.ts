import { describe, expect, it } from 'vitest'
import {
  ARTICLE_SCHEMAS,
  outlinePrompt,
  outlineSchema,
  sectionPrompt,
  sectionSchema,
  type ArticleBrief,
  type BriefPage,
  type Outline,
} from '~/server/articles/prompts'
import { writeArticlePart } from '~/server/demo-network/llm/article-writer'
import { checkTypeStructure, type ArticleType } from '~/shared/articles/article-types'

// The demo writer reads the article type from the prompt's "Article type:" line and shapes its outline to it.

const pages: BriefPage[] = [
  {
    url: 'https://brewlab.example/french-press-vs-pour-over',
    title: 'French Press vs Pour Over: Which Brewer Is Right for You?',
    headings: ['How the two brewers work', 'Flavour and body', 'Ease of use', 'Cleaning up afterwards', 'Cost of the gear'],
    text:
      'A french press steeps the grounds in the water, while a pour over lets the water run through a paper filter. ' +
      'The french press gives a heavy body with oils and fine sediment in the cup. ' +
      'A pour over gives a clean cup with bright acidity and clear flavour notes. ' +
      'The french press is forgiving, since the brew needs only a timer and a coarse grind. ' +
      'A pour over needs a steady hand, a gooseneck kettle and some practice with the pour. ' +
      'Cleaning a french press means scooping wet grounds out of the glass jug. ' +
      'Cleaning a pour over is easy, because the paper filter goes straight into the compost. ' +
      'A french press costs little and lasts for years without any paper filters. ' +
      'A pour over cone costs little too, but paper filters add a small running cost.',
  },
  {
    url: 'https://cuppers.example/brewing-methods',
    title: 'Brewing Methods Compared',
    headings: ['Immersion brewing', 'Filter brewing', 'Choosing a grinder'],
    text:
      'Immersion brewers such as the french press extract evenly and suit a coarse grind. ' +
      'Filter brewers such as the pour over reward a medium grind and careful pouring. ' +
      'A burr grinder matters for both methods, because even grounds extract evenly.',
  },
]

const profile = {
  name: 'Ember & Oak Roasters',
  url: 'https://emberandoak.example',
  description: 'Small-batch specialty coffee roaster shipping freshly roasted beans.',
  valueProposition: 'Beans roasted to order.',
  services: ['Coffee subscriptions'],
  audiences: ['home baristas'],
  language: 'English',
  tone: 'Friendly',
}

const brief = (articleType: ArticleType, keyword = 'french press vs pour over'): ArticleBrief => ({
  keyword,
  profile,
  results: pages,
  questions: ['Is a french press better than a pour over?', 'Which is easier to clean?'],
  articleType,
})

const outlineOf = (input: ArticleBrief): Outline =>
  outlineSchema.parse(writeArticlePart(ARTICLE_SCHEMAS.outline, outlinePrompt(input).prompt))

/** The article as the pipeline assembles it: the H1, then each section's heading and written blocks. */
function articleOf(input: ArticleBrief): string {
  const outline = outlineOf(input)
  const parts = outline.sections.map(({ heading, level, points }) => {
    const { prompt } = sectionPrompt({
      keyword: input.keyword,
      profile,
      title: outline.title,
      heading,
      points,
      otherHeadings: outline.sections.map((other) => other.heading).filter((other) => other !== heading),
      sources: pages,
      articleType: input.articleType,
    })
    const { blocks } = sectionSchema.parse(writeArticlePart(ARTICLE_SCHEMAS.section, prompt))
    return [`${level === 'h2' ? '##' : '###'} ${heading}`, ...blocks].join('\n\n')
  })
  return [`# ${outline.title}`, ...parts].join('\n\n')
}

describe('the demo writer’s outline by article type', () => {
  it('numbers a listicle’s h2s and passes the listicle check', () => {
    const outline = outlineOf(brief('listicle', 'coffee brewers'))
    const h2 = outline.sections.filter((section) => section.level === 'h2').map((section) => section.heading)
    h2.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`)))
    expect(checkTypeStructure('listicle', articleOf(brief('listicle', 'coffee brewers'))).passed).toBe(true)
  })

  it('heads a how-to’s steps "Step N:" and passes the how-to check', () => {
    const outline = outlineOf(brief('how-to', 'how to brew coffee'))
    const steps = outline.sections.filter((section) => /^Step \d+: \S/.test(section.heading))
    expect(steps.length).toBeGreaterThanOrEqual(3)
    expect(steps.map((step) => Number(/\d+/.exec(step.heading)![0]))).toEqual(steps.map((_, index) => index + 1))
    expect(checkTypeStructure('how-to', articleOf(brief('how-to', 'how to brew coffee'))).passed).toBe(true)
  })

  it('asks a questions-and-answers article’s h2s as questions', () => {
    const outline = outlineOf(brief('question-answer', 'is a french press worth it'))
    for (const section of outline.sections.filter((item) => item.level === 'h2')) expect(section.heading).toMatch(/\?$/)
  })

  it('writes a comparison’s table of both options from its sources, and closes with a verdict', () => {
    const article = articleOf(brief('comparison'))
    const table = article.split('\n\n').find((block) => block.startsWith('|'))!
    expect(table).toBeDefined()
    const [head, rule, ...rows] = table.split('\n')
    expect(head).toBe('|  | French press | Pour over |')
    expect(rule).toBe('| --- | --- | --- |')
    expect(rows.length).toBeGreaterThanOrEqual(2)
    // Every cell is a clause of a source sentence about its option.
    const sourceText = pages.map((page) => page.text.toLowerCase()).join(' ')
    for (const line of rows) {
      const cells = line
        .split('|')
        .slice(2, -1)
        .map((cell) => cell.trim())
      for (const cell of cells) expect(sourceText).toContain(cell.toLowerCase())
    }
    expect(article).toMatch(/^## Verdict: french press or pour over\?$/im)
    expect(checkTypeStructure('comparison', article)).toMatchObject({ passed: true })
  })

  it('writes a section to the heading the outline planned, without its numbering', () => {
    const article = articleOf(brief('listicle', 'coffee brewers'))
    const prose = article
      .split('\n\n')
      .filter((block) => !block.startsWith('#'))
      .join(' ')
    expect(prose).not.toMatch(/\b\d+\. [A-Z]/)
  })

  it('keeps a guide as planned', () => {
    const guide = outlineOf(brief('guide', 'coffee brewers'))
    const untyped = outlineOf({ ...brief('guide', 'coffee brewers'), articleType: undefined })
    expect(guide).toEqual(untyped)
  })
})
