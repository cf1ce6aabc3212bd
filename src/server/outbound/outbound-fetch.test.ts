import { afterEach, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/logger'
import { createProviderFetch, ProviderError } from '~/server/providers/http'
import {
  INTERNAL_SECRET,
  OTHER_PUBLIC_ADDRESS,
  PUBLIC_ADDRESS,
  REDIRECT_BODY,
  REDIRECT_CODES,
  REFUSED_TARGETS,
  redirectTo,
  targetUrl,
  useFakeInternet,
  type FakeInternet,
} from '~tests/fixtures/fake-internet'
import { createOutboundFetch, type OutboundFetchOptions } from './outbound-fetch'
import { SafeFetchError } from './public-url'

// The outbound fetch over real sockets on loopback (tests/fixtures/fake-internet.ts): every
// refused address in the table, reached directly or through redirect chains of every kind, is
// refused at its hop, never dialled, and nothing it or the hop before it said reaches an error.

const net = useFakeInternet()
const logged: unknown[][] = []
afterEach(() => {
  vi.restoreAllMocks()
  logged.length = 0
})

function outbound(options: OutboundFetchOptions = {}) {
  net.names = { 'cms.example': [PUBLIC_ADDRESS], 'other.example': [OTHER_PUBLIC_ADDRESS], ...net.names }
  for (const level of ['error', 'warn', 'info', 'debug'] as const) {
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => void logged.push(args))
  }
  return createOutboundFetch({ resolve: net.resolve, connect: net.connect, timeoutMs: 5000, ...options })
}
const start = (path = '/start') => `http://cms.example:${net.publicPort}${path}`

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(SafeFetchError)
  return error as SafeFetchError
}

/** Nothing the refused address or the redirect said is in the error, its cause or a log line. */
function expectNothingLeaked(network: FakeInternet, error: unknown) {
  const told = JSON.stringify({ error, message: (error as Error).message, cause: String((error as Error).cause ?? ''), logged })
  expect(told).not.toContain(INTERNAL_SECRET)
  expect(told).not.toContain(REDIRECT_BODY)
  expect(network.internalRequests).toEqual([])
  expect(network.dialled.filter((address) => address !== PUBLIC_ADDRESS && address !== OTHER_PUBLIC_ADDRESS)).toEqual([])
}

describe('refused addresses', () => {
  it.each(REFUSED_TARGETS)('refuses $url given directly, without dialling it', async ({ url, refusal }) => {
    const error = await failureOf(outbound()(targetUrl(net, url)))
    expect(error.kind).toBe('blocked_address')
    expect(error.message).toContain(`points to ${refusal}`)
    expectNothingLeaked(net, error)
    expect(net.dialled).toEqual([])
  })

  const chains = REDIRECT_CODES.flatMap((status) => REFUSED_TARGETS.map((target) => ({ status, ...target })))
  it.each(chains)('a GET redirected ($status) to $url is refused at that hop', async ({ status, url, refusal }) => {
    net.handle = redirectTo(targetUrl(net, url), status)
    const error = await failureOf(outbound()(start()))
    expect(error.kind).toBe('blocked_address')
    expect(error.message).toContain(`points to ${refusal}`)
    expect(error.message).toContain(`(${start()} redirected there)`)
    expectNothingLeaked(net, error)
    expect(net.dialled).toEqual([PUBLIC_ADDRESS])
    expect(net.publicRequests).toHaveLength(1)
  })

  it.each([1, 2, 3, 4, 5])('a chain of %i public hops ending at a refused address is refused at the last hop', async (hops) => {
    net.handle = (request, response) => {
      const step = Number(/\/hop(\d+)/.exec(request.url ?? '')?.[1] ?? 0)
      const next = step + 1 < hops ? `/hop${step + 1}` : targetUrl(net, 'http://127.0.0.1:{port}/')
      response.writeHead(REDIRECT_CODES[step % REDIRECT_CODES.length]!, { location: next }).end(REDIRECT_BODY)
    }
    const error = await failureOf(outbound()(start('/hop0')))
    expect(error.kind).toBe('blocked_address')
    expectNothingLeaked(net, error)
    expect(net.publicRequests).toHaveLength(hops)
  })

  it('follows 5 redirects, refuses a 6th before judging or dialling it', async () => {
    net.handle = (request, response) => {
      const step = Number(/\/hop(\d+)/.exec(request.url ?? '')?.[1] ?? 0)
      if (step === 5) return response.writeHead(200, { 'content-type': 'text/plain' }).end('arrived')
      response.writeHead(302, { location: `/hop${step + 1}` }).end()
    }
    const arrived = await outbound()(start('/hop0'))
    expect(await arrived.text()).toBe('arrived')
    expect(arrived.url).toBe(start('/hop5'))
    expect(arrived.redirected).toBe(true)

    net.publicRequests.length = 0
    net.handle = (request, response) => {
      const step = Number(/\/hop(\d+)/.exec(request.url ?? '')?.[1] ?? 0)
      response.writeHead(307, { location: step === 5 ? targetUrl(net, 'http://127.0.0.1:{port}/') : `/hop${step + 1}` }).end()
    }
    const error = await failureOf(outbound()(start('/hop0')))
    expect(error).toMatchObject({
      kind: 'too_many_redirects',
      message: `We could not reach ${start('/hop0')}: it redirected more than 5 times.`,
    })
    expect(net.publicRequests).toHaveLength(6)
    expectNothingLeaked(net, error)
  })
})

