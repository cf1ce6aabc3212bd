import { ORPCError } from '@orpc/client'
import { createTanstackQueryUtils } from '@orpc/tanstack-query'
import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { createBrowserRpcClient, PLAN_CACHE_MS, plansQueryOptions, RPC_MAX_GET_URL_LENGTH, toRouterRedirect } from './orpc'

const ORIGIN = 'https://app.example.com'

/** A browser client whose fetch records each request and answers with `reply`. */
function recordingClient(reply: () => Response = () => Response.json({ json: null })) {
  const calls: { method: string; url: string; credentials?: RequestCredentials; headers: Headers }[] = []
  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input as Request
    calls.push({ method: request.method, url: request.url, credentials: init?.credentials, headers: request.headers })
    return reply()
  }) as unknown as typeof fetch
  const client = createBrowserRpcClient({ origin: ORIGIN, fetch: fakeFetch })
  return { client, orpc: createTanstackQueryUtils(client), calls }
}

const runQuery = (options: { queryFn?: unknown }) =>
  (options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({ signal: new AbortController().signal })

describe('request method (GET up to 2083 characters, else POST: docs/product/messages.md)', () => {
  it('sends a query as GET to ${origin}/rpc with its input in the query string, cookies included', async () => {
    const { orpc, calls } = recordingClient()
    await runQuery(orpc.business.get.queryOptions({ input: { businessId: 'abc' } }))
    expect(calls).toHaveLength(1)
    expect(calls[0].method).toBe('GET')
    const url = new URL(calls[0].url)
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/rpc/business/get`)
    expect(JSON.parse(url.searchParams.get('data')!)).toMatchObject({ json: { businessId: 'abc' } })
    expect(calls[0].credentials).toBe('include')
  })

  it('keeps GET at exactly 2083 characters and switches to POST at 2084', async () => {
    const { orpc, calls } = recordingClient()
    const urlLengthFor = (pad: string) => {
      const url = new URL(`${ORIGIN}/rpc/business/get`)
      url.searchParams.append('data', JSON.stringify({ json: { businessId: pad } }))
      return url.toString().length
    }
    const exact = 'x'.repeat(RPC_MAX_GET_URL_LENGTH - urlLengthFor(''))
    expect(urlLengthFor(exact)).toBe(2083)

    await runQuery(orpc.business.get.queryOptions({ input: { businessId: exact } }))
    await runQuery(orpc.business.get.queryOptions({ input: { businessId: `${exact}x` } }))
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST'])
    expect(calls[0].url.length).toBe(2083)
    expect(calls[1].url).toBe(`${ORIGIN}/rpc/business/get`)
  })

  it('sends mutations and direct calls as GET too while they fit, with the CSRF header', async () => {
    const { orpc, client, calls } = recordingClient()
    const options = orpc.newsletter.add.mutationOptions()
    await (options.mutationFn as (input: unknown) => Promise<unknown>)({ email: 'a@b.co' })
    await client.plan.getAll()
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET'])
    expect(calls.map((c) => c.headers.get('x-csrf-token'))).toEqual(['orpc', 'orpc'])
  })

  it('passes extra headers from the call context', async () => {
    const { orpc, calls } = recordingClient()
    await runQuery(orpc.plan.getAll.queryOptions({ context: { headers: { 'x-extra': 'yes' } } }))
    expect(calls[0].headers.get('x-extra')).toBe('yes')
  })
})

describe('plan list cache', () => {
  it('keeps plans 24 hours', () => {
    const options = plansQueryOptions()
    expect(PLAN_CACHE_MS).toBe(86_400_000)
    expect(options).toMatchObject({ staleTime: 86_400_000, gcTime: 86_400_000 })
  })
})

describe('redirects thrown by procedures', () => {
  const failing = (data: unknown) => () =>
    Response.json({ json: { defined: false, code: 'PRECONDITION_FAILED', status: 412, message: 'Set up first.', data } }, { status: 412 })

  it('a redirectTo payload reaches the caller as a TanStack Router redirect', async () => {
    const { orpc } = recordingClient(failing({ reason: 'BUSINESS_REQUIRED', redirectTo: '/setup?checkout=true' }))
    const thrown = await runQuery(orpc.keyword.list.queryOptions()).catch((error: unknown) => error)
    expect(isRedirect(thrown)).toBe(true)
    expect((thrown as { options: { href: string } }).options.href).toBe('/setup?checkout=true')
  })

  it('other errors stay ORPCErrors', async () => {
    const { orpc } = recordingClient(failing({ reason: 'SOMETHING' }))
    await expect(runQuery(orpc.keyword.list.queryOptions())).rejects.toBeInstanceOf(ORPCError)
  })

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'setup', 42])('ignores the unsafe target %j', (target) => {
    const error = new ORPCError('FORBIDDEN', { data: { reason: 'X', redirectTo: target } })
    expect(toRouterRedirect(error)).toBe(error)
  })
})
