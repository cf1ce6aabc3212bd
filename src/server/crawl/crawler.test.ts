import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { crawlSite, normalizeSiteInput } from './crawler'
import { createSafeFetcher } from '~/server/outbound/safe-fetch'
import { html, text, useTestSite, xml } from '~tests/fixtures/test-site'

const UA = 'RankpilotBot/1.0 (+https://rankpilot.test)'
const fetcher = createSafeFetcher({ userAgent: UA, allowLoopback: true })

const HOME = `<!doctype html>
<html lang="en-GB">
<head>
  <title>Acme Bakery | Fresh bread in Leeds</title>
  <meta name="description" content="Sourdough and pastries baked every morning in Leeds.">
  <link rel="canonical" href="/">
  <meta property="og:site_name" content="Acme Bakery">
  <meta property="og:image" content="/img/loaf.jpg">
</head>
<body>
  <nav><a href="/about">About</a> <a href="/services">Services</a> <a href="/pricing">Pricing</a>
    <a href="/blog/">Blog</a> <a href="https://instagram.com/acme">Instagram</a></nav>
  <main>
    <h1>Fresh bread, every morning</h1>
    <p>We bake sourdough, rye and pastries from scratch before sunrise, using flour milled in Yorkshire.</p>
    <h2>Our loaves</h2><p>Country sourdough, seeded rye and a weekend brioche, all slow-fermented for 36 hours.</p>
    <h3>Wholesale</h3><p>Cafés across Leeds serve our bread; ask us about daily deliveries for your kitchen.</p>
  </main>
</body>
</html>`

const sub = (title: string, heading: string) =>
  html(
    `<html><head><title>${title}</title><meta name="description" content="${heading} at Acme."></head><body><h1>${heading}</h1><p>${heading} text.</p></body></html>`,
  )

const site = useTestSite()
const sleeps: number[] = []
afterEach(() => {
  sleeps.length = 0
})