describe('requests that send data', () => {
  const cases = (['POST', 'PUT', 'PATCH', 'DELETE'] as const).flatMap((method) => REDIRECT_CODES.map((status) => ({ method, status })))

  it.each(cases)('a $method answered by a $status is not forwarded, even to a public address', async ({ method, status }) => {
    net.handle = redirectTo(`http://other.example:${net.publicPort}/elsewhere?token=abc`, status)
    const error = await failureOf(outbound()(start('/posts'), { method, body: method === 'DELETE' ? undefined : '{"title":"x"}' }))
    expect(error.kind).toBe('redirect_refused')
    expect(error.status).toBe(status)
    expect(error.message).toBe(
      `We did not send to ${start('/posts')}: it answered with a redirect (HTTP ${status}) to http://other.example:${net.publicPort}/elsewhere, ` +
        'and we send data only to the address given, never onward. Enter the address it redirects to instead.',
    )
    expect(net.publicRequests.map((request) => request.path)).toEqual(['/posts'])
    expectNothingLeaked(net, error)
  })

  it('a POST redirected to the metadata service sends nothing there', async () => {
    net.handle = redirectTo('http://169.254.169.254/latest/meta-data/', 307)
    const error = await failureOf(outbound()(start('/hook'), { method: 'POST', body: 'signed body' }))
    expect(error.kind).toBe('redirect_refused')
    expect(net.dialled).toEqual([PUBLIC_ADDRESS])
    expectNothingLeaked(net, error)
  })

  it('sends the body, its length and type to the checked address', async () => {
    net.handle = (_request, response, body) =>
      response.writeHead(201, { 'content-type': 'application/json' }).end(`{"echo":${JSON.stringify(body.toString())}}`)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'pixel.png')
    const answer = await outbound()(start('/media'), { method: 'POST', body: form })
    expect(answer.status).toBe(201)
    const [seen] = net.publicRequests
    expect(seen).toMatchObject({ method: 'POST', host: `cms.example:${net.publicPort}` })
    expect(seen!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen!.body).toContain('filename="pixel.png"')
  })
})

describe('credentials', () => {
  const secretHeaders = {
    authorization: 'Basic c2VjcmV0',
    cookie: 'session=abc',
    'x-shopify-access-token': 'shpat_secret',
    'x-api-key': 'k',
  }

  it('are never sent across origins on a redirect; same-origin hops keep them', async () => {
    net.handle = (request, response) => {
      if (request.url === '/start') return response.writeHead(301, { location: '/same' }).end()
      if (request.url === '/same') return response.writeHead(302, { location: `http://other.example:${net.publicPort}/there` }).end()
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    }
    await outbound()(start(), { headers: { ...secretHeaders, accept: 'application/json' } })
    const [first, same, other] = net.publicRequests
    expect(first!.headers.authorization).toBe('Basic c2VjcmV0')
    expect(same!.headers).toMatchObject({
      authorization: 'Basic c2VjcmV0',
      cookie: 'session=abc',
      'x-shopify-access-token': 'shpat_secret',
    })
    expect(other!.host).toBe(`other.example:${net.publicPort}`)
    for (const name of Object.keys(secretHeaders)) expect(other!.headers[name]).toBeUndefined()
    expect(other!.headers.accept).toBe('application/json')
  })

  it('are refused in the address itself', async () => {
    const error = await failureOf(outbound()(`http://user:pass@cms.example:${net.publicPort}/`))
    expect(error.kind).toBe('credentials')
    expect(net.dialled).toEqual([])
  })
})

