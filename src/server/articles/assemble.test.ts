import { describe, expect, it } from 'vitest'
import type { ArticleImage } from '~/shared/articles/article'
import {
  addInternalLinks,
  assembleMarkdown,
  buildJsonLd,
  fitText,
  foldThinSections,
  safeJsonLd,
  slugify,
  uniqueSlug,
  withoutInternalLink,
  type JsonLdInput,
  type WrittenSection,
} from './assemble'
import { sanitizeArticleHtml } from './html'

describe('slugs', () => {
  it('are ASCII, lower case and hyphenated, cut at a word', () => {
    expect(slugify('Best Café Crème & Flat White — a Guide!')).toBe('best-cafe-creme-and-flat-white-a-guide')
    expect(slugify('???')).toBe('article')
    const long = slugify('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long.endsWith('-')).toBe(false)
    expect(long.split('-').every((part) => part === 'word')).toBe(true)
  })

  it('take the first free number', () => {
    expect(uniqueSlug('cold-brew', new Set())).toBe('cold-brew')
    expect(uniqueSlug('cold-brew', new Set(['cold-brew', 'cold-brew-2']))).toBe('cold-brew-3')
  })
})

describe('fitText', () => {
  it('keeps text that fits and cuts longer text at a whole word, without trailing punctuation', () => {
    expect(fitText('  Short  title ', 60)).toBe('Short title')
    const cut = fitText('Best espresso beans for home baristas, roasted to order — and shipped fast', 45)
    expect(cut).toBe('Best espresso beans for home baristas')
    expect(cut.length).toBeLessThanOrEqual(45)
  })
})

const sections = (): WrittenSection[] => [
  { heading: 'Dose and yield', level: 'h2', blocks: ['Weigh your dose and your yield every time.'] },
  { heading: 'Cold brew at home', level: 'h2', blocks: ['Cold brew needs a coarse grind and a long steep.', 'Keep the ratio steady.'] },
  { heading: 'Storing beans', level: 'h3', blocks: ['An airtight container keeps beans fresh.'] },
]

describe('internal links', () => {
  it('go to the section that shares most words with them, one per section, at most `count`', () => {
    const written = sections()
    const placed = addInternalLinks(
      written,
      [
        { url: 'https://acme.example/journal/cold-brew-ratio', anchor: 'Cold brew ratio', kind: 'best' },
        { url: 'https://acme.example/journal/storing-coffee-beans', anchor: 'Storing coffee beans', kind: 'article' },
        { url: 'https://acme.example/journal/brew-cold', anchor: 'Brew cold', kind: 'best' },
      ],
      2,
    )
    expect(placed.map((link) => link.anchor)).toEqual(['Cold brew ratio', 'Storing coffee beans'])
    expect(written[1]!.blocks[1]).toBe('Keep the ratio steady. More in [Cold brew ratio](https://acme.example/journal/cold-brew-ratio).')
    expect(written[2]!.blocks[0]).toContain('[Storing coffee beans](https://acme.example/journal/storing-coffee-beans)')
    expect(written[0]!.blocks[0]).not.toContain('](')
    expect(withoutInternalLink(written[1]!.blocks[1]!)).toBe('Keep the ratio steady.')
  })

  it('place the most relevant targets first, the order given settling ties', () => {
    const placed = addInternalLinks(
      sections(),
      [
        { url: 'https://acme.example/journal/dose', anchor: 'Dose', kind: 'best' },
        { url: 'https://acme.example/journal/cold-brew-ratio-at-home', anchor: 'Cold brew ratio at home', kind: 'article' },
        { url: 'https://acme.example/journal/storing', anchor: 'Storing', kind: 'best' },
        { url: 'https://acme.example/journal/storing-guide', anchor: 'Storing', kind: 'article' },
      ],
      2,
    )
    // The article sharing five words with a section goes before the best article sharing one; of
    // the two sharing one word, the first given wins.
    expect(placed.map((link) => link.url)).toEqual([
      'https://acme.example/journal/cold-brew-ratio-at-home',
      'https://acme.example/journal/dose',
    ])
  })

  it('leave out a target that shares no word with the article', () => {
    expect(addInternalLinks(sections(), [{ url: 'https://acme.example/pricing', anchor: 'Pricing plans', kind: 'best' }], 3)).toEqual([])
  })
})

const image = (kind: ArticleImage['kind']): ArticleImage => ({
  url: `/media/biz123456789/${kind}.png`,
  alt: `${kind} [alt]`,
  prompt: 'p',
  kind,
  width: 10,
  height: 10,
})

describe('assembleMarkdown', () => {
  it('puts one H1, the featured image, the introduction, sections with their figures, the call to action and the FAQ in order', () => {
    const markdown = assembleMarkdown({
      title: 'Cold Brew Coffee at Home',
      introduction: ['Cold brew is forgiving.'],
      sections: sections(),
      featured: image('featured'),
      figures: [{ afterSection: 1, markdown: '![inline](/media/biz123456789/inline.png)' }],
      cta: { heading: 'Ready to brew?', text: 'Try our beans.', buttonLabel: 'Shop [now]', url: 'https://acme.example' },
      faq: [{ question: 'How long does cold brew keep?', answer: 'About a week in the fridge.' }],
    })
    expect(markdown.match(/^# /gm)).toHaveLength(1)
    const order = [
      '# Cold Brew Coffee at Home',
      '![featured alt]',
      'Cold brew is forgiving.',
      '## Cold brew at home',
      '![inline]',
      '### Storing beans',
      '## Ready to brew?',
      '[Shop now](https://acme.example)',
      '## Frequently asked questions',
      '### How long does cold brew keep?',
    ]
    const positions = order.map((part) => markdown.indexOf(part))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  })
})

const APP_URL = 'https://app.rankpilot.example'

describe('buildJsonLd', () => {
  it('describes the article, its FAQ and its breadcrumb with absolute URLs', () => {
    const [articleLd, faqLd, breadcrumb] = buildJsonLd({
      title: 'Cold Brew Coffee at Home',
      description: 'How to make cold brew.',
      url: 'https://acme.example/journal/cold-brew',
      business: { name: 'Acme Roasters', url: 'https://acme.example', blogUrl: 'https://acme.example/journal' },
      images: [image('featured'), image('infographic')],
      faq: [{ question: 'How long does cold brew keep?', answer: 'About a week.' }],
      datePublished: new Date('2026-12-01T09:00:00Z'),
      dateModified: new Date('2026-11-28T09:00:00Z'),
      keyword: 'cold brew coffee',
      appUrl: APP_URL,
    })
    // Media is served by the app: its images are addressed there, not on the customer's site.
    expect(articleLd).toMatchObject({
      '@type': 'Article',
      headline: 'Cold Brew Coffee at Home',
      image: [`${APP_URL}/media/biz123456789/featured.png`],
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://acme.example/journal/cold-brew' },
      publisher: { '@type': 'Organization', name: 'Acme Roasters', url: 'https://acme.example/' },
    })
    expect(faqLd).toMatchObject({ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'How long does cold brew keep?' }] })
    expect((breadcrumb as { itemListElement: Array<{ item: string }> }).itemListElement.map((item) => item.item)).toEqual([
      'https://acme.example/',
      'https://acme.example/journal',
      'https://acme.example/journal/cold-brew',
    ])
    expect(JSON.parse(JSON.stringify(articleLd))).toEqual(articleLd)
  })

  it('leaves out the FAQPage without an FAQ', () => {
    const graph = buildJsonLd({
      title: 'T',
      description: 'D',
      url: 'https://acme.example/t',
      business: { name: 'Acme', url: 'https://acme.example', blogUrl: null },
      images: [],
      faq: [],
      datePublished: new Date(),
      dateModified: new Date(),
      keyword: 'k',
      appUrl: APP_URL,
    })
    expect(graph.map((item) => item['@type'])).toEqual(['Article', 'BreadcrumbList'])
  })
})

/** Addresses the HTML sanitiser refuses: every one must be refused in JSON-LD too. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:image/png;base64,AAAA',
  'DATA:image/svg+xml,<svg onload=alert(1)>',
  'photo.png',
  '../photo.png',
  '/api/secret.png',
  '//evil.example/photo.png',
  '\\\\evil.example/photo.png',
  'ftp://files.example/photo.png',
]

const jsonLdInput = (overrides: Partial<JsonLdInput>): JsonLdInput => ({
  title: 'Cold Brew',
  description: 'How to make cold brew.',
  url: 'https://acme.example/journal/cold-brew',
  business: { name: 'Acme Roasters', url: 'https://acme.example', blogUrl: 'https://acme.example/journal' },
  images: [],
  faq: [],
  datePublished: new Date('2026-12-01T09:00:00Z'),
  dateModified: new Date('2026-12-01T09:00:00Z'),
  keyword: 'cold brew',
  appUrl: APP_URL,
  ...overrides,
})

const imageOf = (url: string, kind: ArticleImage['kind'] = 'inline'): ArticleImage => ({
  url,
  alt: 'a',
  prompt: '',
  kind,
  width: 0,
  height: 0,
})

describe('JSON-LD addresses follow the HTML sanitiser’s rule', () => {
  it.each(HOSTILE_URLS)('an image at %j: dropped from the HTML and from the JSON-LD', (url) => {
    const html = sanitizeArticleHtml(`<p>x</p><img src="${url.replaceAll('"', '&quot;')}" alt="a">`, { siteUrl: 'https://acme.example' })
    expect(html).not.toContain('<img')
    const [article] = buildJsonLd(jsonLdInput({ images: [imageOf(url, 'featured'), imageOf('https://cdn.example/kept.webp')] }))
    expect(article!.image).toEqual(['https://cdn.example/kept.webp'])
  })

  it('keeps what the sanitiser keeps, as absolute http(s) addresses', () => {
    const kept = ['https://cdn.example/a.webp', 'HTTP://CDN.EXAMPLE/b.png', ' https://cdn.example/c.png ', '/media/b1/d.png']
    const html = sanitizeArticleHtml(kept.map((url) => `<img src="${url}">`).join(''), { siteUrl: 'https://acme.example' })
    expect(html.match(/<img/g)).toHaveLength(4)
    const [article] = buildJsonLd(jsonLdInput({ images: kept.map((url) => imageOf(url)) }))
    expect(article!.image).toEqual([
      'https://cdn.example/a.webp',
      'http://cdn.example/b.png',
      'https://cdn.example/c.png',
      `${APP_URL}/media/b1/d.png`,
    ])
  })

  it.each(HOSTILE_URLS)('a business or article address of %j is left out, never passed on', (url) => {
    const graph = buildJsonLd(jsonLdInput({ url, business: { name: 'Acme Roasters', url, blogUrl: url } }))
    const text = JSON.stringify(graph)
    expect(text).not.toMatch(/script:|data:|evil|ftp:|photo\.png|secret/i)
    const [article, breadcrumb] = graph
    expect(article).not.toHaveProperty('mainEntityOfPage')
    expect(article!.publisher).toEqual({ '@type': 'Organization', name: 'Acme Roasters' })
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [] })
  })

  it('an address that fails drops only its own breadcrumb; the others keep their positions in order', () => {
    const graph = buildJsonLd(jsonLdInput({ business: { name: 'Acme', url: 'https://acme.example', blogUrl: 'javascript:alert(1)' } }))
    expect(graph.at(-1)!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Acme', item: 'https://acme.example/' },
      { '@type': 'ListItem', position: 2, name: 'Cold Brew', item: 'https://acme.example/journal/cold-brew' },
    ])
  })
})

describe('safeJsonLd', () => {
  it('drops every address field that is not absolute http(s), wherever it sits, and keeps the rest', () => {
    const stored = [
      {
        '@type': 'Article',
        headline: 'javascript:alert(1) is only text here',
        image: ['javascript:alert(1)', 'https://cdn.example/a.webp', { '@type': 'ImageObject', url: 'data:image/png;base64,AAAA' }],
        url: ' JaVaScRiPt:alert(1)',
        sameAs: ['//evil.example', 'https://social.example/acme'],
        publisher: { '@type': 'Organization', name: 'Acme', url: 'https://acme.example', logo: 'java\tscript:alert(1)' },
        mainEntityOfPage: { '@type': 'WebPage', '@id': 'relative/page' },
      },
      { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Acme', item: 'data:text/html,x' }] },
    ]
    expect(safeJsonLd(stored)).toEqual([
      {
        '@type': 'Article',
        headline: 'javascript:alert(1) is only text here',
        image: ['https://cdn.example/a.webp', { '@type': 'ImageObject' }],
        sameAs: ['https://social.example/acme'],
        publisher: { '@type': 'Organization', name: 'Acme', url: 'https://acme.example/' },
        mainEntityOfPage: { '@type': 'WebPage' },
      },
      { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Acme' }] },
    ])
  })

  it('leaves JSON-LD built by buildJsonLd as it is', () => {
    const graph = buildJsonLd(jsonLdInput({ images: [imageOf('/media/b1/a.png', 'featured')], faq: [{ question: 'Q?', answer: 'A.' }] }))
    expect(safeJsonLd(graph)).toEqual(graph)
  })
})

describe('foldThinSections', () => {
  const words = (count: number, word = 'grind') => Array.from({ length: count }, () => word).join(' ')
  const countWords = (blocks: string[]) => blocks.join(' ').split(/\s+/).filter(Boolean).length

  it('folds a thin H2 section, with its H3s, into the section above and numbers the listicle again', () => {
    const folded = foldThinSections(
      [
        { heading: '1. Ethiopian Yirgacheffe', level: 'h2', blocks: [words(120)] },
        { heading: '2. Where can you buy single-origin beans?', level: 'h2', blocks: [words(50)] },
        { heading: 'Online shops', level: 'h3', blocks: [words(20)] },
        { heading: '3. Colombian Huila', level: 'h2', blocks: [words(90)] },
        { heading: '4. Kenyan AA', level: 'h2', blocks: [words(85)] },
      ],
      80,
      countWords,
    )
    expect(folded.map(({ heading, level }) => `${level} ${heading}`)).toEqual([
      'h2 1. Ethiopian Yirgacheffe',
      'h3 Where can you buy single-origin beans?',
      'h3 Online shops',
      'h2 2. Colombian Huila',
      'h2 3. Kenyan AA',
    ])
    expect(countWords(folded.flatMap((section) => section.blocks))).toBe(365)
  })

  it('never folds a list below three items', () => {
    const items = [1, 2, 3, 4].map((n) => ({ heading: `${n}. Item ${n}`, level: 'h2' as const, blocks: [words(n === 1 ? 100 : 30)] }))
    expect(foldThinSections(items, 80, countWords).map(({ heading, level }) => `${level} ${heading}`)).toEqual([
      'h2 1. Item 1',
      'h3 Item 2',
      'h2 2. Item 3',
      'h2 3. Item 4',
    ])
  })

  it("numbers a how-to's steps again after folding one", () => {
    const steps = [1, 2, 3, 4].map((n) => ({ heading: `Step ${n}: Do ${n}`, level: 'h2' as const, blocks: [words(n === 2 ? 20 : 90)] }))
    expect(foldThinSections(steps, 80, countWords).map(({ heading }) => heading)).toEqual([
      'Step 1: Do 1',
      'Do 2',
      'Step 2: Do 3',
      'Step 3: Do 4',
    ])
  })

  it('keeps sections of enough words, a thin first section that has none above it, and a verdict', () => {
    const sections = [
      { heading: 'What is cold brew?', level: 'h2' as const, blocks: [words(40)] },
      { heading: 'Ratio', level: 'h2' as const, blocks: [words(60)] },
      { heading: 'Grind', level: 'h3' as const, blocks: [words(30)] },
      { heading: 'Verdict: which should you choose?', level: 'h2' as const, blocks: [words(40)] },
    ]
    expect(foldThinSections(sections, 80, countWords)).toEqual(sections)
  })
})
