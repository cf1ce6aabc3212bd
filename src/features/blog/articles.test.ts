import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ARTICLES, findArticle, summarize } from './articles'
import { formatLongDate } from './format-date'
import { parseMarkdown, plainText, type Block, type Inline } from './markdown'
import { socialImageFor } from './social-image'

const publicFile = (url: string) => join(import.meta.dirname, '../../../public', url)

function links(nodes: readonly Inline[]): string[] {
  return nodes.flatMap((node) =>
    node.type === 'link' ? [node.href, ...links(node.children)] : 'children' in node ? links(node.children) : [],
  )
}
function blockInlines(block: Block): Inline[][] {
  if (block.type === 'list') return block.items
  if (block.type === 'image') return []
  return [block.children]
}
const wordCount = (blocks: readonly Block[]) => blocks.flatMap(blockInlines).map(plainText).join(' ').split(/\s+/).filter(Boolean).length

describe('blog sample data (docs/product/entities.md "Blog article")', () => {
  it('has at least one article, newest first, with unique slugs', () => {
    expect(ARTICLES.length).toBeGreaterThan(0)
    const dates = ARTICLES.map((article) => article.publishedAt)
    expect(dates).toEqual([...dates].sort().reverse())
    const slugs = ARTICLES.map((article) => article.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
  })

  it('summaries carry exactly the documented fields', () => {
    for (const article of ARTICLES) {
      expect(Object.keys(summarize(article)).sort()).toEqual(['images', 'keywords', 'metaDescription', 'publishedAt', 'slug', 'title'])
    }
  })

  it('finds an article by slug, and nothing for an unknown one', () => {
    expect(findArticle(ARTICLES[0].slug)).toBe(ARTICLES[0])
    expect(findArticle('no-such-article')).toBeUndefined()
  })

  describe.each(ARTICLES.map((article) => [article.slug, article] as const))('%s', (_slug, article) => {
    const blocks = parseMarkdown(article.body)

    it('has a URL-safe slug, a real date and a meta description of at most 160 characters', () => {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(article.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(Number.isNaN(Date.parse(article.publishedAt))).toBe(false)
      expect(article.metaDescription.length).toBeGreaterThan(70)
      expect(article.metaDescription.length).toBeLessThanOrEqual(160)
      expect(article.title.length).toBeLessThanOrEqual(60)
    })

    it('has keywords, and images that exist in public/ with meaningful alt text', () => {
      expect(article.keywords.length).toBeGreaterThan(0)
      expect(article.images.length).toBeGreaterThan(0)
      for (const image of article.images) {
        expect(existsSync(publicFile(image.url)), image.url).toBe(true)
        expect(image.alt.length, image.url).toBeGreaterThan(30)
      }
    })

    it('has its social card (the hero as PNG) in public/', () => {
      expect(existsSync(publicFile(socialImageFor(article).url))).toBe(true)
    })

    it('is a substantial article: headings, lists, and over 1,000 words', () => {
      expect(blocks.filter((block) => block.type === 'heading').length).toBeGreaterThanOrEqual(5)
      expect(blocks.some((block) => block.type === 'list')).toBe(true)
      expect(wordCount(blocks)).toBeGreaterThan(1000)
    })

    it('places only images it has, and links only to articles that exist', () => {
      for (const block of blocks) if (block.type === 'image') expect(article.images[block.index], `image ${block.index}`).toBeDefined()
      const internal = blocks
        .flatMap(blockInlines)
        .flatMap(links)
        .filter((href) => href.startsWith('/'))
      for (const href of internal) expect(findArticle(href.replace(/^\/blog\//, '')), href).toBeDefined()
    })
  })
})

describe('formatLongDate', () => {
  it.each([
    ['2025-03-04', 'March 4, 2025'],
    ['2025-12-31', 'December 31, 2025'],
    ['2025-01-01T23:30:00Z', 'January 1, 2025'],
  ])('%s → %s (English (US), long month, whatever the time zone)', (iso, text) => {
    expect(formatLongDate(iso)).toBe(text)
  })
})
