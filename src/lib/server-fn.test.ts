import { getDefaultSerovalPlugins } from '@tanstack/react-start'
import { createClientRpc } from '@tanstack/react-start/client-rpc'
import { runWithStartContext } from '@tanstack/start-storage-context'
import { fromJSON, toCrossJSONAsync } from 'seroval'
import { beforeAll, describe, expect, it } from 'vitest'
import { createServerFnFetch, ServerFnResponseError, withServerFnMarker } from './server-fn'

/**
 * Runs Start's own client fetcher (createClientRpc → serverFnFetcher) against a canned reply,
 * with `fetch` registered the way createStart({ serverFns: { fetch } }) registers it.
 */
async function callServerFn(reply: () => Response | Promise<Response>, wrapped: boolean) {
  const base: typeof fetch = async () => reply()
  const fetchImpl = wrapped ? createServerFnFetch(base) : base
  const serverFn = createClientRpc('test-fn-id') as unknown as (options: object) => Promise<unknown>
  return runWithStartContext({ startOptions: { serverFns: { fetch: fetchImpl } } } as never, () =>
    serverFn({ method: 'POST', data: { hello: 'world' } }),
  )
}

beforeAll(() => {
  process.env.TSS_SERVER_FN_BASE = 'http://localhost:3000/_serverFn/'
})

const jsonFailure = () => Response.json({ error: 'quota exceeded', retryAfter: 30 }, { status: 429 })

describe('server-function failures (docs/product/routes.md)', () => {
  it('Start 1.169.5 alone returns a non-OK plain JSON body as data (the gap this wrapper closes)', async () => {
    await expect(callServerFn(jsonFailure, false)).resolves.toEqual({ error: 'quota exceeded', retryAfter: 30 })
  })

  it('with the wrapper, a non-OK JSON reply throws its decoded body', async () => {
    await expect(callServerFn(jsonFailure, true)).rejects.toEqual({ error: 'quota exceeded', retryAfter: 30 })
  })

  it('with the wrapper, a non-OK text reply throws its text', async () => {
    const error = await callServerFn(() => new Response('Bad gateway from proxy', { status: 502 }), true).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServerFnResponseError)
    expect(error).toMatchObject({ message: 'Bad gateway from proxy', status: 502 })
  })

  it('a JSON content type with an unparsable body throws the text', async () => {
    const reply = () => new Response('<html>oops</html>', { status: 500, headers: { 'content-type': 'application/json' } })
    await expect(callServerFn(reply, true)).rejects.toMatchObject({ message: '<html>oops</html>', status: 500 })
  })

  it('an OK reply passes through untouched', async () => {
    await expect(callServerFn(() => Response.json({ ok: 1 }), true)).resolves.toEqual({ ok: 1 })
  })

  it('a serialized error reply is left to Start, which restores the thrown error', async () => {
    const reply = async () => {
      const body = await toCrossJSONAsync(
        { error: new Error('thrown on the server') },
        { refs: new Map(), plugins: getDefaultSerovalPlugins() },
      )
      return new Response(JSON.stringify(body), {
        status: 500,
        headers: { 'content-type': 'application/json', 'x-tss-serialized': 'true' },
      })
    }
    const result = (await callServerFn(reply, true)) as { error: Error }
    expect(result.error).toBeInstanceOf(Error)
    expect(result.error.message).toBe('thrown on the server')
  })
})

describe('server-function transport: POST /_serverFn/{id}?createServerFn with a JSON body of data and context', () => {
  /** Calls a server function through Start's client fetcher with serverFnFetch registered; returns what went on the wire. */
  async function recordCall(options: object) {
    const sent: Request[] = []
    const base: typeof fetch = async (input, init) => {
      sent.push(new Request(input, init))
      return Response.json({ ok: true })
    }
    const serverFn = createClientRpc('test-fn-id') as unknown as (options: object) => Promise<unknown>
    await runWithStartContext({ startOptions: { serverFns: { fetch: createServerFnFetch(base) } } } as never, () => serverFn(options))
    expect(sent).toHaveLength(1)
    return sent[0]
  }

  it('a POST with data and context', async () => {
    const request = await recordCall({ method: 'POST', data: { slug: 'hello', when: new Date(0) }, context: { locale: 'en' } })
    expect(request.method).toBe('POST')
    expect(request.url).toBe('http://localhost:3000/_serverFn/test-fn-id?createServerFn')
    expect(request.headers.get('content-type')).toBe('application/json')
    const body: unknown = JSON.parse(await request.text())
    expect(fromJSON(body as never)).toEqual({
      data: { slug: 'hello', when: new Date(0) },
      context: { locale: 'en' },
    })
  })

  it('a POST with neither data nor context still carries the marker', async () => {
    const request = await recordCall({ method: 'POST' })
    expect(request.method).toBe('POST')
    expect(new URL(request.url).search).toBe('?createServerFn')
  })

  it('the marker joins an existing query and is never doubled', async () => {
    const request = await recordCall({ method: 'GET', data: { a: 1 } })
    const url = new URL(request.url)
    expect(url.searchParams.has('payload')).toBe(true)
    expect(url.searchParams.getAll('createServerFn')).toEqual([''])
    expect(withServerFnMarker('/_serverFn/x?createServerFn')).toBe('/_serverFn/x?createServerFn')
    expect(withServerFnMarker('/_serverFn/x?a=1&createServerFn=')).toBe('/_serverFn/x?a=1&createServerFn=')
    expect(withServerFnMarker('/_serverFn/x#top')).toBe('/_serverFn/x?createServerFn#top')
  })

  it('marks a URL object or a Request too', async () => {
    const seen: string[] = []
    const marked = createServerFnFetch(async (input) => {
      seen.push(input instanceof Request ? input.url : String(input))
      return Response.json(null)
    })
    await marked(new URL('http://localhost:3000/_serverFn/abc'))
    await marked(new Request('http://localhost:3000/_serverFn/abc?x=1', { method: 'POST', body: '{}' }))
    expect(seen).toEqual(['http://localhost:3000/_serverFn/abc?createServerFn', 'http://localhost:3000/_serverFn/abc?x=1&createServerFn'])
  })
})
