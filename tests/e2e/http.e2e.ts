import { describe, expect, it } from 'vitest'
import { createHttpClient, e2eServer, TEST_PASSWORD, uniqueEmail } from '../fixtures/e2e-server'
import { deferredScriptUrls } from '../fixtures/page-scripts'

// The running production server over plain HTTP: what a crawler, a curl or better-auth's client sees.
const server = e2eServer()

describe('server-rendered pages', () => {
  it('/ answers 200 with the product title and lang="en" in the HTML', async () => {
    const { response } = await createHttpClient(server.baseUrl).get('/')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(html).toContain('<title>Rankpilot | seo on auto-pilot</title>')
    expect(html).toMatch(/<html lang="en"/)
  })

  it('gzips the page for a client that accepts it (fetch decodes it), and sends it plain to one that does not', async () => {
    const gzipped = await fetch(server.url('/'), { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toMatch(/Accept-Encoding/i)
    expect(await gzipped.text()).toContain('<title>Rankpilot | seo on auto-pilot</title>')
    const plain = await fetch(server.url('/'), { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('<title>Rankpilot | seo on auto-pilot</title>')
  })

  it('lets browsers keep the hashed /assets/ files a year, compressed; other static files and pages are not marked immutable', async () => {
    const html = await (await fetch(server.url('/'))).text()
    const script = deferredScriptUrls(html)[0]
    expect(script).toBeDefined()
    const asset = await fetch(server.url(script!), { headers: { 'accept-encoding': 'br, gzip' } })
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('max-age=31536000, immutable')
    expect(asset.headers.get('content-encoding')).toMatch(/^(br|gzip)$/)
    const logo = await fetch(server.url('/logo.svg'))
    expect(logo.status).toBe(200)
    expect(logo.headers.get('cache-control') ?? '').not.toContain('immutable')
    const page = await fetch(server.url('/'))
    expect(page.headers.get('cache-control') ?? '').not.toContain('immutable')
    const missing = await fetch(server.url('/assets/no-such-file-00000000.js'))
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable')
  })

  it('GET /api/auth/error?error=SOME_CODE shows the code in an HTML page', async () => {
    const { response } = await createHttpClient(server.baseUrl).get('/api/auth/error?error=SOME_CODE')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(await response.text()).toContain('SOME_CODE')
  })
})

describe('auth API', () => {
  it('GET /api/auth/ok answers {"ok":true}', async () => {
    const { response } = await createHttpClient(server.baseUrl).get('/api/auth/ok')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
  })

  const signUpErrors = [
    { case: 'an invalid email', body: { email: 'not-an-email', password: TEST_PASSWORD }, status: 400, message: 'Invalid email' },
    {
      case: 'a 7-character password',
      body: { email: uniqueEmail('short'), password: '1234567' },
      status: 400,
      message: 'Password too short',
    },
  ]
  it.each(signUpErrors)('sign-up with $case fails with "$message"', async ({ body, status, message }) => {
    const { response } = await createHttpClient(server.baseUrl).post('/api/auth/sign-up/email', { name: 'E2E User', ...body })
    expect(response.status).toBe(status)
    expect(await response.json()).toMatchObject({ message })
  })

  it('sign-in with a wrong password fails with "Invalid email or password"', async () => {
    const { email } = await createHttpClient(server.baseUrl).signUp()
    const { response } = await createHttpClient(server.baseUrl).post('/api/auth/sign-in/email', { email, password: 'wrong password!' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ message: 'Invalid email or password' })
  })

  it('sign-up sets a session cookie that get-session reads back', async () => {
    const http = createHttpClient(server.baseUrl)
    const { userId, email } = await http.signUp({ name: 'Ada Lovelace' })
    expect(http.cookie()).toMatch(/session_token=/)
    const session = await http.session()
    expect(session?.user).toMatchObject({ id: userId, email, name: 'Ada Lovelace', emailVerified: false })
  })

  it('sign-in with the right password starts a session', async () => {
    const { email, password, userId } = await createHttpClient(server.baseUrl).signUp()
    const http = createHttpClient(server.baseUrl)
    const { response } = await http.post('/api/auth/sign-in/email', { email, password })
    expect(response.status).toBe(200)
    expect((await http.session())?.user.id).toBe(userId)
  })
})

describe('access gate', () => {
  it('/keywords without a session redirects to /', async () => {
    const { response, url, redirects } = await createHttpClient(server.baseUrl).get('/keywords')
    expect(redirects.length).toBeGreaterThan(0)
    expect(url.pathname).toBe('/')
    expect(response.status).toBe(200)
  })

  it('/keywords with a session and no plan redirects to /paywall', async () => {
    const http = createHttpClient(server.baseUrl)
    await http.signUp()
    const { response, url, redirects } = await http.get('/keywords')
    expect(redirects.length).toBeGreaterThan(0)
    expect(url.pathname).toBe('/paywall')
    expect(response.status).toBe(200)
  })
})

describe('sign-out', () => {
  it('POST /api/auth/sign-out ends the session', async () => {
    const http = createHttpClient(server.baseUrl)
    await http.signUp()
    expect(await http.session()).not.toBeNull()
    const { response } = await http.post('/api/auth/sign-out', {})
    expect(response.status).toBe(200)
    expect(await http.session()).toBeNull()
  })
})
