import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createSafeFetcher, type SafeFetcherOptions } from './safe-fetch'
import { html, resolverFrom, useTestSite } from '~tests/fixtures/test-site'

const UA = 'RankpilotBot/1.0 (+https://rankpilot.test)'
const PUBLIC_ADDRESS = '93.184.215.14'

const site = useTestSite()

const page = (path: string) => `${site.origin}${path}`
const loopbackFetcher = (options: Partial<SafeFetcherOptions> = {}) => createSafeFetcher({ userAgent: UA, allowLoopback: true, ...options })

describe('limits and content', () => {
  it('refuses a body past the size cap, declared, streamed or compressed', async () => {
    const fetcher = loopbackFetcher({ maxBytes: 64 * 1024 })
    const message = (path: string) => `We could not read ${page(path)}: it is larger than 64 KB, the most we read from one address.`
    site.routes.set('/declared', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(200 * 1024) })
      response.write('x'.repeat(1024))
    })
    site.routes.set('/streamed', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      for (let i = 0; i < 200; i += 1) response.write('y'.repeat(1024))
      response.end()
    })
    site.routes.set('/bomb', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(4 * 1024 * 1024)))
    })
    for (const path of ['/declared', '/streamed', '/bomb']) {
      await expect(fetcher(page(path), { expect: ['html'] })).rejects.toMatchObject({
        kind: 'too_large',
        message: message(path),
      })
    }
  })

  it('caps bodies at 5 MB by default', async () => {
    site.routes.set('/huge', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(6 * 1024 * 1024) })
      response.write('<html>')
    })
    await expect(loopbackFetcher()(page('/huge'), { expect: ['html'] })).rejects.toThrow(
      `We could not read ${page('/huge')}: it is larger than 5 MB, the most we read from one address.`,
    )
  })

  it('gives up when the whole exchange takes longer than the time cap', async () => {
    site.routes.set('/silent', () => {})
    site.routes.set('/trickle', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.write('<html>')
    })
    const fetcher = loopbackFetcher({ timeoutMs: 250 })
    for (const path of ['/silent', '/trickle']) {
      const started = Date.now()
      await expect(fetcher(page(path), { expect: ['html'] })).rejects.toMatchObject({
        kind: 'timeout',
        message: `We could not reach ${page(path)}: it did not answer within 0.3 seconds.`,
      })
      expect(Date.now() - started).toBeLessThan(2_000)
    }
  })

  it('counts a hanging DNS lookup against the time cap', async () => {
    const fetcher = loopbackFetcher({ timeoutMs: 100, resolve: () => new Promise(() => {}) })
    await expect(fetcher('https://slow-dns.test/', { expect: ['html'] })).rejects.toThrow(
      'We could not reach https://slow-dns.test/: it did not answer within 0.1 seconds.',
    )
  })

  it('refuses an answer of the wrong content type', async () => {
    site.routes.set('/logo', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end('PNG'))
    await expect(loopbackFetcher()(page('/logo'), { expect: ['html'] })).rejects.toMatchObject({
      kind: 'content_type',
      message: `We could not read ${page('/logo')}: it is image/png, not a web page (HTML).`,
    })
    site.routes.set('/sitemap.xml', html('<p>not xml</p>'))
    await expect(loopbackFetcher()(page('/sitemap.xml'), { expect: ['xml'] })).rejects.toThrow(
      `We could not read ${page('/sitemap.xml')}: it is text/html, not an XML document.`,
    )
  })

  it('turns an error status into a sentence, or returns it when asked', async () => {
    await expect(loopbackFetcher()(page('/missing'), { expect: ['html'] })).rejects.toMatchObject({
      kind: 'http_status',
      status: 404,
      message: `We could not reach ${page('/missing')}: the site answered 404 (Not Found).`,
    })
    expect((await loopbackFetcher()(page('/missing'), { expect: ['text'], acceptErrorStatus: true })).status).toBe(404)
  })

  it('says so when nothing listens or the name does not exist', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    await expect(loopbackFetcher()(`http://127.0.0.1:${port}/`, { expect: ['html'] })).rejects.toThrow(
      `We could not reach http://127.0.0.1:${port}/: the connection was refused.`,
    )
    await expect(loopbackFetcher({ resolve: resolverFrom({}) })('https://nope.test/', { expect: ['html'] })).rejects.toThrow(
      'We could not reach https://nope.test/: the domain nope.test does not exist. Check the address for typos.',
    )
  })

  it('decodes gzip, deflate and brotli bodies and the declared charset', async () => {
    const body = '<title>Crème brûlée</title>'
    const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }
    for (const [encoding, encode] of Object.entries(encoders)) {
      site.routes.set(`/${encoding}`, (_request, response) =>
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding })
          .end(encode(Buffer.from(body))),
      )
      expect((await loopbackFetcher()(page(`/${encoding}`), { expect: ['html'] })).text()).toBe(body)
    }
    site.routes.set('/latin1', (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.from(`<meta charset="iso-8859-1">${body}`, 'latin1')),
    )
    expect((await loopbackFetcher()(page('/latin1'), { expect: ['html'] })).text()).toContain(body)
    expect(site.requests[0]!.headers['accept-encoding']).toBe('gzip, deflate, br')
  })
})

describe('under demo mode’s process-wide MSW interceptor', () => {
  it('still passes crawled sites through, dialling the pinned address', async () => {
    const { http, HttpResponse } = await import('msw')
    const { setupServer } = await import('msw/node')
    const server = setupServer(http.get('https://api.vendor.example/ping', () => HttpResponse.text('pong')))
    server.listen({ onUnhandledFrame: 'bypass' })
    try {
      site.routes.set('/', html('<title>through msw</title>'))
      const fetcher = loopbackFetcher({
        resolve: resolverFrom({ 'shop.test': ['127.0.0.1'], 'api.vendor.example': [PUBLIC_ADDRESS] }),
      })
      // The interceptor is live on node:http (a mocked host answers from MSW)…
      expect((await fetcher('https://api.vendor.example/ping', { expect: ['text'] })).text()).toBe('pong')
      // …and an unmocked host still goes to the address the policy checked.
      const response = await fetcher(`http://shop.test:${site.port}/`, { expect: ['html'] })
      expect(response.text()).toContain('through msw')
      expect(site.requests).toHaveLength(1)
      await expect(createSafeFetcher({ userAgent: UA })(page('/'), { expect: ['html'] })).rejects.toThrow('points to a loopback address')
      expect(site.requests).toHaveLength(1)
    } finally {
      server.close()
    }
  })
})
