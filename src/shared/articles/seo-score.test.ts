import { describe, expect, it } from 'vitest'
import {
  containsKeyword,
  countKeyword,
  failingFixes,
  scoreArticle,
  SEO_CHECK_IDS,
  SEO_CHECKS,
  serpTopicsOf,
  SUBSTANCE_CAP,
  type SeoCheckId,
  type SeoScoreInput,
} from './seo-score'

const INTRO =
  'Cold brew coffee is smooth, sweet and easy to make. You need coarse beans, cold water and time. ' +
  'This guide shows the ratio, the steps and the mistakes to avoid. It takes ten minutes of work and a night of waiting.'

const article = ({ h1 = 'Cold Brew Coffee: How to Make It at Home', intro = INTRO } = {}) => `# ${h1}

${intro}

![A jar of cold brew coffee on a kitchen counter](https://cdn.beanhouse.example/cold-brew.jpg)

## What you need

Start with fresh beans. A medium or dark roast works best. Grind them coarse, like rough sand. Fine grounds make the drink bitter and hard to filter. See our [guide to grind size](/blog/grind-size) for photos of each setting. Filtered tap water is fine, but water that smells of chlorine will carry that smell into the jar. A scale helps more than a measuring cup, since beans vary in size and weight.

- A large jar with a lid
- A fine filter or a clean cloth
- 100 grams of coarse coffee per litre of water

## How to make it

Put the grounds in the jar. Pour in cold water and stir well. Close the lid and leave it in the fridge for 12 to 18 hours. Then pour it through the filter. Do it twice if you want a clean cup. Stirring once halfway through the steep wets any dry pockets of grounds. Squeezing the cloth at the end speeds things up, yet it pushes fine silt into the drink.

### The best ratio

A ratio of 1 to 8 gives a strong drink. Add water or milk to taste. The [Specialty Coffee Association](https://sca.coffee/research/brewing) found that most people like it a bit weaker than hot coffee.

## How to store it

Keep it in a closed bottle in the fridge. It stays fresh for about a week. Glass keeps flavours cleaner than plastic, which can hold on to old smells. Label each bottle with the day you made it, so older batches get used first. Concentrate lasts longer than a diluted drink, so add water or milk only to the glass you pour. If it tastes flat or sour, pour it away and start a new batch. Shop our [cold brew bottles](https://www.beanhouse.example/shop/bottles) or read about [storing beans](https://beanhouse.example/blog/storing-beans).
`

/** Words in article(): the H1, the prose, the list items and the link texts, without URLs or the image. */
const ARTICLE_WORDS = 346

const goodInput = (): SeoScoreInput => ({
  keyword: 'cold brew coffee',
  title: 'Cold Brew Coffee: How to Make It at Home',
  metaTitle: 'Cold Brew Coffee at Home: Easy Recipe and Ratio',
  metaDescription:
    'Learn how to make cold brew coffee at home with coarse beans, cold water and one night in the fridge, plus the best ratio and storage tips.',
  markdown: article(),
  language: 'English',
  siteUrl: 'https://beanhouse.example',
  serpMedianWordCount: 220,
  images: [{ alt: 'A jar of cold brew coffee on a kitchen counter' }, { alt: 'Coarse coffee grounds in a filter' }],
  faqCount: 3,
  structuredData: [
    {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'BlogPosting', headline: 'Cold Brew Coffee: How to Make It at Home' },
        { '@type': 'FAQPage', mainEntity: [] },
        { '@type': 'BreadcrumbList', itemListElement: [] },
      ],
    },
  ],
})

const checkOf = (input: SeoScoreInput, id: SeoCheckId) => {
  const check = scoreArticle(input).checks.find((candidate) => candidate.id === id)
  if (!check) throw new Error(`no check ${id}`)
  return check
}

const failingIds = (input: SeoScoreInput) =>
  scoreArticle(input)
    .checks.filter((check) => !check.passed)
    .map((check) => check.id)

describe('the check table', () => {
  it('has weights that add up to 100 and a label for every id', () => {
    expect(SEO_CHECK_IDS.reduce((sum, id) => sum + SEO_CHECKS[id].weight, 0)).toBe(100)
    for (const id of SEO_CHECK_IDS) expect(SEO_CHECKS[id].label).not.toBe('')
  })

  it('reports every check once, in table order, with its weight as the maximum', () => {
    const { checks } = scoreArticle(goodInput())
    expect(checks.map((check) => check.id)).toEqual(SEO_CHECK_IDS)
    for (const check of checks) expect(check.maxPoints).toBe(SEO_CHECKS[check.id].weight)
  })
})

