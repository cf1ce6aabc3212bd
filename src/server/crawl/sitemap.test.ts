import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fetchRobots } from './robots'
import { SafeFetchError, type SafeFetcher, type SafeResponse } from '~/server/outbound/safe-fetch'
import { parseSitemap, readSitemaps } from './sitemap'

/** A fetcher answering from a table; anything else is a 404 SafeFetchError, as the real one says it. */
function tableFetcher(table: Record<string, string | Buffer | Error>) {
  const calls: string[] = []
  const fetcher: SafeFetcher = async (url, request) => {
    calls.push(url)
    const entry = table[url]
    if (entry instanceof Error) throw entry
    if (entry === undefined) {
      if (request.acceptErrorStatus) return { url, status: 404, contentType: 'text/html', body: Buffer.from(''), text: () => '' }
      throw new SafeFetchError({
        kind: 'http_status',
        url,
        status: 404,
        message: `We could not reach ${url}: the site answered 404 (Not Found).`,
      })
    }
    const body = Buffer.isBuffer(entry) ? entry : Buffer.from(entry)
    return {
      url,
      status: 200,
      contentType: 'application/xml',
      body,
      text: () => body.toString('utf8'),
    } satisfies SafeResponse
  }
  return { fetcher, calls }
}

const urlset = (...locs: string[]) => `<urlset>${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`
const index = (...locs: string[]) => `<sitemapindex>${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`

describe('parseSitemap', () => {
  it('reads a urlset with namespaces, entities and lastmod', () => {
    const parsed = parseSitemap(
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url><loc> https://a.example/?q=1&amp;r=2 </loc><lastmod>2024-02-03</lastmod><image:image><image:loc>https://a.example/i.png</image:loc></image:image></url>
        <url><loc>https://a.example/no-date</loc><lastmod>someday</lastmod></url>
        <url><loc>mailto:x@a.example</loc></url>
      </urlset>`,
      'https://a.example/sitemap.xml',
    )
    expect(parsed).toEqual({
      kind: 'urlset',
      entries: [
        { url: 'https://a.example/?q=1&r=2', lastmod: '2024-02-03T00:00:00.000Z' },
        { url: 'https://a.example/no-date', lastmod: undefined },
      ],
    })
  })

  it('reads an index, a plain-text sitemap, and refuses anything else', () => {
    expect(parseSitemap(index('https://a.example/s1.xml', '/s2.xml'), 'https://a.example/i.xml')).toEqual({
      kind: 'index',
      children: ['https://a.example/s1.xml', 'https://a.example/s2.xml'],
    })
    expect(parseSitemap('https://a.example/one\nhttps://a.example/two\n', 'https://a.example/s.txt')).toEqual({
      kind: 'urlset',
      entries: [
        { url: 'https://a.example/one', lastmod: undefined },
        { url: 'https://a.example/two', lastmod: undefined },
      ],
    })
    expect(parseSitemap('<html><body>Not here</body></html>', 'https://a.example/s.xml')).toEqual({ kind: 'unknown' })
    expect(parseSitemap('', 'https://a.example/s.xml')).toEqual({ kind: 'unknown' })
  })
})

describe('readSitemaps', () => {
  it('follows indexes, unzips .xml.gz, dedupes, and reports broken children', async () => {
    const { fetcher } = tableFetcher({
      'https://a.example/index.xml': index(
        'https://a.example/pages.xml',
        'https://a.example/posts.xml.gz',
        'https://a.example/gone.xml',
        'https://a.example/html.xml',
      ),
      'https://a.example/pages.xml': urlset('https://a.example/', 'https://a.example/about'),
      'https://a.example/posts.xml.gz': gzipSync(urlset('https://a.example/blog/one', 'https://a.example/about')),
      'https://a.example/html.xml': '<html>nope</html>',
    })
    const result = await readSitemaps(['https://a.example/index.xml'], fetcher)
    expect(result.sitemaps).toEqual(['https://a.example/index.xml', 'https://a.example/pages.xml', 'https://a.example/posts.xml.gz'])
    expect(result.entries.map((entry) => entry.url)).toEqual([
      'https://a.example/',
      'https://a.example/about',
      'https://a.example/blog/one',
    ])
    expect(result.errors).toEqual([
      'We could not reach https://a.example/gone.xml: the site answered 404 (Not Found).',
      'https://a.example/html.xml is not a sitemap: it has neither <urlset> nor <sitemapindex>.',
    ])
  })

  it('stops at the depth, file and entry caps, and survives an index that lists itself', async () => {
    const { fetcher, calls } = tableFetcher({
      'https://a.example/0.xml': index('https://a.example/0.xml', 'https://a.example/1.xml'),
      'https://a.example/1.xml': index('https://a.example/2.xml'),
      'https://a.example/2.xml': urlset('https://a.example/deep'),
    })
    expect((await readSitemaps(['https://a.example/0.xml'], fetcher, { maxDepth: 1 })).entries).toEqual([])
    expect(calls).toEqual(['https://a.example/0.xml', 'https://a.example/1.xml'])
    expect((await readSitemaps(['https://a.example/0.xml'], fetcher, { maxDepth: 2 })).entries).toEqual([
      { url: 'https://a.example/deep', lastmod: undefined },
    ])
    expect((await readSitemaps(['https://a.example/0.xml'], fetcher, { maxSitemaps: 2 })).sitemaps).toHaveLength(2)

    const many = tableFetcher({
      'https://a.example/s.xml': urlset(...Array.from({ length: 50 }, (_, i) => `https://a.example/p${i}`)),
    })
    expect((await readSitemaps(['https://a.example/s.xml'], many.fetcher, { maxEntries: 10 })).entries).toHaveLength(10)
  })

  it('refuses a gzip sitemap that unzips past the cap', async () => {
    const { fetcher } = tableFetcher({ 'https://a.example/big.xml.gz': gzipSync(Buffer.alloc(2 * 1024 * 1024, 0x20)) })
    const result = await readSitemaps(['https://a.example/big.xml.gz'], fetcher, { maxUnzippedBytes: 1024 * 1024 })
    expect(result.errors).toEqual(['We could not read the sitemap https://a.example/big.xml.gz: it is larger than 1 MB once unzipped.'])
  })
})

