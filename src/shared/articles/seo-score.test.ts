import { describe, expect, it } from 'vitest'
import { containsKeyword, countKeyword, scoreArticle, SEO_CHECK_IDS, SEO_CHECKS, type SeoCheckId, type SeoScoreInput } from './seo-score'

const INTRO =
  'Cold brew coffee is smooth, sweet and easy to make. You need coarse beans, cold water and time. ' +
  'This guide shows the ratio, the steps and the mistakes to avoid. It takes ten minutes of work and a night of waiting.'

const article = ({ h1 = 'Cold Brew Coffee: How to Make It at Home', intro = INTRO } = {}) => `# ${h1}

${intro}

![A jar of cold brew coffee on a kitchen counter](https://cdn.beanhouse.example/cold-brew.jpg)

## What you need

Start with fresh beans. A medium or dark roast works best. Grind them coarse, like rough sand. Fine grounds make the drink bitter and hard to filter. See our [guide to grind size](/blog/grind-size) for photos of each setting.

- A large jar with a lid
- A fine filter or a clean cloth
- 100 grams of coarse coffee per litre of water

## How to make it

Put the grounds in the jar. Pour in cold water and stir well. Close the lid and leave it in the fridge for 12 to 18 hours. Then pour it through the filter. Do it twice if you want a clean cup.

### The best ratio

A ratio of 1 to 8 gives a strong drink. Add water or milk to taste. The [Specialty Coffee Association](https://sca.coffee/research/brewing) found that most people like it a bit weaker than hot coffee.

## How to store it

Keep it in a closed bottle in the fridge. It stays fresh for about a week. Shop our [cold brew bottles](https://www.beanhouse.example/shop/bottles) or read about [storing beans](https://beanhouse.example/blog/storing-beans).
`

/** Words in article(): the H1, the prose, the list items and the link texts, without URLs or the image. */
const ARTICLE_WORDS = 224

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
    expect(checkOf(input, 'readability').detail).toMatch(/^Flesch reading ease \d+; sentences average \d+ words\.$/)
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
      4,
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
      'Add about 1,576 words: the top results have a median of 1,800 and this article has 224.',
      1,
    ],
    [
      'a text shorter than the floor when the median is unknown',
      { serpMedianWordCount: null },
      'contentLength',
      'Add about 976 words to reach 1,200: this article has 224.',
      2,
    ],
    [
      'a skipped heading level',
      { markdown: article().replace('### The best ratio', '#### The best ratio') },
      'headingStructure',
      'Use H3 instead of H4 for "The best ratio": levels must not be skipped.',
      6,
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
      2,
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
    const markdown = article().replace(/Start with fresh beans\.[^\n]*/, `${hard} ${hard} ${hard}`)
    const check = checkOf({ ...goodInput(), markdown }, 'readability')
    expect(check.passed).toBe(false)
    expect(check.hint).toMatch(
      /^Raise the Flesch reading ease to 50 or more \(it is -?\d+\): shorten sentences \(they average \d+ words\) and prefer shorter words\.$/,
    )
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
      points: 3,
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
    // 224 of the 1,620 words needed (90% of 1,800) earn 12 × 224 / 1,620 = 1.66, rounded down.
    expect(checkOf({ ...goodInput(), serpMedianWordCount: 1800 }, 'contentLength').points).toBe(1)
    expect(checkOf({ ...goodInput(), serpMedianWordCount: 300 }, 'contentLength')).toMatchObject({ passed: false, points: 9 })
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
      points: 2,
      hint: 'Add 2 more links to pages on beanhouse.example (it has 1; 3 or more pass).',
    })
    expect(scoreArticle(input, { internalLinkTarget: 1 }).checks.find((check) => check.id === 'internalLinks')?.passed).toBe(true)
    expect(scoreArticle(goodInput(), { internalLinkTarget: 6 }).checks.find((check) => check.id === 'internalLinks')).toMatchObject({
      passed: false,
      points: 4,
    })
  })

  it('gives half the structured data points for Article JSON-LD without the FAQPage an FAQ needs', () => {
    const input = { ...goodInput(), structuredData: [{ '@type': 'Article' }] }
    expect(checkOf(input, 'structuredData')).toMatchObject({
      passed: false,
      points: 2,
      hint: 'Add FAQPage JSON-LD for the 3 FAQ questions.',
    })
    expect(checkOf({ ...input, faqCount: 0 }, 'structuredData').passed).toBe(true)
  })

  it('gives half the meta keyword points when only one of the two has it', () => {
    expect(checkOf({ ...goodInput(), metaTitle: 'Iced Coffee at Home' }, 'keywordInMeta')).toMatchObject({ points: 4 })
    expect(checkOf({ ...goodInput(), metaTitle: 'Iced Coffee', metaDescription: 'Iced coffee.' }, 'keywordInMeta')).toMatchObject({
      points: 0,
      hint: 'Add "cold brew coffee" to the meta title and the meta description.',
    })
  })

  it('sums the points of the checks into the score', () => {
    const result = scoreArticle({ ...goodInput(), faqCount: 1, images: [] })
    expect(result.score).toBe(100 - 4 - 5)
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
      points: 4,
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