describe('a good article', () => {
  it('passes every check and scores 100', () => {
    const result = scoreArticle(goodInput())
    expect(result.checks.filter((check) => !check.passed)).toEqual([])
    expect(result.score).toBe(100)
    for (const check of result.checks) expect(check.hint).toBeNull()
  })

  it('states the measured values', () => {
    const input = goodInput()
    expect(checkOf(input, 'contentLength').detail).toBe(`${ARTICLE_WORDS} words; the top results have a median of 220 (198 needed).`)
    expect(checkOf(input, 'headingStructure').detail).toBe('1 H1, 3 H2s, no skipped level.')
    expect(checkOf(input, 'internalLinks').detail).toBe('3 internal links to distinct pages.')
    expect(checkOf(input, 'externalLinks').detail).toBe('1 external link to distinct pages.')
    expect(checkOf(input, 'structuredData').detail).toBe('JSON-LD types: BlogPosting, FAQPage, BreadcrumbList.')
    expect(checkOf(input, 'readability').detail).toMatch(
      /^Flesch reading ease \d+, for general readers 50 or more; sentences average \d+ words\.$/,
    )
  })
})

describe('each check fails on its own input with a concrete hint', () => {
  const longTitle = 'Cold Brew Coffee at Home: The Complete Guide to Ratios, Beans and Storage'
  const shortDescription = 'How to make cold brew coffee at home.'
  const longDescription = `${goodInput().metaDescription} Everything you need to know, from the grind to the fridge.`
  const withoutInternalLinks = article()
    .replace('[guide to grind size](/blog/grind-size)', 'guide to grind size')
    .replace('[cold brew bottles](https://www.beanhouse.example/shop/bottles)', 'cold brew bottles')
    .replace('[storing beans](https://beanhouse.example/blog/storing-beans)', 'storing beans')

  it.each<[string, Partial<SeoScoreInput>, SeoCheckId, string, number]>([
    [
      'a title without the keyword',
      { title: 'How to Make It at Home' },
      'keywordInTitle',
      'Add the focus keyword "cold brew coffee" to the title.',
      0,
    ],
    [
      'an H1 without the keyword',
      { markdown: article({ h1: 'How to Make It at Home' }) },
      'keywordInH1',
      'Add the focus keyword "cold brew coffee" to the H1.',
      0,
    ],
    [
      'an introduction without the keyword',
      { markdown: article({ intro: INTRO.replace('Cold brew coffee is', 'This drink is') }) },
      'keywordInIntroduction',
      'Use "cold brew coffee" within the first 100 words after the H1.',
      0,
    ],
    [
      'a meta description without the keyword',
      {
        metaDescription:
          'Learn how to make a smooth iced drink at home with coarse beans, cold water and a night in the fridge, plus the best ratio and storage tips.',
      },
      'keywordInMeta',
      'Add "cold brew coffee" to the meta description.',
      2,
    ],
    [
      'a meta title over 60 characters',
      { metaTitle: longTitle },
      'metaTitleLength',
      'Shorten the meta title to 60 characters (it has 73).',
      0,
    ],
    [
      'a short meta description',
      { metaDescription: shortDescription },
      'metaDescriptionLength',
      'Lengthen the meta description to at least 120 characters (it has 37).',
      0,
    ],
    [
      'a long meta description',
      { metaDescription: longDescription },
      'metaDescriptionLength',
      'Shorten the meta description to 160 characters (it has 198).',
      0,
    ],
    [
      'a text shorter than the top results',
      { serpMedianWordCount: 1800 },
      'contentLength',
      'Add about 1,454 words: the top results have a median of 1,800 and this article has 346.',
      1,
    ],
    [
      'a text shorter than the floor when the median is unknown',
      { serpMedianWordCount: null },
      'contentLength',
      'Add about 854 words to reach 1,200: this article has 346.',
      2,
    ],
    [
      'a skipped heading level',
      { markdown: article().replace('### The best ratio', '#### The best ratio') },
      'headingStructure',
      'Use H3 instead of H4 for "The best ratio": levels must not be skipped.',
      3,
    ],
    [
      'no internal links',
      { markdown: withoutInternalLinks },
      'internalLinks',
      'Add 3 more links to pages on beanhouse.example (it has 0; 3 or more pass).',
      0,
    ],
    [
      'no external citation',
      {
        markdown: article().replace('[Specialty Coffee Association](https://sca.coffee/research/brewing)', 'Specialty Coffee Association'),
      },
      'externalLinks',
      'Cite at least 1 source with a link to another site (it has 0).',
      0,
    ],
    ['no images', { images: [] }, 'imageAltText', 'Add at least 1 image with descriptive alt text.', 0],
    [
      'an image without alt text',
      { images: [{ alt: 'A jar of cold brew' }, { alt: '  ' }] },
      'imageAltText',
      'Write alt text for 1 of the 2 images.',
      1,
    ],
    ['a short FAQ', { faqCount: 1 }, 'faq', 'Add 2 more FAQ questions (it has 1; 3 or more pass).', 1],
    [
      'JSON-LD without Article or FAQPage',
      { structuredData: [{ '@type': 'BreadcrumbList' }] },
      'structuredData',
      'Add Article (or BlogPosting) JSON-LD. Add FAQPage JSON-LD for the 3 FAQ questions.',
      0,
    ],
  ])('%s', (_case, change, id, hint, points) => {
    const input = { ...goodInput(), ...change }
    const check = checkOf(input, id)
    expect(failingIds(input)).toEqual([id])
    expect(check).toMatchObject({ passed: false, hint, points })
  })

  it('an empty meta title fails its length check (and the meta keyword check)', () => {
    const input = { ...goodInput(), metaTitle: '' }
    expect(failingIds(input)).toEqual(['keywordInMeta', 'metaTitleLength'])
    expect(checkOf(input, 'metaTitleLength')).toMatchObject({ hint: 'Write a meta title of up to 60 characters.', points: 0 })
  })

  it('hard English text fails readability', () => {
    const hard =
      'Comprehensive organisational documentation facilitates interdepartmental communication, institutional accountability and considerable operational efficiency improvements throughout multinational enterprises.'
    const markdown = article()
      .replace(/Start with fresh beans\.[^\n]*/, `${hard} ${hard} ${hard}`)
      .replace(/Put the grounds in the jar\.[^\n]*/, `${hard} ${hard} ${hard}`)
      .replace(/Keep it in a closed bottle[^\n]*/, `${hard} ${hard} ${hard}`)
    const check = checkOf({ ...goodInput(), markdown }, 'readability')
    expect(check.passed).toBe(false)
    expect(check.hint).toMatch(
      /^Raise the Flesch reading ease to 50 or more for general readers \(it is -?\d+\): shorten sentences \(they average \d+ words\) and prefer shorter words\.$/,
    )
  })

  it('reading level follows the audience: plain English for beginners, denser text for professionals', () => {
    // About Flesch 45: too dense for beginners and for general readers, fine for professionals.
    const medium =
      'Consistent extraction depends on grind uniformity, water temperature and contact time. Baristas calibrate these variables daily, adjusting the dose whenever the espresso tastes sour or bitter.'
    const markdown = article()
      .replace(/Start with fresh beans\.[^\n]*/, `${medium} ${medium}`)
      .replace(/Put the grounds in the jar\.[^\n]*/, `${medium} ${medium}`)
      .replace(/Keep it in a closed bottle[^\n]*/, `${medium} ${medium}`)
    const ease = (audiences: string[]) => checkOf({ ...goodInput(), markdown, audiences }, 'readability')
    expect(ease(['Coffee-curious beginners']).passed).toBe(false)
    expect(ease(['Coffee-curious beginners']).hint).toMatch(/^Raise the Flesch reading ease to 60 or more for plain English/)
    expect(ease(['Café owners']).passed).toBe(false)
    expect(ease(['Procurement managers', 'IT teams']).passed).toBe(true)
    expect(ease(['Procurement managers', 'IT teams']).detail).toMatch(/, for professional readers 40 or more;/)
    // A plain article passes for beginners too.
    expect(checkOf({ ...goodInput(), audiences: ['Coffee-curious beginners'] }, 'readability').passed).toBe(true)
  })

  it('explains a missing keyword in the introduction with the mentions in the body', () => {
    const markdown = article({ intro: INTRO.replace('Cold brew coffee is', 'This drink is') })
    expect(checkOf({ ...goodInput(), markdown }, 'keywordInIntroduction').detail).toBe(
      '"cold brew coffee" is not in the first 100 words; the body mentions it 0 times.',
    )
  })

  it('looks for the keyword in the first 100 words only', () => {
    const filler = 'Good drinks start with good water and a little patience every single day. '.repeat(8)
    const markdown = article({ intro: `${filler}${INTRO}` })
    const check = checkOf({ ...goodInput(), markdown }, 'keywordInIntroduction')
    expect(check.passed).toBe(false)
    expect(check.detail).toBe('"cold brew coffee" is not in the first 100 words; the body mentions it 1 time.')
  })

  it('asks for exactly one H1 first, and at least three H2s', () => {
    const twoH1 = article().replace('## How to store it', '# How to store it')
    expect(checkOf({ ...goodInput(), markdown: twoH1 }, 'headingStructure')).toMatchObject({
      hint: 'Use exactly one H1 (it has 2). Add 1 more H2 section (it has 2; 3 or more pass).',
      points: 1,
    })
    const textFirst = `Intro before the title.\n\n${article()}`
    expect(checkOf({ ...goodInput(), markdown: textFirst }, 'headingStructure').hint).toBe(
      'Put the H1 first, before any other heading or text.',
    )
    const noH1 = article().replace(/^# .*\n/, '')
    expect(checkOf({ ...goodInput(), markdown: noH1 }, 'keywordInH1').hint).toBe(
      'Start the article with an H1 ("# …") that contains "cold brew coffee".',
    )
  })
})

describe('partial credit', () => {
  it('gives length points in proportion to the words needed', () => {
    // 346 of the 1,620 words needed (90% of 1,800) earn 8 × 346 / 1,620 = 1.7, rounded down.
    expect(checkOf({ ...goodInput(), serpMedianWordCount: 1800 }, 'contentLength').points).toBe(1)
    expect(checkOf({ ...goodInput(), serpMedianWordCount: 500 }, 'contentLength')).toMatchObject({ passed: false, points: 6 })
  })

  it('passes length at 90% of the median', () => {
    expect(checkOf({ ...goodInput(), serpMedianWordCount: Math.floor(ARTICLE_WORDS / 0.9) }, 'contentLength').passed).toBe(true)
    expect(checkOf({ ...goodInput(), serpMedianWordCount: Math.floor(ARTICLE_WORDS / 0.9) + 2 }, 'contentLength').passed).toBe(false)
  })

  it('counts internal links toward a target, which can be changed', () => {
    const oneLink = article()
      .replace('[cold brew bottles](https://www.beanhouse.example/shop/bottles)', 'cold brew bottles')
      .replace('[storing beans](https://beanhouse.example/blog/storing-beans)', 'storing beans')
    const input = { ...goodInput(), markdown: oneLink }
    expect(checkOf(input, 'internalLinks')).toMatchObject({
      passed: false,
      points: 1,
      hint: 'Add 2 more links to pages on beanhouse.example (it has 1; 3 or more pass).',
    })
    expect(scoreArticle(input, { internalLinkTarget: 1 }).checks.find((check) => check.id === 'internalLinks')?.passed).toBe(true)
    expect(scoreArticle(goodInput(), { internalLinkTarget: 6 }).checks.find((check) => check.id === 'internalLinks')).toMatchObject({
      passed: false,
      points: 2,
    })
  })

  it('gives half the structured data points for Article JSON-LD without the FAQPage an FAQ needs', () => {
    const input = { ...goodInput(), structuredData: [{ '@type': 'Article' }] }
    expect(checkOf(input, 'structuredData')).toMatchObject({
      passed: false,
      points: 1,
      hint: 'Add FAQPage JSON-LD for the 3 FAQ questions.',
    })
    expect(checkOf({ ...input, faqCount: 0 }, 'structuredData').passed).toBe(true)
  })

  it('gives half the meta keyword points when only one of the two has it', () => {
    expect(checkOf({ ...goodInput(), metaTitle: 'Iced Coffee at Home' }, 'keywordInMeta')).toMatchObject({ points: 2 })
    expect(checkOf({ ...goodInput(), metaTitle: 'Iced Coffee', metaDescription: 'Iced coffee.' }, 'keywordInMeta')).toMatchObject({
      points: 0,
      hint: 'Add "cold brew coffee" to the meta title and the meta description.',
    })
  })

  it('sums the points of the checks into the score', () => {
    const result = scoreArticle({ ...goodInput(), faqCount: 1, images: [] })
    expect(result.score).toBe(100 - 2 - 3)
    expect(result.score).toBe(result.checks.reduce((sum, check) => sum + check.points, 0))
  })
})

describe('keyword matching', () => {
  it('accepts the plural or singular of the last word', () => {
    expect(containsKeyword('Best Coffee Beans for Espresso', 'coffee bean')).toBe(true)
    expect(containsKeyword('How to store a coffee bean', 'coffee beans')).toBe(true)
    expect(containsKeyword('Fresh berries in June', 'fresh berry')).toBe(true)
    expect(containsKeyword('Shipping boxes', 'shipping box')).toBe(true)
    expect(checkOf({ ...goodInput(), keyword: 'cold brew coffees' }, 'keywordInTitle').passed).toBe(true)
  })

  it('does not accept other word orders, other words or inner words changed', () => {
    expect(containsKeyword('beans of coffee', 'coffee beans')).toBe(false)
    expect(containsKeyword('coffee beanstalk', 'coffee bean')).toBe(false)
    expect(containsKeyword('coffees bean', 'coffee bean')).toBe(false)
    expect(containsKeyword('anything', '  ')).toBe(false)
  })

  it('ignores case, accents, punctuation and extra white space', () => {
    expect(containsKeyword('Le CAFÉ   au-lait du matin', 'cafe au lait')).toBe(true)
    expect(containsKeyword('Cafe au lait', 'café au lait')).toBe(true)
    expect(containsKeyword('Crème brûlée recipes', 'creme brulee recipe')).toBe(true)
    expect(checkOf({ ...goodInput(), keyword: 'Cold  BRÉW coffee' }, 'keywordInH1').passed).toBe(true)
  })

  it('counts separate occurrences', () => {
    expect(countKeyword('Coffee beans, more coffee beans and a coffee bean.', 'coffee bean')).toBe(3)
  })
})

describe('reading the Markdown', () => {
  it('counts words without URLs, images, code blocks or HTML tags', () => {
    const markdown = [
      '# One two three',
      '',
      'Four [five six](https://example.com/a/long/path) https://bare.example.com ![alt words here](x.png) <b>seven</b> `eight`.',
      '',
      '```js',
      'const ignored = "these words do not count"',
      '```',
      '',
      '| nine | ten |',
      '|------|-----|',
      '| eleven | [https://shown.example](https://shown.example) |',
    ].join('\n')
    expect(checkOf({ ...goodInput(), markdown, serpMedianWordCount: 100 }, 'contentLength').detail).toMatch(/^11 words;/)
  })

  it('classifies links by host: relative and www. links are internal, anchors and mailto are neither, duplicates count once', () => {
    const markdown = `${article()}
See [again](/blog/grind-size#top), [top](#faq), [mail](mailto:hello@beanhouse.example), [shop](https://shop.beanhouse.example/x), [sca](https://sca.coffee/research/brewing).`
    const { checks } = scoreArticle({ ...goodInput(), markdown, siteUrl: 'www.beanhouse.example' })
    expect(checks.find((check) => check.id === 'internalLinks')?.detail).toBe('3 internal links to distinct pages.')
    expect(checks.find((check) => check.id === 'externalLinks')?.detail).toBe('2 external links to distinct pages.')
  })
})

describe('structured data', () => {
  it('finds types in @graph arrays, in type arrays and as full schema.org IRIs', () => {
    expect(
      checkOf(
        { ...goodInput(), structuredData: [{ '@graph': [{ '@type': ['Article', 'NewsArticle'] }, { '@type': 'FAQPage' }] }] },
        'structuredData',
      ).passed,
    ).toBe(true)
    expect(
      checkOf({ ...goodInput(), structuredData: [{ '@type': 'https://schema.org/BlogPosting' }, { '@type': 'FAQPage' }] }, 'structuredData')
        .passed,
    ).toBe(true)
  })

  it('ignores values that are not JSON-LD objects', () => {
    expect(checkOf({ ...goodInput(), structuredData: [null, 'Article', 42, { '@graph': 'Article' }] }, 'structuredData')).toMatchObject({
      passed: false,
      detail: 'No JSON-LD types.',
    })
  })
})

describe('readability by language', () => {
  const german = `# Kaltgebrühter Kaffee zu Hause

Kaltgebrühter Kaffee schmeckt mild. Er braucht Geduld. Mahlen Sie die Bohnen grob. Gießen Sie kaltes Wasser darüber. Stellen Sie das Glas über Nacht in den Kühlschrank.

## Zubereitung

Filtern Sie den Kaffee am Morgen. Verdünnen Sie ihn nach Geschmack.
`

  it('judges other languages by sentence length, not by the English formula', () => {
    const input = { ...goodInput(), markdown: german, language: 'de-DE' }
    expect(checkOf(input, 'readability')).toMatchObject({ passed: true, detail: 'Sentences average 5 words.' })
  })

  it('asks for shorter sentences, with partial points between 20 and 30 words', () => {
    const sentence = Array.from({ length: 25 }, (_, index) => `Wort${index}`).join(' ')
    const markdown = `# Titel\n\n${sentence}. ${sentence}.\n`
    expect(checkOf({ ...goodInput(), markdown, language: 'German' }, 'readability')).toMatchObject({
      passed: false,
      points: 2,
      hint: 'Shorten sentences to an average of 20 words or fewer (they average 25).',
    })
  })

  it('fails without body text', () => {
    expect(checkOf({ ...goodInput(), markdown: '# Only a title\n' }, 'readability').hint).toBe('Write the body text: it has no paragraphs.')
  })
})

describe('the score', () => {
  it('is a whole number from 0 to 100 for any input', () => {
    const empty: SeoScoreInput = {
      keyword: '',
      title: '',
      metaTitle: '',
      metaDescription: '',
      markdown: '',
      language: '',
      siteUrl: '',
      serpMedianWordCount: 0,
      images: [],
      faqCount: 0,
      structuredData: [],
    }
    for (const input of [empty, goodInput(), { ...goodInput(), serpMedianWordCount: 100_000, faqCount: 2 }]) {
      const { score } = scoreArticle(input)
      expect(Number.isInteger(score)).toBe(true)
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(100)
    }
    expect(scoreArticle(empty).score).toBeLessThan(20)
  })
})

describe('the substance checks', () => {
  it('repetition: passes varied prose, fails a repeated sentence and names it', () => {
    expect(checkOf(goodInput(), 'repetition')).toMatchObject({ passed: true, points: 14 })
    const repeated = 'Fresh beans make the biggest difference to the cup.'
    const markdown = article()
      .replace('Start with fresh beans.', `${repeated} Start with fresh beans.`)
      .replace('Keep it in a closed bottle', `${repeated} Keep it in a closed bottle`)
    const check = checkOf({ ...goodInput(), markdown }, 'repetition')
    expect(check).toMatchObject({ passed: false, points: 0 })
    expect(check.detail).toMatch(/^1 sentence repeated,/)
    expect(check.hint).toBe('Rewrite the 1 repeated sentence: "Fresh beans make the biggest difference to the cup." appears 2 times.')
  })

  it('repetition: fails an eight-word run said twice inside different sentences', () => {
    const run = 'the grounds settle at the bottom of the jar'
    const markdown = article()
      .replace('Start with fresh beans.', `Overnight, ${run} and the water clears.`)
      .replace('Keep it in a closed bottle', `By morning ${run}, ready to pour. Keep it in a closed bottle`)
    const check = checkOf({ ...goodInput(), markdown }, 'repetition')
    expect(check.passed).toBe(false)
    expect(check.hint).toMatch(/^Reword \d+ passages said twice, such as "/)
  })

  it('repetition: a keyword of eight words or more said in several places is not a repeated passage', () => {
    const keyword = 'how to brew single origin coffee for beginners'
    const markdown = article()
      .replace('Start with fresh beans.', `Learning how to brew single origin coffee for beginners starts with fresh beans.`)
      .replace(
        'Keep it in a closed bottle',
        `Anyone who asks how to brew single origin coffee for beginners can keep it in a closed bottle`,
      )
    const check = checkOf({ ...goodInput(), keyword, markdown }, 'repetition')
    expect(check.detail).toMatch(/, 0 8-word runs repeated,/)
    expect(check.passed).toBe(true)
  })

  it('repetition: fails when too many three-word phrases recur, even without a whole sentence repeated', () => {
    const frames = [
      'milk',
      'ice',
      'syrup',
      'tonic',
      'cream',
      'honey',
      'oat milk',
      'lemon',
      'vanilla',
      'cinnamon',
      'orange peel',
      'sugar',
      'salt',
      'cocoa',
    ].map((extra, index) => `You can add ${extra} to the glass if you like it that way ${index === 0 ? 'today' : `on day ${index}`}.`)
    const markdown = article().replace('Keep it in a closed bottle in the fridge.', frames.join(' '))
    const check = checkOf({ ...goodInput(), markdown }, 'repetition')
    expect(check.passed).toBe(false)
    expect(check.hint).toMatch(/Vary the wording: [\d.]+% of three-word phrases recur \(at most 10% pass\)/)
  })

  it('thin sections: every H2 section needs 80 words of its own', () => {
    expect(checkOf(goodInput(), 'thinSections')).toMatchObject({ passed: true, detail: '3 of 3 H2 sections have 80 words or more.' })
    const markdown = `${article()}\n## Serving ideas\n\nPour it over ice and add a splash of milk.\n`
    expect(checkOf({ ...goodInput(), markdown }, 'thinSections')).toMatchObject({
      passed: false,
      points: 6,
      hint: 'Give every H2 section at least 80 words of its own, or merge it into another: "Serving ideas" (10).',
    })
  })

  it('thin sections: a FAQ of short answers is left to the FAQ check, a short section with a question heading is not', () => {
    const faq = `${article()}\n## Frequently asked questions\n\n### How long does it keep?\n\nTwo weeks in the fridge.\n\n### Can I heat it?\n\nYes, add hot water.\n`
    expect(checkOf({ ...goodInput(), markdown: faq }, 'thinSections')).toMatchObject({
      passed: true,
      detail: '3 of 3 H2 sections have 80 words or more.',
    })
    // Text before the questions, or a subheading that asks nothing, makes it a section like any other.
    const introduced = faq.replace('## Frequently asked questions\n\n', '## Frequently asked questions\n\nA few answers.\n\n')
    expect(checkOf({ ...goodInput(), markdown: introduced }, 'thinSections').passed).toBe(false)
    const statement = faq.replace('### Can I heat it?', '### Heating it')
    expect(checkOf({ ...goodInput(), markdown: statement }, 'thinSections').passed).toBe(false)
  })

  it('keyword stuffing: passes a natural density, fails beyond 3 per 100 words', () => {
    expect(checkOf(goodInput(), 'keywordStuffing').passed).toBe(true)
    const stuffed = article().replace(/Put the grounds in the jar\./, 'Cold brew coffee is great. '.repeat(12))
    const check = checkOf({ ...goodInput(), markdown: stuffed }, 'keywordStuffing')
    expect(check.passed).toBe(false)
    expect(check.hint).toMatch(/^Use "cold brew coffee" at most \d+ times here \(3 per 100 words; it has 14\)/)
  })

  const serp = {
    results: [
      { title: 'Cold brew ratio and steep time', snippet: 'The ratio of coffee to water and how long to steep in the fridge.' },
      { title: 'How to filter cold brew', snippet: 'Use a cloth filter; store the concentrate in glass bottles.' },
      { title: 'Cold brew concentrate guide', snippet: 'Dilute the concentrate with water or milk; steep overnight.' },
    ],
    questions: ['How long does cold brew last in the fridge?', 'Can you use any beans for cold brew?'],
  }

  it('topic coverage: passes an article that covers the terms and questions of the results, and keeps them for a rescore', () => {
    const check = checkOf({ ...goodInput(), serp }, 'topicCoverage')
    expect(check).toMatchObject({ passed: true, points: 10, serp })
    expect(check.detail).toMatch(/^Covers \d+ of the \d+ terms and questions of the top results/)
    expect(serpTopicsOf(scoreArticle({ ...goodInput(), serp }).checks)).toEqual(serp)
  })

  it('topic coverage: fails an article that misses what the results talk about, naming it', () => {
    const offTopic = {
      results: [
        { title: 'Nitro cold brew kegs', snippet: 'Nitrogen cartridges, kegs and taps for nitro at home.' },
        { title: 'Nitro taps compared', snippet: 'Which nitrogen taps and kegs pour the creamiest nitro.' },
      ],
      questions: ['Is nitro cold brew stronger than espresso?'],
    }
    const check = checkOf({ ...goodInput(), serp: offTopic }, 'topicCoverage')
    expect(check.passed).toBe(false)
    expect(check.hint).toMatch(/^Cover what the top results cover \(60% or more passes\): write about the terms .*nitro/)
    expect(check.hint).toContain('"Is nitro cold brew stronger than espresso?"')
  })

  it('topic coverage: the words titles use to sell the click are no terms to cover; terms are named as the results write them', () => {
    const boilerplate = {
      results: [
        { title: 'Nitrogen Kegs: The Complete Guide', snippet: 'Everything you need to know, explained with practical examples.' },
        { title: 'Nitrogen Kegs — 12 Tips That Actually Work', snippet: 'Everything you need to know, explained with practical examples.' },
      ],
      questions: [],
    }
    const check = checkOf({ ...goodInput(), serp: boilerplate }, 'topicCoverage')
    expect(check.passed).toBe(false)
    expect(check.hint).toBe('Cover what the top results cover (60% or more passes): write about the terms kegs, nitrogen.')
  })

  it('topic coverage: says so when there are no search results to compare with', () => {
    expect(checkOf(goodInput(), 'topicCoverage')).toMatchObject({ passed: true, detail: expect.stringMatching(/^Not measured/) })
  })

  it('length: measures against the article’s target when it has one', () => {
    expect(checkOf({ ...goodInput(), targetWordCount: 300 }, 'contentLength')).toMatchObject({ passed: true })
    expect(checkOf({ ...goodInput(), targetWordCount: 1500 }, 'contentLength')).toMatchObject({
      passed: false,
      points: 1,
      hint: 'Add about 1,154 words of substance to reach the target of 1,500.',
    })
  })
})

describe('filler', () => {
  // The shape the demo writer once produced: one sentence frame per section, the same closers and
  // bullets that say nothing, with every placement and markup check satisfied.
  const sections = ['Light roast', 'Medium roast', 'Dark roast', 'Single origin', 'Blends', 'Decaf']
  const fillerSection = (subject: string, index: number) => `## ${subject} for espresso

Choosing for espresso asks something different of ${subject.toLowerCase()} than choosing for french press. A good place to start is what to look for first. It is also worth thinking about common mistakes to avoid. Keep these points in mind:

- What it depends on
- How to decide for yourself

Get the basics right first, and the finer details become much easier to judge. Small, deliberate adjustments tend to pay off more than sweeping changes. None of this needs to be complicated once the fundamentals are in place. ${index % 2 === 0 ? 'See our [espresso guide](/blog/espresso).' : 'Read the [roast chart](https://sca.coffee/roasts).'}
`
  const markdown = `# Coffee Beans for Espresso: The Complete Guide

Coffee beans for espresso are worth choosing with care. This guide explains what matters, what to avoid and how to choose with confidence. See [our beans](/shop/beans) and [grinders](/shop/grinders).

${sections.map(fillerSection).join('\n')}`
  const input: SeoScoreInput = {
    keyword: 'coffee beans for espresso',
    title: 'Coffee Beans for Espresso: The Complete Guide',
    metaTitle: 'Coffee Beans for Espresso: The Complete Guide',
    metaDescription:
      'Looking for coffee beans for espresso? This guide explains what matters, what to avoid and how to choose with confidence, step by step.',
    markdown,
    language: 'English',
    siteUrl: 'https://acme.example',
    serpMedianWordCount: 400,
    images: [{ alt: 'Espresso beans' }],
    faqCount: 3,
    structuredData: [{ '@type': 'Article' }, { '@type': 'FAQPage' }],
  }

  it('scores under the default floor, held for its repetition with a fix a person would agree with', () => {
    const result = scoreArticle(input)
    expect(result.score).toBeLessThan(70)
    expect(result.capped).toBe(true)
    const repetition = result.checks.find((check) => check.id === 'repetition')!
    expect(repetition.passed).toBe(false)
    expect(repetition.hint).toMatch(/^Rewrite the \d+ repeated sentences: "[^"]+" appears 6 times\. Vary the wording/)
    expect(failingFixes(result.checks)[0]).toBe(repetition.hint)
    // Its keyword placements, links, images and markup pass: only substance holds it back.
    for (const id of ['keywordInTitle', 'keywordInH1', 'keywordInIntroduction', 'keywordInMeta', 'internalLinks', 'externalLinks'] as const)
      expect(result.checks.find((check) => check.id === id)?.passed, id).toBe(true)
  })

  it('is capped whatever its other points: the cap applies when a substance check fails', () => {
    const passingAllElse = scoreArticle({
      ...goodInput(),
      markdown: `${article()}\n${fillerSection('Decaf', 0)}\n${fillerSection('Blends', 1)}`,
    })
    expect(passingAllElse.checks.find((check) => check.id === 'repetition')?.passed).toBe(false)
    expect(passingAllElse.score).toBe(SUBSTANCE_CAP)
    expect(SUBSTANCE_CAP).toBeLessThan(70)
  })
})

describe('the article type’s structure', () => {
  const typed = (articleType: SeoScoreInput['articleType'], markdown: string) =>
    checkOf({ ...goodInput(), articleType, markdown }, 'articleType')
  const body = (...blocks: string[]) => ['# Cold Brew Coffee', INTRO, ...blocks].join('\n\n')
  const table = '| | Cold brew | Iced coffee |\n|---|---|---|\n| Taste | Smooth | Bright |'
  const cases: Array<[NonNullable<SeoScoreInput['articleType']>, string, string]> = [
    ['guide', article(), article()],
    [
      'listicle',
      body('## 1. Grind', 'a', '## 2. Steep', 'b', '## 3. Strain', 'c'),
      body('## Grind', 'a', '## Steep', 'b', '## Strain', 'c'),
    ],
    ['how-to', body('## Step 1: Grind', 'a', '## Step 2: Steep', 'b', '## Step 3: Strain', 'c'), article()],
    ['comparison', body('## At a glance', table, '## Verdict', 'Pick cold brew.'), body('## At a glance', 'No table.', '## Verdict', 'x')],
    ['review', body('## 1. Jar', 'a', '## 2. Pitcher', 'b', '## 3. Tower', 'c', '## Verdict', 'd'), article()],
    ['question-answer', body('## What is it?', 'a', '## Is it strong?', 'b', '## Does it keep?', 'c'), article()],
  ]

  it.each(cases)('passes a %s with its structure and fails one without (except a guide)', (type, passing, failing) => {
    const passed = typed(type, passing)
    expect(passed).toMatchObject({ passed: true, points: SEO_CHECKS.articleType.weight, hint: null })
    if (type === 'guide') return
    const failed = typed(type, failing)
    expect(failed.passed).toBe(false)
    expect(failed.points).toBe(0)
    expect(failed.hint).not.toBeNull()
  })

  it('checks a guide when the type is not given', () => {
    expect(checkOf({ ...goodInput(), markdown: body('## Grind', 'a') }, 'articleType').passed).toBe(true)
  })
})
