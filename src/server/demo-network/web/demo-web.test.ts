import { describe, expect, it } from 'vitest'
import { SafeFetchError } from '~/server/outbound/safe-fetch'
import { searchVolume } from '~/server/demo-network/dataforseo/mock-data'
import { organicSerp } from '~/server/demo-network/dataforseo/mock-serp'
import { demoWebPage, demoWebResponse, demoWebUrl, parseDemoWebUrl, renderDemoWebPage, withDemoWeb } from './demo-web'

const APP = 'http://localhost:3000'
const NOW = new Date('2026-11-25T10:00:00Z')

describe('the demo web', () => {
  it('maps a search result’s site and path into the app and back, and nothing else', () => {
    const url = demoWebUrl(APP, 'www.seriouseats.com', 'cold-brew-coffee')
    expect(url).toBe('http://localhost:3000/demo/web/www.seriouseats.com/cold-brew-coffee')
    expect(parseDemoWebUrl(url, APP)).toEqual({ host: 'www.seriouseats.com', path: 'cold-brew-coffee' })
    expect(parseDemoWebUrl('https://www.seriouseats.com/cold-brew-coffee', APP)).toBeUndefined()
    expect(parseDemoWebUrl('http://evil.example/demo/web/www.seriouseats.com/cold-brew-coffee', APP)).toBeUndefined()
    expect(parseDemoWebUrl(`${APP}/demo/web/www.seriouseats.com/../../etc/passwd`, APP)).toBeUndefined()
  })

  it('writes a page from the keyword in its path with the demo’s own keyword data and topic words', () => {
    const page = demoWebPage('www.seriouseats.com', 'best-single-origin-coffee-for-espresso', NOW)!
    expect(page.keyword).toBe('best single origin coffee for espresso')
    const text = page.sections.flatMap((section) => section.sentences).join(' ')
    // The same monthly volume the Keywords screen shows for the subject.
    expect(text).toContain(`around ${searchVolume('single origin coffee').toLocaleString('en-US')} people search for it`)
    expect(page.sections.map((section) => section.heading)).toEqual(
      expect.arrayContaining(['How popular is single origin coffee?', 'Types of single origin coffee']),
    )
    expect(text).toMatch(/espresso/)
    // Same address, same page; another site orders its sections its own way.
    expect(demoWebPage('www.seriouseats.com', 'best-single-origin-coffee-for-espresso', NOW)).toEqual(page)
    expect(demoWebPage('www.bbcgoodfood.com', 'best-single-origin-coffee-for-espresso', NOW)!.sections[0]).toEqual(page.sections[0])
  })

  it('carries the title the search result showed, and deeper pages of a site answer the same search', () => {
    const serp = organicSerp(
      { keyword: 'cold brew coffee', depth: 20 },
      { location_code: 2840, language_code: 'en' },
      {
        resultUrl: (host, path) => demoWebUrl(APP, host, path),
      },
    )
    const items = (serp as { result: Array<{ items: Array<{ type: string; url: string; title: string }> }> }).result[0]!.items
    for (const item of items.filter((entry) => entry.type === 'organic')) {
      const address = parseDemoWebUrl(item.url, APP)!
      const page = demoWebPage(address.host, address.path, NOW)!
      expect(page.keyword).toBe('cold brew coffee')
      expect(page.title).toBe(item.title)
    }
  })

  it('labels every page as simulated and escapes what it prints', () => {
    const html = renderDemoWebPage({
      host: 'www.example.com',
      path: 'x',
      keyword: '<script>alert(1)</script>',
      title: 'A & B',
      sections: [{ heading: '<b>Heading</b>', sentences: ['One "quoted" sentence.'] }],
    })
    expect(html).toContain('Simulated page (demo mode).')
    expect(html).toContain('It is not from www.example.com.')
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;b&gt;Heading&lt;/b&gt;')
    expect(html).toContain('<meta name="robots" content="noindex">')
  })

  it('is served while search results are simulated, and is not there otherwise', async () => {
    const url = demoWebUrl(APP, 'www.seriouseats.com', 'cold-brew-coffee')
    const served = demoWebResponse(new Request(url), { simulated: true })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await served.text()).toContain('Cold Brew Coffee')
    expect(demoWebResponse(new Request(url), { simulated: false }).status).toBe(404)
    expect(demoWebResponse(new Request(`${APP}/demo/web/not-a-host/x`), { simulated: true }).status).toBe(404)
    expect(demoWebResponse(new Request(url, { method: 'POST' }), { simulated: true }).status).toBe(405)
  })

  it('answers the fetcher in process for its own addresses and passes every other address on', async () => {
    const seen: string[] = []
    const fetch = withDemoWeb(async (url) => {
      seen.push(url)
      throw new SafeFetchError({ kind: 'blocked_address', url, message: 'blocked' })
    }, APP)
    const page = await fetch(demoWebUrl(APP, 'www.seriouseats.com', 'cold-brew-coffee'), { expect: ['html'] })
    expect(page.status).toBe(200)
    expect(page.text()).toContain('<h1>')
    await expect(fetch('https://www.seriouseats.com/cold-brew-coffee', { expect: ['html'] })).rejects.toThrow('blocked')
    expect(seen).toEqual(['https://www.seriouseats.com/cold-brew-coffee'])
    await expect(fetch(`${APP}/demo/web/www.seriouseats.com/-2`, { expect: ['html'] })).rejects.toMatchObject({
      kind: 'http_status',
    })
  })
})
