import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { handleRpcRequest } from '~/server/app/rpc-handler'
import type { Database } from '~/server/db'
import { logger } from '~/server/logger'
import { handleAtEdge } from './edge'

/** /rpc as src/server.ts serves it: through the edge (request id, headers) into the oRPC handler. */
let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app?.close())
afterEach(() => {
  vi.restoreAllMocks()
})

/** The test database, except that every query fails the way a dropped connection does: a plain Error. */
function failingDatabase(): Database {
  return new Proxy(app.db, {
    get(target, property, receiver) {
      if (property === 'select' || property === 'insert') {
        return () => {
          throw new Error('connection terminated unexpectedly')
        }
      }
      return Reflect.get(target, property, receiver)
    },
  })
}

function call(path: string, init: { db?: Database; method?: string; input?: unknown; requestId?: string } = {}) {
  const url = new URL(`${TEST_APP_URL}/rpc${path}`)
  const headers = new Headers({ origin: TEST_APP_URL, 'x-csrf-token': 'orpc' })
  if (init.requestId) headers.set('x-request-id', init.requestId)
  const method = init.method ?? 'GET'
  let body: string | undefined
  if (method === 'GET') url.searchParams.set('data', JSON.stringify({ json: init.input }))
  else {
    headers.set('content-type', 'application/json')
    body = JSON.stringify({ json: init.input })
  }
  return handleAtEdge(new Request(url, { method, headers, body }), (request) =>
    handleRpcRequest(request, { db: init.db ?? app.db, auth: app.auth, providers: app.providers, headers: request.headers }),
  )
}

describe('5xx on /rpc', () => {
  it('a procedure throwing a plain Error: 500 with x-request-id, and one log line with that id, the procedure and the stack', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const response = await call('/plan/getAll', { db: failingDatabase() })

    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ json: { code: 'INTERNAL_SERVER_ERROR', status: 500 } })
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)

    expect(error).toHaveBeenCalledTimes(1)
    const [line, stack] = error.mock.calls[0]
    expect(line).toBe(`rpc plan.getAll failed with 500 (request ${requestId})`)
    expect(stack).toMatch(/^Error: connection terminated unexpectedly\n\s+at /)
  })

  it('logs under the id a proxy gave the request', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const input = { email: 'log@example.com' }
    const response = await call('/newsletter/add', { db: failingDatabase(), method: 'POST', input, requestId: 'lb-1234' })
    expect(response.status).toBe(500)
    expect(response.headers.get('x-request-id')).toBe('lb-1234')
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0][0]).toBe('rpc newsletter.add failed with 500 (request lb-1234)')
  })

  it.each([
    ['a bad input (400)', '/newsletter/add', { email: 'nope' }, 400],
    ['a signed-out call (401)', '/business/list', undefined, 401],
  ])('does not log %s, which is the caller’s', async (_case, path, input, status) => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const response = await call(path, { input })
    expect(response.status).toBe(status)
    expect(response.headers.get('x-request-id')).toBeTruthy()
    expect(error).not.toHaveBeenCalled()
  })

  it('a successful call logs nothing and carries its request id too', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const response = await call('/plan/getAll')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBeTruthy()
    expect(error).not.toHaveBeenCalled()
  })
})
