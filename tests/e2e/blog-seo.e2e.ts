import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { ARTICLES } from '~/features/blog/articles'
import { formatLongDate } from '~/features/blog/format-date'
import { BLOG_CLASSIC_PAGE, BLOG_PAGE, PRIVACY_PAGE, TERMS_PAGE } from '~/features/seo/public-pages'
import { sitemapEntries } from '~/features/seo/sitemap'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2eServer } from '../fixtures/e2e-server'
import { deferredScriptUrls } from '../fixtures/page-scripts'

// The blog, the legal pages and our own technical SEO (docs/product/routes.md), over plain
// HTTP as a crawler sees them (the server's APP_URL is its base URL), then in Chromium.
const server = e2eServer()
const APP_NAME = 'Rankpilot'
const NOT_FOUND_TEXT = 'The page you are looking for does not exist.'
/** Client navigations wait for server functions: more than expect.poll's default second. */
const POLL = { timeout: 10_000 }

const get = (path: string) => createHttpClient(server.baseUrl).request(path, { redirect: 'manual' })

/** The HTML with every <script> element removed: what is there before (and without) any script. */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function headTag(html: string, attribute: 'name' | 'property', key: string) {
  const tags = [...html.matchAll(new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`, 'g'))]
  return tags.map((match) => decode(match[1]))
}
const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) => match[1])
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  )

interface PageCase {
  path: string
  title: string
  /** Text of the page's own content (its h1), which must be in the server-rendered markup. */
  heading: string
  description: string
  canonical: string
  jsonLdTypes: string[]
}

const PAGES: PageCase[] = [
  {
    path: '/blog',
    title: 'Rankpilot | Blog',
    heading: 'Search traffic, explained without the jargon',
    description: BLOG_PAGE.description(APP_NAME),
    canonical: '/blog',
    jsonLdTypes: ['BreadcrumbList'],
  },
  {
    path: '/blog/index_old',
    title: BLOG_CLASSIC_PAGE.title(APP_NAME),
    heading: 'Blog',
    description: BLOG_CLASSIC_PAGE.description(APP_NAME),
    // The same articles as /blog: the canonical URL says so.
    canonical: '/blog',
    jsonLdTypes: ['BreadcrumbList'],
  },
  ...ARTICLES.map((article) => ({
    path: `/blog/${article.slug}`,
    title: 'Rankpilot | blog article',
    heading: article.title,
    description: article.metaDescription,
    canonical: `/blog/${article.slug}`,
    jsonLdTypes: ['Article', 'BreadcrumbList'],
  })),
  {
    path: '/terms-of-service',
    title: 'Rankpilot | Terms of Service',
    heading: 'Terms of Service',
    description: TERMS_PAGE.description(APP_NAME),
    canonical: '/terms-of-service',
    jsonLdTypes: ['BreadcrumbList'],
  },
  {
    path: '/privacy-policy',
    title: 'Rankpilot | Privacy Policy',
    heading: 'Privacy Policy',
    description: PRIVACY_PAGE.description(APP_NAME),
    canonical: '/privacy-policy',
    jsonLdTypes: ['BreadcrumbList'],
  },
]

describe('public pages, server-rendered', () => {
  describe.each(PAGES)('$path', (page) => {
    let response: Response
    let html: string
    beforeAll(async () => {
      response = (await get(page.path)).response
      html = await response.text()
    })

    it('answers 200 with its exact title and its heading in the HTML, without any script', () => {
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/text\/html/)
      const markup = withoutScripts(html)
      expect(markup).toContain(`<title>${page.title}</title>`)
      expect(decode(markup)).toMatch(new RegExp(`<h1[^>]*>${page.heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`))
    })

    it('has its own meta description and an absolute canonical URL on APP_URL', () => {
      expect(headTag(html, 'name', 'description')).toEqual([page.description])
      expect(canonicalOf(html)).toEqual([`${server.baseUrl}${page.canonical}`])
    })

    it('has Open Graph and Twitter tags with absolute URLs on APP_URL', () => {
      expect(headTag(html, 'property', 'og:url')).toEqual([`${server.baseUrl}${page.canonical}`])
      expect(headTag(html, 'property', 'og:title')).toHaveLength(1)
      expect(headTag(html, 'property', 'og:description')).toEqual([page.description])
      expect(headTag(html, 'property', 'og:site_name')).toEqual([APP_NAME])
      expect(headTag(html, 'name', 'twitter:card')).toEqual(['summary_large_image'])
      expect(headTag(html, 'name', 'twitter:title')).toHaveLength(1)
      const [image] = headTag(html, 'property', 'og:image')
      expect(image).toMatch(new RegExp(`^${server.baseUrl}/.+\\.png$`))
      expect(headTag(html, 'name', 'twitter:image')).toEqual([image])
      expect(headTag(html, 'property', 'og:image:alt')[0]?.length).toBeGreaterThan(10)
    })

    it('has JSON-LD that parses, with the right types and URLs on APP_URL', () => {
      const data = jsonLdOf(html)
      expect(data.map((item) => item['@type'])).toEqual(page.jsonLdTypes)
      for (const item of data) expect(item['@context']).toBe('https://schema.org')
      const breadcrumbs = data.find((item) => item['@type'] === 'BreadcrumbList') as {
        itemListElement: Array<{ item: string; position: number }>
      }
      expect(breadcrumbs.itemListElement[0]).toMatchObject({ position: 1, item: `${server.baseUrl}/` })
      for (const crumb of breadcrumbs.itemListElement) expect(crumb.item.startsWith(`${server.baseUrl}/`)).toBe(true)
    })

    it('sets no cookie (the privacy policy promises none before sign-in)', () => {
      expect(response.headers.getSetCookie()).toEqual([])
    })
  })

  it('/blog/ leads to /blog', async () => {
    const { response } = await get('/blog/')
    expect([301, 307, 308]).toContain(response.status)
    expect(new URL(response.headers.get('location') ?? '', server.baseUrl).pathname).toBe('/blog')
    const { response: followed, url } = await createHttpClient(server.baseUrl).get('/blog/')
    expect(url.pathname).toBe('/blog')
    expect(await followed.text()).toContain('<title>Rankpilot | Blog</title>')
  })

  it('/blog lists every article: title, description, hero image with alt, US date, keywords and link', async () => {
    const html = decode(withoutScripts(await (await get('/blog')).response.text()))
    for (const article of ARTICLES) {
      expect(html).toContain(`href="/blog/${article.slug}"`)
      expect(html).toContain(article.title)
      expect(html).toContain(article.metaDescription)
      expect(html).toContain(`alt="${article.images[0].alt}"`)
      expect(html).toContain(`<time dateTime="${article.publishedAt}"`)
      expect(html).toContain(formatLongDate(article.publishedAt))
      for (const keyword of article.keywords) expect(html).toContain(`>${keyword}</li>`)
    }
    expect(formatLongDate('2025-03-04')).toBe('March 4, 2025')
  })

  it('/blog/index_old lists the same articles in the plain layout', async () => {
    const html = decode(withoutScripts(await (await get('/blog/index_old')).response.text()))
    for (const article of ARTICLES) {
      expect(html).toContain(`href="/blog/${article.slug}"`)
      expect(html).toContain(article.title)
      expect(html).toContain(formatLongDate(article.publishedAt))
      expect(html).toContain(`Keywords: ${article.keywords.join(', ')}`)
    }
  })

  it.each(ARTICLES.map((article) => [article.slug, article] as const))(
    'the article %s renders its body, images and Article JSON-LD',
    async (_slug, article) => {
      const html = await (await get(`/blog/${article.slug}`)).response.text()
      const markup = decode(withoutScripts(html))
      for (const image of article.images) expect(markup).toContain(`alt="${image.alt}"`)
      for (const keyword of article.keywords) expect(markup).toContain(`>${keyword}</li>`)
      expect(markup).toContain(formatLongDate(article.publishedAt))
      expect(markup.match(/<h2[^>]*>/g)?.length).toBeGreaterThanOrEqual(5)

      const [jsonLd] = jsonLdOf(html)
      expect(jsonLd).toMatchObject({
        '@type': 'Article',
        headline: article.title,
        description: article.metaDescription,
        datePublished: article.publishedAt,
        keywords: article.keywords.join(', '),
        author: { '@type': 'Organization', name: APP_NAME },
        publisher: { '@type': 'Organization', name: APP_NAME, logo: { url: `${server.baseUrl}/logo.svg` } },
      })
      const images = jsonLd.image as string[]
      expect(images.length).toBe(article.images.length + 1)
      for (const image of images) {
        expect(image.startsWith(`${server.baseUrl}/`)).toBe(true)
        expect((await get(new URL(image).pathname)).response.status, image).toBe(200)
      }
      expect(headTag(html, 'property', 'og:type')).toEqual(['article'])
      expect(headTag(html, 'property', 'og:title')).toEqual([article.title])
      expect(headTag(html, 'property', 'article:published_time')).toEqual([article.publishedAt])
    },
  )

  it('keeps article bodies out of the JavaScript the blog loads', async () => {
    const html = await (await get('/blog')).response.text()
    const scripts = deferredScriptUrls(html)
    expect(scripts.length).toBeGreaterThan(0)
    const sentence = ARTICLES[0].body.trim().split('\n')[0].slice(0, 60)
    for (const script of scripts) expect(await (await get(script)).response.text(), script).not.toContain(sentence)
  })
})

describe('unknown article', () => {
  it('answers HTTP 404', async () => {
    const { response } = await get('/blog/no-such-article')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
  })

  // The 404 page itself belongs to __root.tsx.
  it('shows the 404 page', async () => {
    const html = await (await get('/blog/no-such-article')).response.text()
    expect(decode(withoutScripts(html))).toContain(NOT_FOUND_TEXT)
  })
})

describe('robots.txt and sitemap.xml', () => {
  it('/robots.txt allows the public site, keeps crawlers out of the app and APIs, and names the sitemap', async () => {
    const { response } = await get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const lines = (await response.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of ['/keywords', '/content', '/settings', '/setup', '/paywall', '/api/', '/rpc/'])
      expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`)
  })

  it('/sitemap.xml is sitemap XML listing home, the blog, every article with lastmod and the legal pages', async () => {
    const { response } = await get('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await response.text()
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/)
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((match) => ({
      loc: match[1],
      lastmod: match[2],
    }))
    expect(urls.map((url) => url.loc)).toEqual(sitemapEntries().map((entry) => `${server.baseUrl}${entry.path}`))
    expect(urls.map((url) => url.loc)).toEqual(
      expect.arrayContaining([
        `${server.baseUrl}/`,
        `${server.baseUrl}/blog`,
        `${server.baseUrl}/terms-of-service`,
        `${server.baseUrl}/privacy-policy`,
      ]),
    )
    for (const article of ARTICLES) {
      expect(urls).toContainEqual({ loc: `${server.baseUrl}/blog/${article.slug}`, lastmod: article.publishedAt })
    }
  })

  it('every URL in the sitemap answers 200 directly (no redirect, no error)', async () => {
    for (const entry of sitemapEntries()) {
      const { response } = await get(entry.path)
      expect(response.status, entry.path).toBe(200)
      await response.body?.cancel()
    }
  })
})

