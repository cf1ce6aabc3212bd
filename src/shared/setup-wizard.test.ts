import { describe, expect, it } from 'vitest'
import { seedsInput, siteStructureInput } from './setup-wizard'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

// Setup step 3 and settings share these rules (docs/product/pipeline.md).
describe('siteStructureInput', () => {
  it('lets a site without a sitemap or a blog leave them empty, saved as null', () => {
    expect(siteStructureInput.parse({ sitemapUrl: '', blogUrl: 'https://acme.example/blog', bestArticles: [] })).toEqual({
      sitemapUrl: null,
      blogUrl: 'https://acme.example/blog',
      bestArticles: [],
    })
    expect(siteStructureInput.parse({ sitemapUrl: 'https://acme.example/sitemap.xml', blogUrl: '', bestArticles: [] })).toEqual({
      sitemapUrl: 'https://acme.example/sitemap.xml',
      blogUrl: null,
      bestArticles: [],
    })
  })

  it('still refuses a malformed blog address', () => {
    expect(messagesOf(siteStructureInput.safeParse({ sitemapUrl: '', blogUrl: 'our blog', bestArticles: [] }))).toEqual([
      ['blogUrl', 'Blog URL must be a web address such as https://example.com.'],
    ])
  })

  it('names the field of a bad address, best articles included', () => {
    const result = siteStructureInput.safeParse({
      sitemapUrl: 'sitemap please',
      blogUrl: 'https://acme.example/blog',
      bestArticles: ['https://acme.example/blog/a', 'ftp://acme.example/b'],
    })
    expect(messagesOf(result)).toEqual([
      ['sitemapUrl', 'Sitemap URL must be a web address such as https://example.com.'],
      ['bestArticles.1', 'Article URL must start with http:// or https://.'],
    ])
  })
})

describe('seedsInput', () => {
  it('trims, drops blanks and duplicates, and refuses more than 30 or a seed over 100 characters', () => {
    expect(seedsInput.parse({ seeds: [' cold brew ', '', 'cold brew', 'espresso beans'] })).toEqual({
      seeds: ['cold brew', 'espresso beans'],
    })
    expect(messagesOf(seedsInput.safeParse({ seeds: Array.from({ length: 31 }, (_, index) => `seed ${index}`) }))).toEqual([
      ['seeds', 'Seed keywords can have at most 30 entries.'],
    ])
    expect(messagesOf(seedsInput.safeParse({ seeds: ['x'.repeat(101)] }))).toEqual([
      ['seeds.0', 'A seed keyword can be at most 100 characters.'],
    ])
  })
})
