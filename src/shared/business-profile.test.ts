import { describe, expect, it } from 'vitest'
import {
  articleSettingsFields,
  businessProfileSchema,
  httpUrl,
  normalizeSiteAddress,
  siteStructureSchema,
  webAddressProblem,
} from './business-profile'
import { addCompetitorInput } from './setup-wizard'

/** Addresses that must never be accepted, with the problem each one is reported as. */
const REFUSED: [string, 'invalid' | 'scheme' | 'credentials'][] = [
  ['javascript:alert(1)', 'scheme'],
  ['JavaScript:alert(document.cookie)//example.com', 'scheme'],
  ['data:text/html,<script>alert(1)</script>', 'scheme'],
  ['vbscript:msgbox(1)', 'scheme'],
  ['file:///etc/passwd', 'scheme'],
  ['ftp://example.com/file', 'scheme'],
  ['mailto:ann@example.com', 'scheme'],
  ['httpjavascript:alert(1)', 'scheme'],
  ['https-evil:alert(1)', 'scheme'],
  ['http:/example.com', 'invalid'],
  ['http:example.com', 'invalid'],
  ['https:\\\\example.com', 'invalid'],
  ['http://example.com\\@evil.com', 'invalid'],
  ['https://exam ple.com', 'invalid'],
  ['https://example.com/\npath', 'invalid'],
  ['https://exa\tmple.com', 'invalid'],
  ['https://localhost', 'invalid'],
  ['https://.com', 'invalid'],
  ['https://', 'invalid'],
  ['http://[::1]/', 'invalid'],
  ['https://user:pass@example.com', 'credentials'],
  ['https://user@example.com', 'credentials'],
  ['https://:secret@example.com', 'credentials'],
  ['https://@example.com', 'credentials'],
  ['https://example.com@evil.com', 'credentials'],
  ['HTTP://admin:admin@shop.example.com:8080/admin', 'credentials'],
  ['not a website', 'invalid'],
  ['', 'invalid'],
]

const ACCEPTED = [
  'https://example.com',
  'http://example.com',
  'HTTPS://Example.COM/Path',
  'https://shop.example.co.uk:8443/en/?q=a@b.com#top',
  'https://xn--bcher-kva.example/',
  'https://bücher.example/',
  'http://203.0.113.5/',
]

describe('webAddressProblem', () => {
  it.each(REFUSED)('refuses %j as %s', (value, problem) => {
    expect(webAddressProblem(value)).toBe(problem)
  })

  it.each(ACCEPTED)('accepts %j', (value) => {
    expect(webAddressProblem(value)).toBeUndefined()
  })
})

describe('normalizeSiteAddress (site address entry)', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['  http://example.com/blog  ', 'http://example.com/blog'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['example.com', 'https://example.com'],
    ['shop.example.com:8080/en', 'https://shop.example.com:8080/en'],
    // Starts with the letters "http" but has no scheme: a host, so it gets https:// like any other.
    ['httpbin.org', 'https://httpbin.org'],
    ['https-tools.example/path', 'https://https-tools.example/path'],
  ])('%j → %j', (input, url) => {
    expect(normalizeSiteAddress(input)).toEqual({ ok: true, url })
  })

  it.each([
    ...REFUSED.map(([value]) => value),
    'user@example.com',
    'user:pass@example.com',
    'http',
    'https',
    'http:',
    'http//example.com',
    'example',
    'my plumbing site',
    '   ',
  ])('refuses %j, returning it unchanged', (input) => {
    expect(normalizeSiteAddress(input)).toEqual({ ok: false, value: input })
  })

  it('never returns an address the URL schemas refuse', () => {
    const schema = httpUrl('Website')
    for (const input of [...REFUSED.map(([value]) => value), ...ACCEPTED, 'example.com', 'user@example.com', 'httpbin.org']) {
      const result = normalizeSiteAddress(input)
      if (result.ok) expect(schema.safeParse(result.url).success, input).toBe(true)
    }
  })
})

describe('httpUrl and the schemas built on it', () => {
  const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message)

  it.each([
    ['javascript:alert(1)', 'Competitor website must start with http:// or https://.'],
    ['data:text/html,hi', 'Competitor website must start with http:// or https://.'],
    ['https://user:pass@rival.com', 'Competitor website must not contain a user name or password.'],
    ['http:/rival.com', 'Competitor website must be a web address such as https://example.com.'],
    ['rival', 'Competitor website must be a web address such as https://example.com.'],
  ])('a competitor address %j is refused: %s', (url, message) => {
    expect(messageOf(addCompetitorInput.safeParse({ businessId: 'b1', url }))).toEqual([message])
  })

  it('names the field in every schema that takes an address', () => {
    const profile = { name: 'Acme', description: 'Coffee', url: 'javascript:alert(1)' }
    expect(messageOf(businessProfileSchema.safeParse(profile))).toEqual(['Website must start with http:// or https://.'])
    const structure = (values: object) => siteStructureSchema.safeParse({ sitemapUrl: '', blogUrl: '', bestArticles: [], ...values })
    const sitemap = structure({ sitemapUrl: 'https://a:b@example.com/sitemap.xml' })
    expect(messageOf(sitemap)).toEqual(['Sitemap URL must not contain a user name or password.'])
    expect(messageOf(structure({ blogUrl: 'data:text/html,x' }))).toEqual(['Blog URL must start with http:// or https://.'])
    const articles = structure({ bestArticles: ['https://example.com/a', 'javascript:void(0)'] })
    expect(messageOf(articles)).toEqual(['Article URL must start with http:// or https://.'])
  })

  it('keeps an accepted address as typed, trimmed', () => {
    expect(httpUrl('Website').parse('  https://Example.com/Path?x=1  ')).toBe('https://Example.com/Path?x=1')
    expect(siteStructureSchema.parse({ sitemapUrl: '', blogUrl: 'https://example.com/blog', bestArticles: [] })).toMatchObject({
      sitemapUrl: null,
      blogUrl: 'https://example.com/blog',
    })
  })
})

describe('keywordRegion', () => {
  const region = articleSettingsFields.shape.keywordRegion
  it('accepts every country of the markets table, in any case, and UK as GB', () => {
    expect(region.parse('IT')).toBe('IT')
    expect(region.parse(' jp ')).toBe('JP')
    expect(region.parse('uk')).toBe('GB')
    expect(region.parse('BR')).toBe('BR')
  })

  it('refuses a code outside the table with the form’s message', () => {
    for (const code of ['ZZ', 'RU', '', 'Italy'])
      expect(region.safeParse(code).error?.issues[0]?.message, code).toBe('Choose a region from the list.')
  })
})
