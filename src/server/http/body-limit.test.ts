import { describe, expect, it } from 'vitest'
import {
  BODY_LIMITS,
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  DISCARD_AFTER_REFUSAL_BYTES,
  enforceBodyLimit,
  readBodyWithin,
  type BodyLimitResult,
} from './body-limit'

const MB = 1024 * 1024
const CHUNK = 64 * 1024

/**
 * A body of `total` zero bytes in 64 KiB chunks, produced only when pulled: `pulled()` counts
 * what it delivered, `cancelled()` says whether its reader gave up on it.
 */
function countingSource(total: number) {
  let delivered = 0
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (delivered >= total) return controller.close()
        const size = Math.min(CHUNK, total - delivered)
        delivered += size
        controller.enqueue(new Uint8Array(size))
      },
      cancel() {
        cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, pulled: () => delivered, cancelled: () => cancelled }
}

function post(path: string, body: BodyInit | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

describe('bodyLimitFor', () => {
  it.each([
    ['/rpc/newsletter/add', BODY_LIMITS['/rpc']],
    ['/rpc', BODY_LIMITS['/rpc']],
    ['/api/auth/sign-up/email', BODY_LIMITS['/api/auth']],
    ['/api/v1/businesses/x/keywords', BODY_LIMITS['/api/v1']],
    ['/mcp', BODY_LIMITS['/mcp']],
    ['/rpcx/other', DEFAULT_BODY_LIMIT],
    ['/api/authors', DEFAULT_BODY_LIMIT],
    ['/api/demo/sign-in', DEFAULT_BODY_LIMIT],
  ])('%s takes its prefix’s limit', (path, limit) => {
    expect(bodyLimitFor(path)).toBe(limit)
  })

  it('the longest matching prefix wins, so one procedure can be given more', () => {
    const upload = { maxBytes: 20 * MB, refuse: BODY_LIMITS['/rpc'].refuse }
    const limits = { ...BODY_LIMITS, '/rpc/article/upload': upload }
    expect(bodyLimitFor('/rpc/article/upload', limits)).toBe(upload)
    expect(bodyLimitFor('/rpc/article/list', limits)).toBe(BODY_LIMITS['/rpc'])
  })
})

/** The 413 (or 400) of a refused request; fails the test for a request handed on. */
function refusal(result: BodyLimitResult) {
  if (!('refused' in result)) throw new Error('expected the request to be refused')
  return result
}

function handedOn(result: BodyLimitResult) {
  if (!('request' in result)) throw new Error(`expected the request to be handed on, got ${result.refused.status}`)
  return result.request
}

describe('enforceBodyLimit', () => {
  it('refuses a declared Content-Length over 1 MB on /rpc with an oRPC error, before reading anything', async () => {
    const source = countingSource(2 * MB)
    const { refused } = refusal(await enforceBodyLimit(post('/rpc/newsletter/add', source.stream, { 'content-length': String(2 * MB) })))
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({
      json: { defined: false, code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'The request body is larger than the limit of 1 MB.' },
    })
    expect(source.pulled()).toBe(0)
  })

  it('refuses an oversized /api/auth body with a better-auth error body', async () => {
    const { refused } = refusal(await enforceBodyLimit(post('/api/auth/sign-up/email', new Uint8Array(MB + 1))))
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than the limit of 1 MB.' })
  })

  it('refuses an oversized /api/v1 body in the API’s own error shape', async () => {
    const { refused } = refusal(await enforceBodyLimit(post('/api/v1/businesses/x/keywords', new Uint8Array(MB + 1))))
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({
      defined: false,
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: 'The request body is larger than the limit of 1 MB.',
    })
  })

  it('cuts a chunked 50 MB body off once it passes 1 MB: the source delivers no more than a chunk past the limit', async () => {
    const source = countingSource(50 * MB)
    const { refused } = refusal(await enforceBodyLimit(post('/rpc/newsletter/add', source.stream)))
    expect(refused.status).toBe(413)
    expect(source.pulled()).toBeGreaterThan(MB)
    expect(source.pulled()).toBeLessThanOrEqual(MB + CHUNK)
  })

  it('counts the bytes, not the Content-Length: a body longer than it declares is cut off too', async () => {
    const source = countingSource(5 * MB)
    const { refused } = refusal(await enforceBodyLimit(post('/api/auth/sign-in/email', source.stream, { 'content-length': '100' })))
    expect(refused.status).toBe(413)
    expect(source.pulled()).toBeLessThanOrEqual(MB + CHUNK)
  })

  it('hands a body within the limit on whole, as a request with its length', async () => {
    const body = JSON.stringify({ json: { email: 'ada@example.com', note: 'x'.repeat(MB - 100) } })
    const original = post('/rpc/newsletter/add', new Blob([body]).stream(), { 'content-type': 'application/json', 'x-csrf-token': 'orpc' })
    const request = handedOn(await enforceBodyLimit(original))
    expect(request.method).toBe('POST')
    expect(request.url).toBe('http://localhost/rpc/newsletter/add')
    expect(request.headers.get('x-csrf-token')).toBe('orpc')
    expect(request.headers.get('content-length')).toBe(String(body.length))
    expect(await request.text()).toBe(body)
  })

  it('accepts exactly 1 MB', async () => {
    const request = handedOn(await enforceBodyLimit(post('/rpc/newsletter/add', countingSource(MB).stream)))
    expect((await request.arrayBuffer()).byteLength).toBe(MB)
  })

  it('hands a request without a body on untouched', async () => {
    const request = new Request('http://localhost/rpc/plan/getAll')
    expect(handedOn(await enforceBodyLimit(request))).toBe(request)
  })

  it('answers 400 when the body breaks off', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10))
        controller.error(new Error('socket closed'))
      },
    })
    const { refused } = refusal(await enforceBodyLimit(post('/api/auth/sign-in/email', broken)))
    expect(refused.status).toBe(400)
  })
})