describe('fetchRobots', () => {
  it('applies our own group, lists sitemaps and the crawl delay', async () => {
    const { fetcher } = tableFetcher({
      'https://a.example/robots.txt':
        'User-agent: *\nDisallow: /\n\nUser-agent: rankpilotbot\nDisallow: /admin\nCrawl-delay: 2\nSitemap: https://a.example/s.xml\nSitemap: https://cdn.example/s2.xml\n',
    })
    const robots = await fetchRobots('https://a.example/some/page', fetcher)
    expect(robots).toMatchObject({
      url: 'https://a.example/robots.txt',
      found: true,
      crawlDelayMs: 2000,
      sitemaps: ['https://a.example/s.xml', 'https://cdn.example/s2.xml'],
    })
    expect(robots.isAllowed('https://a.example/pricing')).toBe(true)
    expect(robots.isAllowed('https://a.example/admin/users')).toBe(false)
  })

  it('treats a missing or unreachable robots.txt as "everything allowed", but not a refused address', async () => {
    const missing = await fetchRobots('https://a.example/', tableFetcher({}).fetcher)
    expect(missing).toMatchObject({ found: false, sitemaps: [], crawlDelayMs: undefined })
    expect(missing.isAllowed('https://a.example/anything')).toBe(true)

    const timeout = new SafeFetchError({ kind: 'timeout', url: 'https://a.example/robots.txt', message: 'slow' })
    expect((await fetchRobots('https://a.example/', tableFetcher({ 'https://a.example/robots.txt': timeout }).fetcher)).found).toBe(false)

    const blocked = new SafeFetchError({
      kind: 'blocked_address',
      url: 'https://a.example/robots.txt',
      message: 'private',
    })
    await expect(fetchRobots('https://a.example/', tableFetcher({ 'https://a.example/robots.txt': blocked }).fetcher)).rejects.toBe(blocked)
  })
})