describe('in Chromium', () => {
  const visitors = useBrowser()
  const newVisitor = async (): Promise<Page> => (await visitors.visit(server.baseUrl)).page

  const article = ARTICLES[ARTICLES.length - 1]

  it('the blog links to an article, which renders hydrated with its images and their alt text', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, '/blog')
    await page.getByRole('link', { name: article.title }).click()
    await page.waitForURL((url) => url.pathname === `/blog/${article.slug}`)

    await expect.poll(() => page.getByRole('heading', { level: 1, name: article.title }).isVisible(), POLL).toBe(true)
    expect(await page.title()).toBe('Rankpilot | blog article')
    for (const image of article.images) {
      const img = page.getByRole('img', { name: image.alt, exact: true })
      expect(await img.count(), image.alt).toBe(1)
      await img.scrollIntoViewIfNeeded()
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), POLL).toBe(true)
    }
    // Client-side navigation updated the head too.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.baseUrl}/blog/${article.slug}`)

    await page.getByRole('link', { name: 'All articles' }).click()
    await page.waitForURL((url) => url.pathname === '/blog')
    expect(await page.title()).toBe('Rankpilot | Blog')
  })

  it("an article that fails to load shows the article page's own error view; Try again loads it", async () => {
    const page = await newVisitor()
    await gotoHydrated(page, '/blog')
    // The article's loader reads it through a server function: make that call fail once.
    await page.route('**/_serverFn/**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service unavailable' }))
    await page.getByRole('link', { name: article.title }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'This article could not be loaded' }).isVisible(), POLL).toBe(true)
    expect(await page.getByRole('link', { name: 'Back to the blog' }).getAttribute('href')).toBe('/blog')

    await page.unroute('**/_serverFn/**')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: article.title }).isVisible(), POLL).toBe(true)
  })
})