describe('the rest of a refused body', () => {
  it('a body a little over the limit is read to its end and thrown away, so the connection can serve the next request', async () => {
    const source = countingSource(MB + 3 * CHUNK)
    const { discard } = refusal(await enforceBodyLimit(post('/rpc/newsletter/add', source.stream)))
    await discard!()
    expect(source.pulled()).toBe(MB + 3 * CHUNK)
    expect(source.cancelled()).toBe(false)
  })

  it('a large upload is thrown away only up to the discard allowance, then cancelled (the connection dropped)', async () => {
    const source = countingSource(50 * MB)
    const { discard } = refusal(await enforceBodyLimit(post('/rpc/newsletter/add', source.stream)))
    expect(source.cancelled()).toBe(false)
    await discard!()
    expect(source.cancelled()).toBe(true)
    expect(source.pulled()).toBeGreaterThan(MB + DISCARD_AFTER_REFUSAL_BYTES)
    expect(source.pulled()).toBeLessThanOrEqual(MB + DISCARD_AFTER_REFUSAL_BYTES + 2 * CHUNK)
  })

  it('a body refused on its Content-Length is thrown away the same way', async () => {
    const source = countingSource(2 * MB)
    const request = post('/api/auth/sign-up/email', source.stream, { 'content-length': String(2 * MB) })
    const { discard } = refusal(await enforceBodyLimit(request))
    expect(source.pulled()).toBe(0)
    await discard!()
    expect(source.pulled()).toBe(2 * MB)
  })
})

describe('readBodyWithin', () => {
  it('joins the chunks of a body within the limit', async () => {
    const read = await readBodyWithin(new Blob(['hello ', 'world']).stream(), 11)
    expect('bytes' in read && new TextDecoder().decode(read.bytes)).toBe('hello world')
  })

  it('stops one byte past the limit', async () => {
    expect('overLimit' in (await readBodyWithin(new Blob(['hello world']).stream(), 10))).toBe(true)
  })
})
