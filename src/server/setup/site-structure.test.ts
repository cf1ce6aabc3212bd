import { describe, expect, it } from 'vitest'
import { detectBlogUrl, MAX_ARTICLE_CANDIDATES, proposeArticles } from './site-structure'

const HOME = 'https://shop.example.com/'
const entry = (path: string, lastmod?: string) => ({ url: `https://shop.example.com${path}`, lastmod })

describe('detectBlogUrl', () => {
  it('keeps the crawler’s find', () => {
    expect(detectBlogUrl(HOME, 'https://shop.example.com/insights', [entry('/news/a')])).toBe('https://shop.example.com/insights')
  })

  it.each([
    [[entry('/articles/a'), entry('/articles/b'), entry('/news/c')], 'https://shop.example.com/articles'],
    [[entry('/journal/one')], 'https://shop.example.com/journal'],
    // A tie goes to the more common section name.
    [[entry('/news/a'), entry('/blog/b')], 'https://shop.example.com/blog'],
  ])('finds the section most posts sit under (%#)', (entries, expected) => {
    expect(detectBlogUrl(HOME, undefined, entries)).toBe(expected)
  })

  it('is null for a site without a blog section', () => {
    expect(detectBlogUrl(HOME, undefined, [entry('/about'), entry('/pricing')])).toBeNull()
  })
})

describe('proposeArticles', () => {
  it('proposes posts under the blog (not the section page), newest first, then the most linked', () => {
    const entries = [
      entry('/blog'),
      entry('/blog/old', '2024-01-01'),
      entry('/blog/new', '2025-06-01'),
      entry('/blog/undated-a'),
      entry('/blog/undated-b'),
      entry('/pricing', '2025-07-01'),
    ]
    const links = ['https://shop.example.com/blog/undated-b', 'https://shop.example.com/blog/undated-b/']
    expect(
      proposeArticles(entries, links, 'https://shop.example.com/blog').map((a) => [a.url.replace('https://shop.example.com', ''), a.links]),
    ).toEqual([
      ['/blog/new', 0],
      ['/blog/old', 0],
      ['/blog/undated-b', 2],
      ['/blog/undated-a', 0],
    ])
  })

  it('lists a post once and at most MAX_ARTICLE_CANDIDATES', () => {
    const entries = Array.from({ length: 30 }, (_, i) =>
      entry(`/news/post-${String(i).padStart(2, '0')}`, `2025-01-${String((i % 28) + 1).padStart(2, '0')}`),
    )
    const proposed = proposeArticles([...entries, entries[0]], [], null)
    expect(proposed).toHaveLength(MAX_ARTICLE_CANDIDATES)
    expect(new Set(proposed.map((a) => a.url)).size).toBe(MAX_ARTICLE_CANDIDATES)
  })

  it('proposes nothing without blog posts', () => {
    expect(proposeArticles([entry('/'), entry('/about')], [], null)).toEqual([])
  })
})