describe('DNS rebinding', () => {
  it('a name answering public then private never yields a connection to the private address', async () => {
    let lookups = 0
    const rebinding = createOutboundFetch({
      connect: net.connect,
      resolve: async (hostname) => {
        if (hostname !== 'rebind.example') throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' })
        lookups += 1
        return [{ address: lookups % 2 === 1 ? PUBLIC_ADDRESS : '127.0.0.1', family: 4 }]
      },
    })
    net.handle = (request, response) => {
      if (request.url === '/start') return response.writeHead(302, { location: `http://rebind.example:${net.internalPort}/admin` }).end()
      response.writeHead(200, { 'content-type': 'text/plain' }).end('public answer')
    }
    const outcomes: string[] = []
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const url = attempt % 2 === 0 ? `http://rebind.example:${net.internalPort}/start` : `http://rebind.example:${net.internalPort}/direct`
      try {
        const answer = await rebinding(url)
        outcomes.push(await answer.text())
      } catch (error) {
        expect(error).toMatchObject({ kind: 'blocked_address' })
        outcomes.push('refused')
      }
    }
    expect(outcomes).toContain('refused')
    expect(outcomes.join()).not.toContain(INTERNAL_SECRET)
    expect(net.dialled.every((address) => address === PUBLIC_ADDRESS)).toBe(true)
    expect(net.internalRequests).toEqual([])
  })

  it('a name with a public and a private record is refused', async () => {
    net.names = { 'mixed.example': [PUBLIC_ADDRESS, '10.0.0.9'] }
    const error = await failureOf(outbound()(`http://mixed.example:${net.publicPort}/`))
    expect(error).toMatchObject({ kind: 'blocked_address' })
    expect(net.dialled).toEqual([])
  })
})

describe('answers', () => {
  it('are standard Responses: status, headers, decoded body', async () => {
    net.handle = (_request, response) =>
      response.writeHead(404, { 'content-type': 'application/json', 'x-request-id': 'r1' }).end('{"code":"rest_no_route"}')
    const answer = await outbound()(start('/wp-json/wp/v2/posts'))
    expect(answer.status).toBe(404)
    expect(answer.headers.get('x-request-id')).toBe('r1')
    expect(await answer.json()).toEqual({ code: 'rest_no_route' })
  })

  it('stop at the size cap and the time cap', async () => {
    net.handle = (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(4096))
    const large = await failureOf(outbound({ maxBytes: 1024 })(start()))
    expect(large).toMatchObject({ kind: 'too_large' })
    expect(large.message).toContain('larger than 1 KB')

    net.handle = (_request, response) => void setTimeout(() => response.writeHead(200).end('late'), 1000)
    const slow = await failureOf(outbound({ timeoutMs: 100 })(start()))
    expect(slow).toMatchObject({ kind: 'timeout', message: `We could not reach ${start()}: it did not answer within 0.1 seconds.` })
  })

  it('an error page reaches a provider error as its status only; a JSON reason as a short sanitised excerpt', async () => {
    const providerFetch = createProviderFetch({ provider: 'WordPress', retries: 0, fetch: outbound() })
    net.handle = (_request, response) =>
      response.writeHead(403, { 'content-type': 'text/html' }).end(`<html><body>${INTERNAL_SECRET}</body></html>`)
    const page = await providerFetch(start()).catch((error: unknown) => error as ProviderError)
    expect(page).toBeInstanceOf(ProviderError)
    expect((page as ProviderError).message).toBe('WordPress refused our credentials (HTTP 403: Forbidden).')

    const long = `<script>alert(1)</script>Sorry,\u0007 you are not allowed ${'to do that '.repeat(40)}`
    net.handle = (_request, response) =>
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: long }))
    const reason = (await providerFetch(start()).catch((error: unknown) => error)) as ProviderError
    const detail = reason.message.replace('WordPress rejected the request (HTTP 400): ', '')
    expect(detail).toMatch(/^alert\(1\) Sorry, you are not allowed to do that/)
    expect(detail.length).toBeLessThanOrEqual(200)
    expect(detail).not.toMatch(/[<>]/)
    expect(detail).not.toContain(String.fromCharCode(7))
  })

  it('a refused address is a final provider error: no retries', async () => {
    const providerFetch = createProviderFetch({ provider: 'Webhook', retries: 3, sleep: async () => {}, fetch: outbound() })
    net.handle = redirectTo('http://10.0.0.1/', 302)
    const error = (await providerFetch(start()).catch((reason: unknown) => reason)) as ProviderError
    expect(error).toMatchObject({ kind: 'rejected', attempts: 1 })
    expect(error.message).toContain('points to a private network address')
    expect(net.publicRequests).toHaveLength(1)
  })
})
