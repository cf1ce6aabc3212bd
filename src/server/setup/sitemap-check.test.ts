import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createSafeFetcher } from '~/server/outbound/safe-fetch'
import { html, text, useTestSite, xml } from '~tests/fixtures/test-site'
import { assertSitemap, sitemapRefusal } from './sitemap-check'

// What setup step 3 and settings accept as a sitemap address: read through the SSRF-safe fetcher
// (loopback allowed only for the site this test serves on 127.0.0.1).
const fetcher = createSafeFetcher({ userAgent: 'RankpilotBot/1.0 (+https://rankpilot.test)', allowLoopback: true })
const site = useTestSite()
const ADVICE = 'Enter the address of your XML sitemap (often /sitemap.xml), or leave the field empty if your site has none.'

const refusalOf = async (path: string) => {
  try {
    await assertSitemap(`${site.origin}${path}`, fetcher)
  } catch (error) {
    return error as { code: string; message: string; data: unknown }
  }
  throw new Error(`${path} was accepted`)
}

describe('sitemapRefusal', () => {
  it('accepts an address that was read as a sitemap, and otherwise gives the first reason and the advice', () => {
    const url = 'https://acme.example/sitemap.xml'
    expect(sitemapRefusal(url, { sitemaps: [url], entries: [], errors: [] })).toBeNull()
    expect(
      sitemapRefusal(url, { sitemaps: [], entries: [], errors: [`${url} is not a sitemap: it has neither <urlset> nor <sitemapindex>.`] }),
    ).toBe(`${url} is not a sitemap: it has neither <urlset> nor <sitemapindex>. ${ADVICE}`)
    expect(sitemapRefusal(url, { sitemaps: [], entries: [], errors: [] })).toBe(`We could not read ${url} as a sitemap. ${ADVICE}`)
  })
})

describe('assertSitemap', () => {
  it('accepts a urlset, a sitemap index, a gzipped sitemap and a plain-text one', async () => {
    site.routes.set('/sitemap.xml', xml(`<urlset><url><loc>${site.origin}/blog/a</loc></url></urlset>`))
    site.routes.set('/sitemap_index.xml', xml(`<sitemapindex><sitemap><loc>${site.origin}/sitemap.xml</loc></sitemap></sitemapindex>`))
    site.routes.set('/sitemap.xml.gz', (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/gzip' })
        .end(gzipSync(`<urlset><url><loc>${site.origin}/</loc></url></urlset>`)),
    )
    site.routes.set('/sitemap.txt', text(`${site.origin}/\n${site.origin}/about\n`))
    expect((await assertSitemap(`${site.origin}/sitemap.xml`, fetcher)).entries).toEqual([
      { url: `${site.origin}/blog/a`, lastmod: undefined },
    ])
    expect((await assertSitemap(`${site.origin}/sitemap_index.xml`, fetcher)).sitemaps).toEqual([
      `${site.origin}/sitemap_index.xml`,
      `${site.origin}/sitemap.xml`,
    ])
    expect((await assertSitemap(`${site.origin}/sitemap.xml.gz`, fetcher)).entries).toHaveLength(1)
    expect((await assertSitemap(`${site.origin}/sitemap.txt`, fetcher)).entries).toHaveLength(2)
  })

  it('refuses an HTML page, a 404, an XML document that is not a sitemap and a text file of no addresses, as a 400 on the field', async () => {
    site.routes.set('/blog', html('<!doctype html><title>Blog</title><h1>Blog</h1>'))
    site.routes.set('/feed.xml', xml('<rss version="2.0"><channel><title>Posts</title></channel></rss>'))
    site.routes.set('/notes.txt', text('Nothing to see here.'))
    site.routes.set('/page-as-text', text('<html><body>Hello</body></html>'))
    const cases: [string, string][] = [
      ['/blog', `${site.origin}/blog is a web page (HTML), not a sitemap.`],
      ['/missing.xml', `We could not reach ${site.origin}/missing.xml: the site answered 404 (Not Found).`],
      ['/feed.xml', `${site.origin}/feed.xml is not a sitemap: it has neither <urlset> nor <sitemapindex>.`],
      ['/notes.txt', `${site.origin}/notes.txt is not a sitemap: it has neither <urlset> nor <sitemapindex>.`],
      ['/page-as-text', `${site.origin}/page-as-text is not a sitemap: it has neither <urlset> nor <sitemapindex>.`],
    ]
    for (const [path, reason] of cases) {
      const error = await refusalOf(path)
      expect(error, path).toMatchObject({
        code: 'BAD_REQUEST',
        message: `${reason} ${ADVICE}`,
        data: { reason: 'SITEMAP_UNREADABLE', issues: [{ message: `${reason} ${ADVICE}`, path: ['sitemapUrl'] }] },
      })
    }
  })
})
