import { isRedirect } from '@tanstack/react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cookieFrom, createTestApp, TEST_APP_URL, type TestApp } from '~tests/fixtures/test-app'
import { createBrowserRpcClient } from '~/lib/orpc'
import { createTanstackQueryUtils } from '@orpc/tanstack-query'
import { handleRpcRequest } from './rpc-handler'
import { resetNewsletterRateLimit } from '~/server/newsletter/newsletter.router'
import { insertBusiness, rpcFetch } from '~tests/fixtures/rpc'

/** The fetch handler of src/routes/rpc/$.ts, on the test database, as a browser reaches it. */
let app: TestApp
let owner: { userId: string; cookie: string }

beforeAll(async () => {
  app = await createTestApp()
  owner = await app.signUp({ plan: 'Growth' })
})
afterAll(() => app?.close())
// newsletter.add is limited per client address; these requests carry none, so they share one bucket.
beforeEach(() => resetNewsletterRateLimit())

function request(path: string, init: { method?: string; input?: unknown; cookie?: string; csrfHeader?: boolean } = {}) {
  const method = init.method ?? 'GET'
  const url = new URL(`${TEST_APP_URL}/rpc${path}`)
  const headers = new Headers({ origin: TEST_APP_URL })
  if (init.csrfHeader !== false) headers.set('x-csrf-token', 'orpc')
  if (init.cookie) headers.set('cookie', init.cookie)
  let body: string | undefined
  if (method === 'GET') {
    if (init.input !== undefined) url.searchParams.set('data', JSON.stringify({ json: init.input }))
  } else {
    headers.set('content-type', 'application/json')
    body = JSON.stringify({ json: init.input })
  }
  const req = new Request(url, { method, headers, body })
  return handleRpcRequest(req, { db: app.db, auth: app.auth, providers: app.providers, headers: req.headers })
}

describe('/rpc over HTTP', () => {
  it('GET answers a query', async () => {
    const response = await request('/plan/getAll')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { json: { name: string }[] }
    expect(body.json.map((p) => p.name)).toEqual(['Starter', 'Growth', 'Agency'])
  })

  it('POST answers a mutation', async () => {
    const response = await request('/newsletter/add', { method: 'POST', input: { email: 'http@example.com' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ json: { success: true } })
  })

  it('POST also answers a query (the fallback for long URLs)', async () => {
    const response = await request('/plan/getAll', { method: 'POST' })
    expect(response.status).toBe(200)
  })

  it('GET also answers a mutation (GET whenever the URL fits)', async () => {
    const response = await request('/newsletter/add', { input: { email: 'get@example.com' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ json: { success: true } })
  })

  it.each(['GET', 'POST'])('refuses a %s without the CSRF header (a cross-site link or form) with 403', async (method) => {
    const response = await request('/newsletter/add', { method, input: { email: 'csrf@example.com' }, csrfHeader: false })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ json: { code: 'CSRF_TOKEN_MISMATCH' } })
    const after = await request('/newsletter/add', { input: { email: 'csrf@example.com' } })
    expect(after.status).toBe(200)
  })

  it.each([
    ['/business/list', 'GET', undefined, 401, 'UNAUTHORIZED'],
    ['/newsletter/add', 'POST', { email: 'nope' }, 400, 'BAD_REQUEST'],
    ['/business/get', 'GET', { businessId: 'doesnotexist' }, 404, 'NOT_FOUND'],
  ] as const)('%s (%s) fails with %i %s', async (path, method, input, status, code) => {
    const response = await request(path, { method, input, cookie: path === '/business/list' ? undefined : owner.cookie })
    expect(response.status).toBe(status)
    expect(await response.json()).toMatchObject({ json: { code, status } })
  })

  it('an unknown procedure is 404', async () => {
    expect((await request('/nothing/here')).status).toBe(404)
  })

  it('business.select re-issues the session cookie, so the session shows the new selection at once', async () => {
    const first = await insertBusiness(app, owner.userId)
    const second = await insertBusiness(app, owner.userId)
    // Prime the session cookie cache with the old (null) selection.
    const before = await app.authRequest('/get-session', { cookie: owner.cookie })
    const cached = cookieFrom(before, owner.cookie)
    expect(((await before.json()) as { user: { selectedBusiness: string | null } }).user.selectedBusiness ?? null).toBeNull()

    const response = await request('/business/select', { method: 'POST', input: { businessId: second.id }, cookie: cached })
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().some((c) => c.includes('session_data'))).toBe(true)

    const after = await app.authRequest('/get-session', { cookie: cookieFrom(response, cached) })
    expect(((await after.json()) as { user: { selectedBusiness: string } }).user.selectedBusiness).toBe(second.id)
    expect(first.id).not.toBe(second.id)
  })
})

describe('the browser client against the handler', () => {
  const browser = () => createTanstackQueryUtils(createBrowserRpcClient({ origin: TEST_APP_URL, fetch: rpcFetch(app) }))

  it('runs a query (GET) with the cookie passed as an extra header', async () => {
    const business = await insertBusiness(app, owner.userId, { name: 'Via browser client' })
    const options = browser().business.get.queryOptions({
      input: { businessId: business.id },
      context: { headers: { cookie: owner.cookie } },
    })
    const found = await options.queryFn!({ signal: new AbortController().signal } as never)
    expect(found).toMatchObject({ id: business.id, name: 'Via browser client' })
  })

  it('runs a mutation (GET) through the CSRF check', async () => {
    const options = browser().newsletter.add.mutationOptions()
    await expect(options.mutationFn!({ email: 'client@example.com' }, {} as never)).resolves.toEqual({ success: true })
  })

  it('turns a redirect payload into a TanStack Router redirect', async () => {
    const fresh = await app.signUp({ plan: 'Growth' })
    const options = browser().keyword.list.queryOptions({ context: { headers: { cookie: fresh.cookie } } })
    const thrown = await Promise.resolve(options.queryFn!({ signal: new AbortController().signal } as never)).catch(
      (error: unknown) => error,
    )
    expect(isRedirect(thrown)).toBe(true)
    expect((thrown as { options: { href: string } }).options.href).toBe('/setup')
  })
})
