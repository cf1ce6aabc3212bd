import { describe, expect, it } from 'vitest'
import type { ArticleImage } from '~/shared/articles/article'
import {
  addInternalLinks,
  assembleMarkdown,
  buildJsonLd,
  fitText,
  slugify,
  uniqueSlug,
  withoutInternalLink,
  type WrittenSection,
} from './assemble'

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
    })
    expect(articleLd).toMatchObject({
      '@type': 'Article',
      headline: 'Cold Brew Coffee at Home',
      image: ['https://acme.example/media/biz123456789/featured.png'],
    })
    expect(faqLd).toMatchObject({ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'How long does cold brew keep?' }] })
    expect((breadcrumb as { itemListElement: Array<{ item: string }> }).itemListElement.map((item) => item.item)).toEqual([
      'https://acme.example',
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
    })
    expect(graph.map((item) => item['@type'])).toEqual(['Article', 'BreadcrumbList'])
  })
})
