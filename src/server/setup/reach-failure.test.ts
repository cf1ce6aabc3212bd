import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSafeFetcher, SafeFetchError, type Resolver, type SafeFetcherOptions } from '~/server/outbound/safe-fetch'
import { blockedAddressMessage } from '~/server/outbound/address-policy'
import { classifyReachFailure } from './reach-failure'

// Each failure is raised by the real fetcher: resolvers that fail the way Node's dns module does,
// and servers on 127.0.0.1 that refuse, hang or answer 403.
const UA = 'RankpilotBot/1.0 (+https://rankpilot.test)'

/** A dns.lookup failure as Node raises it: getaddrinfo's code, libuv errno, syscall and hostname. */
const lookupError = (code: string, errno: number) => {
  const resolve: Resolver = (hostname) =>
    Promise.reject(Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, errno, syscall: 'getaddrinfo', hostname }))
  return resolve
}

async function failureOf(url: string, options: Partial<SafeFetcherOptions> = {}) {
  const error = await createSafeFetcher({ userAgent: UA, allowLoopback: true, ...options })(url, { expect: ['html'] }).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(SafeFetchError)
  return classifyReachFailure(error as SafeFetchError)
}

let server: Server
let origin: string
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/forbidden') return void response.writeHead(403, { 'content-type': 'text/html' }).end('no')
    if (request.url === '/broken') return void response.writeHead(503, { 'content-type': 'text/html' }).end('down')
    // /hang: never answers.
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('classifyReachFailure', () => {
  it('says a domain does not exist only on the resolver’s "no such name" (NXDOMAIN)', async () => {
    expect(await failureOf('https://nope.test/', { resolve: lookupError('ENOTFOUND', -3008) })).toEqual({
      kind: 'not_found',
      host: 'nope.test',
      message: 'nope.test does not exist. Check the address for typos.',
    })
  })

  it('calls any other DNS trouble a failed lookup: EAI_AGAIN, SERVFAIL, a name without addresses', async () => {
    const failed = { kind: 'dns_failed', host: 'bakery.test', message: 'We could not reach bakery.test (DNS lookup failed).' }
    expect(await failureOf('https://bakery.test/', { resolve: lookupError('EAI_AGAIN', -3001) })).toEqual(failed)
    // dns.resolve's SERVFAIL and time-out codes.
    for (const code of ['ESERVFAIL', 'ETIMEOUT']) {
      const resolve: Resolver = () => Promise.reject(Object.assign(new Error(`queryA ${code} bakery.test`), { code, syscall: 'queryA' }))
      expect(await failureOf('https://bakery.test/', { resolve })).toEqual(failed)
    }
    // EAI_NODATA: Node folds it into ENOTFOUND, but the name exists.
    expect(await failureOf('https://bakery.test/', { resolve: lookupError('ENOTFOUND', -3007) })).toEqual(failed)
    expect(await failureOf('https://bakery.test/', { resolve: async () => [] })).toEqual(failed)
  })

  it('calls a lookup that outlives the time cap, or a site that never answers, timed out', async () => {
    const hanging: Resolver = () => new Promise(() => {})
    expect(await failureOf('https://slow.test/', { resolve: hanging, timeoutMs: 100 })).toMatchObject({
      kind: 'timed_out',
      message: 'We could not reach slow.test (timed out).',
    })
    const host = new URL(origin).host
    expect(await failureOf(`${origin}/hang`, { timeoutMs: 150 })).toEqual({
      kind: 'timed_out',
      host,
      message: `We could not reach ${host} (timed out).`,
    })
  })

  it('names a refused connection', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    expect(await failureOf(`http://127.0.0.1:${port}/`)).toEqual({
      kind: 'refused',
      host: `127.0.0.1:${port}`,
      message: `We could not reach 127.0.0.1:${port} (connection refused).`,
    })
  })

  it('gives the HTTP status of an error answer', async () => {
    const host = new URL(origin).host
    expect(await failureOf(`${origin}/forbidden`)).toEqual({ kind: 'http_status', host, message: `We could not reach ${host} (HTTP 403).` })
    expect((await failureOf(`${origin}/broken`)).message).toBe(`We could not reach ${host} (HTTP 503).`)
  })

  it('keeps the address policy’s own sentence for a private address', async () => {
    expect(await failureOf('http://10.0.0.7/', { allowLoopback: false })).toEqual({
      kind: 'blocked',
      host: '10.0.0.7',
      message: blockedAddressMessage('http://10.0.0.7/', 'private'),
    })
  })
})
