import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, compressHtml } from './compress'

const page = '<!doctype html><html><body>' + '<p>Coffee roasted to order.</p>'.repeat(200) + '</body></html>'
const html = (headers: Record<string, string> = {}) =>
  new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })
const request = (encoding?: string, method = 'GET') =>
  new Request('http://app.test/', { method, headers: encoding ? { 'accept-encoding': encoding } : {} })

describe('compressHtml', () => {
  it('gzips an HTML page for a browser that accepts it, and says it varies by Accept-Encoding', async () => {
    const response = compressHtml(request('gzip, deflate, br'), html({ 'content-length': String(page.length), vary: 'Cookie' }))
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('content-length')).toBeNull()
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding')
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.length).toBeLessThan(page.length / 5)
    expect(gunzipSync(bytes).toString()).toBe(page)
  })

  it('leaves alone what it must not compress', async () => {
    const plain = compressHtml(request(), html())
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(page)
    expect(compressHtml(request('gzip;q=0, br'), html()).headers.get('content-encoding')).toBeNull()
    const stream = new Response('data: 1\n\n', { headers: { 'content-type': 'text/event-stream' } })
    expect(compressHtml(request('gzip'), stream)).toBe(stream)
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } })
    expect(compressHtml(request('gzip'), json)).toBe(json)
    const encoded = html({ 'content-encoding': 'br' })
    expect(compressHtml(request('gzip'), encoded)).toBe(encoded)
    const head = html()
    expect(compressHtml(request('gzip', 'HEAD'), head)).toBe(head)
  })
})

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['br, gzip;q=0.8', true],
    ['*', true],
    ['br', false],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['identity', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })
})