function serveBakery() {
  const origin = site.origin
  site.routes.set(
    '/robots.txt',
    text(
      `User-agent: *\nDisallow: /about\n\nUser-agent: RankpilotBot\nDisallow: /pricing\nCrawl-delay: 1\n\nSitemap: ${origin}/sitemap_index.xml\n`,
    ),
  )
  site.routes.set('/', html(HOME))
  site.routes.set(
    '/sitemap_index.xml',
    xml(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap>
  <sitemap><loc>${origin}/sitemap-posts.xml.gz</loc></sitemap>
</sitemapindex>`),
  )
  site.routes.set(
    '/sitemap-pages.xml',
    xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}/</loc><lastmod>2024-05-01</lastmod></url>
  <url><loc>${origin}/pricing</loc><lastmod>2024-05-02T10:00:00+02:00</lastmod></url>
</urlset>`),
  )
  site.routes.set('/sitemap-posts.xml.gz', (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/gzip' }).end(
      gzipSync(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}/blog/rye-guide</loc><lastmod>2024-04-20</lastmod></url>
</urlset>`),
    ),
  )
  site.routes.set('/about', sub('About Acme', 'Our story'))
  site.routes.set('/services', sub('Services', 'Wholesale baking'))
  site.routes.set('/pricing', sub('Pricing', 'Prices'))
  site.routes.set('/blog/', sub('Blog', 'Baking notes'))
}

describe('crawlSite on a local test site', () => {
  it('reads robots, the sitemap index and its children, and the important pages', async () => {
    serveBakery()
    const result = await crawlSite(site.origin, { fetcher, sleep: async (ms) => void sleeps.push(ms) })
    const origin = site.origin

    expect(result.url).toBe(`${origin}/`)
    expect(result.robotsTxtUrl).toBe(`${origin}/robots.txt`)
    const [home] = result.pages
    expect(home).toMatchObject({
      role: 'home',
      title: 'Acme Bakery | Fresh bread in Leeds',
      description: 'Sourdough and pastries baked every morning in Leeds.',
      canonical: `${origin}/`,
      lang: 'en-GB',
      siteName: 'Acme Bakery',
      image: `${origin}/img/loaf.jpg`,
      headings: [
        { level: 1, text: 'Fresh bread, every morning' },
        { level: 2, text: 'Our loaves' },
        { level: 3, text: 'Wholesale' },
      ],
    })
    expect(home!.text).toContain('flour milled in Yorkshire')
    expect(home!.links).toContainEqual({ url: 'https://instagram.com/acme', text: 'Instagram', internal: false })

    expect(result.sitemapUrl).toBe(`${origin}/sitemap_index.xml`)
    expect(result.sitemaps).toEqual([`${origin}/sitemap_index.xml`, `${origin}/sitemap-pages.xml`, `${origin}/sitemap-posts.xml.gz`])
    expect(result.sitemapEntries).toEqual([
      { url: `${origin}/`, lastmod: '2024-05-01T00:00:00.000Z' },
      { url: `${origin}/pricing`, lastmod: '2024-05-02T08:00:00.000Z' },
      { url: `${origin}/blog/rye-guide`, lastmod: '2024-04-20T00:00:00.000Z' },
    ])
    expect(result.blogUrl).toBe(`${origin}/blog/`)

    // The RankpilotBot group replaces the * group: /about is fetched, /pricing never is.
    expect(result.pages.map((page) => [page.role, page.title])).toEqual([
      ['home', 'Acme Bakery | Fresh bread in Leeds'],
      ['about', 'About Acme'],
      ['services', 'Services'],
      ['blog', 'Blog'],
    ])
    expect(result.pages[2]!.headings).toEqual([{ level: 1, text: 'Wholesale baking' }])
    expect(site.requests.some((request) => request.path === '/pricing')).toBe(false)
    expect(result.warnings).toEqual([`${origin}/pricing is blocked by the site's robots.txt for RankpilotBot, so we do not fetch it.`])

    // One request at a time, each from RankpilotBot, pausing for the robots.txt Crawl-delay.
    expect(new Set(site.requests.map((request) => request.headers['user-agent']))).toEqual(new Set([UA]))
    expect(sleeps).toEqual([1000, 1000, 1000])
  })

  it('refuses a site whose robots.txt disallows us, without fetching the page', async () => {
    site.routes.set('/robots.txt', text('User-agent: RankpilotBot\nDisallow: /\n'))
    site.routes.set('/', html(HOME))
    await expect(crawlSite(site.origin, { fetcher, sleep: async () => {} })).rejects.toMatchObject({
      kind: 'robots',
      message: `${site.origin}/ is blocked by the site's robots.txt for RankpilotBot, so we do not fetch it.`,
    })
    expect(site.requests.map((request) => request.path)).toEqual(['/robots.txt'])
  })

  it('crawls without robots.txt or a sitemap, and turns a failing page into a warning', async () => {
    site.routes.set('/', html(HOME))
    site.routes.set('/about', sub('About Acme', 'Our story'))
    site.routes.set('/services', (_request, response) => response.writeHead(500, { 'content-type': 'text/html' }).end('oops'))
    const result = await crawlSite(site.origin, { fetcher, maxPages: 3, sleep: async (ms) => void sleeps.push(ms) })
    expect(result.robotsTxtUrl).toBeUndefined()
    expect(result.sitemapUrl).toBeUndefined()
    expect(result.sitemapEntries).toEqual([])
    expect(result.pages.map((page) => page.role)).toEqual(['home', 'about'])
    expect(result.warnings).toEqual([`We could not reach ${site.origin}/services: the site answered 500 (Internal Server Error).`])
    expect(sleeps).toEqual([500, 500])
  })

  it('counts the pages it fetched: a disallowed page is never planned, a failing one drops out', async () => {
    site.routes.set('/robots.txt', text('User-agent: *\nDisallow: /pricing\n'))
    site.routes.set('/', html(HOME))
    site.routes.set('/about', sub('About Acme', 'Our story'))
    site.routes.set('/services', (_request, response) => response.writeHead(500, { 'content-type': 'text/html' }).end('oops'))
    site.routes.set('/blog/', sub('Acme journal', 'Journal'))
    const reports: { done: number; total: number; message: string }[] = []
    const result = await crawlSite(site.origin, { fetcher, sleep: async () => {}, onProgress: (progress) => reports.push(progress) })
    expect(result.pages.map((page) => page.role)).toEqual(['home', 'about', 'blog'])
    expect(reports.map(({ done, total }) => `${done} of ${total}`)).toEqual([
      '0 of 1', // robots.txt
      '0 of 1', // the home page
      '1 of 1', // the sitemap (none here)
      '1 of 4', // about; /pricing is disallowed, so never counted
      '2 of 4', // services, which fails…
      '2 of 3', // …and drops out before the blog
      '3 of 3',
    ])
    expect(reports.at(-1)?.message).toBe('Fetched 3 pages')
  })

  it('reports an unreachable home page as the crawl error', async () => {
    await expect(crawlSite(site.origin, { fetcher, sleep: async () => {} })).rejects.toThrow(
      `We could not reach ${site.origin}/: the site answered 404 (Not Found).`,
    )
  })

  it('refuses the loopback site without the test flag, before any request', async () => {
    site.routes.set('/', html(HOME))
    const strict = createSafeFetcher({ userAgent: UA })
    await expect(crawlSite(site.origin, { fetcher: strict })).rejects.toThrow(
      `${site.origin}/robots.txt points to a loopback address (this server itself), which we do not fetch.`,
    )
    expect(site.requests).toEqual([])
  })

  it('warns about a declared sitemap it cannot read', async () => {
    site.routes.set('/robots.txt', text(`Sitemap: ${site.origin}/gone.xml\n`))
    site.routes.set('/', html('<title>Tiny</title><h1>Tiny</h1>'))
    const result = await crawlSite(site.origin, { fetcher, sleep: async () => {} })
    expect(result.warnings).toEqual([`We could not reach ${site.origin}/gone.xml: the site answered 404 (Not Found).`])
    expect(result.pages).toHaveLength(1)
  })
})

describe('normalizeSiteInput', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  example.com/about ', 'https://example.com/about'],
    ['example.com:8080', 'https://example.com:8080'],
    ['http://example.com', 'http://example.com'],
    ['ftp://example.com', 'ftp://example.com'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSiteInput(input)).toBe(expected)
  })
})
