import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createOutboundFetch } from '~/server/outbound/outbound-fetch'
import { liveCheckSummary } from '~/shared/live-check'
import { PNG_PIXEL } from '~tests/fixtures/publishing-connector'
import { checkLivePage, imageAddresses, type LiveCheckDeps } from './live-check'

// The live check against a small site on loopback: pages, images of every kind of answer, and
// what each request was (method, path), through the app's outbound fetch with loopback allowed.

type Route = (request: IncomingMessage, response: ServerResponse) => void
const routes = new Map<string, Route>()
const requests: string[] = []
let server: Server
let origin = ''

const html =
  (body: string, status = 200): Route =>
  (_, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body>${body}</body></html>`)
  }
const png: Route = (request, response) => {
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_PIXEL.length })
  response.end(request.method === 'HEAD' ? undefined : PNG_PIXEL)
}

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    const route = routes.get(request.url ?? '')
    if (route) route(request, response)
    else response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((done) => server.close(done))
})
beforeEach(() => {
  routes.clear()
  requests.length = 0
})

const fetcher = createOutboundFetch({ allowLoopback: true, timeoutMs: 5000 })
const deps = (extra: Partial<LiveCheckDeps> = {}): LiveCheckDeps => ({
  fetchPage: fetcher,
  fetchImage: fetcher,
  now: () => new Date('2026-11-29T07:00:00Z'),
  ...extra,
})

describe('checkLivePage', () => {
  it('a live page whose images all load: every distinct image requested once, with HEAD', async () => {
    routes.set('/post/', html('<h1>Beans</h1><img src="/a.png" alt="a"><p><img src="b.png"></p><img src="/a.png#again" alt="a again">'))
    routes.set('/a.png', png)
    routes.set('/post/b.png', png)

    const check = await checkLivePage(`${origin}/post/`, 3, deps())
    expect(check).toEqual({
      checkedAt: '2026-11-29T07:00:00.000Z',
      url: `${origin}/post/`,
      revision: 3,
      live: true,
      pageStatus: 200,
      pageError: null,
      imagesTotal: 2,
      imagesChecked: 2,
      imagesLoaded: 2,
      broken: [],
    })
    expect(requests.sort()).toEqual(['GET /post/', 'HEAD /a.png', 'HEAD /post/b.png'])
    expect(liveCheckSummary(check)).toEqual({ tone: 'ok', text: 'Live · 2 images load', detail: null })
  })

  it('a 404 image and one that is not an image are broken, in page order, with why', async () => {
    routes.set(
      '/post/',
      html('<img src="/fine.png"><img src="/gone.png"><img src="/page.png"><img src="data:image/png;base64,AAAA"><img alt="no source">'),
    )
    routes.set('/fine.png', png)
    routes.set('/page.png', html('<p>An HTML page served at an image address</p>'))

    const check = await checkLivePage(`${origin}/post/`, 1, deps())
    expect(check).toMatchObject({ live: true, pageStatus: 200, imagesTotal: 3, imagesChecked: 3, imagesLoaded: 1 })
    expect(check.broken).toEqual([
      { url: `${origin}/gone.png`, status: 404, reason: 'HTTP 404 (Not Found)' },
      { url: `${origin}/page.png`, status: 200, reason: 'not an image (text/html)' },
    ])
    // A definite 404 is not asked again; the HTML answer to HEAD is taken as it is.
    expect(requests.filter((line) => line.endsWith('/gone.png'))).toEqual(['HEAD /gone.png'])
    expect(liveCheckSummary(check)).toEqual({ tone: 'warning', text: 'Live · 2 of 3 images broken', detail: null })
  })

  it('a server that refuses HEAD is asked with GET, as a browser would', async () => {
    routes.set('/post/', html('<img src="/no-head.png"><img src="/no-head-broken.png">'))
    const refusingHead =
      (then: Route): Route =>
      (request, response) => {
        if (request.method === 'HEAD') response.writeHead(405, { allow: 'GET' }).end()
        else then(request, response)
      }
    routes.set('/no-head.png', refusingHead(png))
    routes.set(
      '/no-head-broken.png',
      refusingHead((_, response) => response.writeHead(500, { 'content-type': 'text/plain' }).end('x')),
    )

    const check = await checkLivePage(`${origin}/post/`, 1, deps())
    expect(check).toMatchObject({ imagesTotal: 2, imagesLoaded: 1 })
    expect(check.broken).toEqual([{ url: `${origin}/no-head-broken.png`, status: 500, reason: 'HTTP 500 (Internal Server Error)' }])
    expect(requests.filter((line) => line.includes('/no-head.png'))).toEqual(['HEAD /no-head.png', 'GET /no-head.png'])
  })

  it('a page answering 500 is not live, and its images are not requested', async () => {
    routes.set('/post/', html('<img src="/a.png">', 500))
    const check = await checkLivePage(`${origin}/post/`, 2, deps())
    expect(check).toMatchObject({
      live: false,
      pageStatus: 500,
      pageError: 'The page answered HTTP 500 (Internal Server Error).',
      imagesTotal: 0,
      imagesChecked: 0,
      broken: [],
    })
    expect(requests).toEqual(['GET /post/'])
    expect(liveCheckSummary(check)).toEqual({
      tone: 'error',
      text: 'Not reachable: HTTP 500',
      detail: 'The page answered HTTP 500 (Internal Server Error).',
    })
  })

  it('a page that is not HTML is not live', async () => {
    routes.set('/post/', (_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
    expect(await checkLivePage(`${origin}/post/`, 1, deps())).toMatchObject({
      live: false,
      pageStatus: 200,
      pageError: 'The page is application/json, not a web page (HTML).',
    })
  })

  it('a redirected page: its images resolve against where it landed, and each hop is followed', async () => {
    routes.set('/old/', (_, response) => response.writeHead(301, { location: '/new/' }).end())
    routes.set('/new/', html('<img src="pic.png">'))
    routes.set('/new/pic.png', png)
    const check = await checkLivePage(`${origin}/old/`, 1, deps())
    expect(check).toMatchObject({ url: `${origin}/old/`, live: true, imagesTotal: 1, imagesLoaded: 1 })
    expect(requests).toEqual(['GET /old/', 'GET /new/', 'HEAD /new/pic.png'])
  })

  it('a post or an image on a private address is refused by the address policy, and recorded as such', async () => {
    // Without the test-only loopback allowance the app's policy refuses our own loopback server.
    const strict = createOutboundFetch({ timeoutMs: 5000 })
    routes.set('/post/', html('<img src="/a.png">'))
    const refused = await checkLivePage(`${origin}/post/`, 1, deps({ fetchPage: strict, fetchImage: strict }))
    expect(refused).toMatchObject({ live: false, pageStatus: null, imagesTotal: 0 })
    expect(refused.pageError).toBe(`${origin}/post/ points to a loopback address (this server itself), which we do not fetch.`)
    expect(requests).toEqual([])
    expect(liveCheckSummary(refused)).toMatchObject({ tone: 'error', text: 'Not reachable', detail: refused.pageError })

    routes.set('/post/', html('<img src="http://10.1.2.3/internal.png">'))
    const image = await checkLivePage(`${origin}/post/`, 1, deps())
    expect(image).toMatchObject({ live: true, imagesTotal: 1, imagesLoaded: 0 })
    expect(image.broken).toEqual([
      {
        url: 'http://10.1.2.3/internal.png',
        status: null,
        reason: expect.stringMatching(/^http:\/\/10\.1\.2\.3\/internal\.png points to .*, which we do not fetch\.$/),
      },
    ])
  })

  it('requests at most maxImages images, the first in page order, and says how many were left', async () => {
    routes.set('/post/', html(['/1.png', '/2.png', '/3.png', '/4.png'].map((src) => `<img src="${src}">`).join('')))
    for (const path of ['/1.png', '/2.png', '/3.png', '/4.png']) routes.set(path, png)
    const check = await checkLivePage(`${origin}/post/`, 1, deps({ limits: { maxImages: 2 } }))
    expect(check).toMatchObject({ imagesTotal: 4, imagesChecked: 2, imagesLoaded: 2, broken: [] })
    expect(requests.filter((line) => line.startsWith('HEAD')).sort()).toEqual(['HEAD /1.png', 'HEAD /2.png'])
    expect(liveCheckSummary(check).text).toBe('Live · 2 images load (2 more not checked)')
  })

  it('an image that does not answer in time is broken with the time-out, and the rest still count', async () => {
    routes.set('/post/', html('<img src="/slow.png"><img src="/a.png">'))
    routes.set('/slow.png', () => {
      // Never answers.
    })
    routes.set('/a.png', png)
    const impatient = createOutboundFetch({ allowLoopback: true, timeoutMs: 300 })
    const check = await checkLivePage(`${origin}/post/`, 1, deps({ fetchImage: impatient }))
    expect(check).toMatchObject({ imagesTotal: 2, imagesChecked: 2, imagesLoaded: 1 })
    expect(check.broken).toEqual([
      { url: `${origin}/slow.png`, status: null, reason: expect.stringContaining('did not answer within 0.3 seconds') },
    ])
  })

  it('stops when the worker shuts down: the abort is thrown, nothing is recorded as a finding', async () => {
    routes.set('/post/', () => {
      // Never answers.
    })
    const controller = new AbortController()
    const pending = checkLivePage(`${origin}/post/`, 1, deps({ signal: controller.signal }))
    setTimeout(() => controller.abort(new Error('worker shutting down')), 50)
    await expect(pending).rejects.toThrow('worker shutting down')
  })
})

describe('imageAddresses', () => {
  it('takes lazy-loaded images from data-src, honours <base>, skips inline images and keeps page order', () => {
    const page = `<html><head><base href="https://cdn.example/assets/"></head><body>
      <img src="data:image/gif;base64,R0lGOD" data-src="lazy.png">
      <img src="https://site.example/direct.jpg">
      <img data-lazy-src="/rooted.webp">
      <img src="data:image/png;base64,AAAA">
      <img src="http://[bad">
    </body></html>`
    expect(imageAddresses(page, 'https://site.example/post/')).toEqual({
      urls: ['https://cdn.example/assets/lazy.png', 'https://site.example/direct.jpg', 'https://cdn.example/rooted.webp'],
      invalid: ['http://[bad'],
    })
  })
})

describe('liveCheckSummary', () => {
  const live = {
    checkedAt: '2026-11-29T07:00:00.000Z',
    url: 'https://blog.example/post/',
    revision: 1,
    live: true,
    pageStatus: 200,
    pageError: null,
    imagesTotal: 0,
    imagesChecked: 0,
    imagesLoaded: 0,
    broken: [],
  }
  it('counts in words: one image, none, and a page that timed out', () => {
    expect(liveCheckSummary({ ...live, imagesTotal: 1, imagesChecked: 1, imagesLoaded: 1 }).text).toBe('Live · 1 image loads')
    expect(liveCheckSummary(live).text).toBe('Live · no images on the page')
    const timedOut = {
      ...live,
      live: false,
      pageStatus: null,
      pageError: 'We could not reach https://blog.example/post/: it did not answer within 15 seconds.',
    }
    expect(liveCheckSummary(timedOut)).toEqual({ tone: 'error', text: 'Not reachable', detail: timedOut.pageError })
  })
})
