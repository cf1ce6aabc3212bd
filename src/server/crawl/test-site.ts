import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Resolver } from './safe-fetch'

/**
 * Tests only: a small web site served on 127.0.0.1 by the test itself, recording every request
 * it receives so tests can assert what reached it (and, above all, what did not).
 */

export type Route = (request: IncomingMessage, response: ServerResponse, site: TestSite) => void

export interface TestSite {
  origin: string
  port: number
  requests: { path: string; headers: IncomingMessage['headers'] }[]
  routes: Map<string, Route>
  close: () => Promise<void>
}

export async function startTestSite(routes: Record<string, Route> = {}): Promise<TestSite> {
  const site = emptySite(routes)
  await listen(site)
  return site
}

/**
 * One test site for a test file: served before its tests, emptied of routes and recorded requests
 * after each test, closed after all of them.
 */
export function useTestSite(): TestSite {
  const site = emptySite()
  beforeAll(() => listen(site))
  afterEach(() => {
    site.requests.length = 0
    site.routes.clear()
  })
  afterAll(() => site.close())
  return site
}

const emptySite = (routes: Record<string, Route> = {}) => ({ requests: [], routes: new Map(Object.entries(routes)) }) as unknown as TestSite

async function listen(site: TestSite) {
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    site.requests.push({ path, headers: request.headers })
    const route = site.routes.get(path)
    if (route) return route(request, response, site)
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  site.port = (server.address() as AddressInfo).port
  site.origin = `http://127.0.0.1:${site.port}`
  site.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
}

export const html =
  (body: string, status = 200): Route =>
  (_request, response) =>
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body)

export const xml =
  (body: string): Route =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/xml' }).end(body)

export const text =
  (body: string): Route =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/plain' }).end(body)

export const redirect =
  (location: string | ((site: TestSite) => string), status = 302): Route =>
  (_request, response, site) =>
    response.writeHead(status, { location: typeof location === 'string' ? location : location(site) }).end()

/** A resolver answering from a table, so tests need no real DNS; unknown names are ENOTFOUND. */
export function resolverFrom(table: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const addresses = table[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
}
