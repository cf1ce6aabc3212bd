import { describe, expect, it } from 'vitest'
import { ARTICLES } from '~/features/blog/articles'
import { BLOG_CLASSIC_PAGE } from './public-pages'
import { buildSitemapXml, sitemapEntries } from './sitemap'

describe('sitemapEntries', () => {
  it('lists home, the blog, every article and both legal pages, once each', () => {
    const paths = sitemapEntries().map((entry) => entry.path)
    expect(paths).toEqual(['/', '/blog', ...ARTICLES.map((article) => `/blog/${article.slug}`), '/terms-of-service', '/privacy-policy'])
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('leaves out the classic blog list, whose canonical URL is /blog', () => {
    expect(sitemapEntries().map((entry) => entry.path)).not.toContain(BLOG_CLASSIC_PAGE.path)
  })

  it('dates each article by its publishedAt and the blog by the newest article', () => {
    const entries = sitemapEntries([
      { slug: 'older', publishedAt: '2025-01-02' },
      { slug: 'newer', publishedAt: '2025-02-03' },
    ])
    expect(entries.find((entry) => entry.path === '/blog/older')?.lastModified).toBe('2025-01-02')
    expect(entries.find((entry) => entry.path === '/blog/newer')?.lastModified).toBe('2025-02-03')
    expect(entries.find((entry) => entry.path === '/blog')?.lastModified).toBe('2025-02-03')
    expect(entries.find((entry) => entry.path === '/')?.lastModified).toBeUndefined()
  })
})

describe('buildSitemapXml', () => {
  const xml = buildSitemapXml('https://rankpilot.example', [{ path: '/' }, { path: '/blog/a', lastModified: '2025-03-04' }])

  it('is a sitemaps.org urlset with absolute locations on APP_URL', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain('<url><loc>https://rankpilot.example/</loc></url>')
    expect(xml).toContain('<url><loc>https://rankpilot.example/blog/a</loc><lastmod>2025-03-04</lastmod></url>')
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
  })

  it('escapes XML special characters in locations', () => {
    expect(buildSitemapXml('https://example.com', [{ path: '/a?b=1&c=2' }])).toContain('<loc>https://example.com/a?b=1&amp;c=2</loc>')
  })
})
