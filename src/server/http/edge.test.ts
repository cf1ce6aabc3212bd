import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authErrorPageResponse } from '~/server/auth/error-page'
import { demoPage } from '~/server/http/demo-page'
import { logger } from '~/server/logger'
import { handleAtEdge } from './edge'
import { appContentSecurityPolicy, withSecurityHeaders } from './security-headers'

const MB = 1024 * 1024

afterEach(() => {
  vi.restoreAllMocks()
})

const html = (body = '<html></html>', headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

describe('handleAtEdge', () => {
  it('gives each request an id, in the request the app sees and in the response', async () => {
    const seen: (string | null)[] = []
    const app = (request: Request) => {
      seen.push(request.headers.get('x-request-id'))
      return new Response('ok')
    }
    const first = await handleAtEdge(new Request('http://localhost/rpc/plan/getAll'), app)
    const second = await handleAtEdge(new Request('http://localhost/rpc/plan/getAll'), app)
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(seen).toEqual([first.headers.get('x-request-id'), second.headers.get('x-request-id')])
    expect(seen[0]).not.toBe(seen[1])
  })

  it.each([
    ['a sane incoming id is kept', 'proxy-7f3a.42:1', true],
    ['an id with spaces is replaced (it is written into log lines)', 'forged] error admin signed in', false],
    ['an overlong id is replaced', 'a'.repeat(129), false],
  ])('%s', async (_case, incoming, kept) => {
    const request = new Request('http://localhost/', { headers: { 'x-request-id': incoming } })
    const response = await handleAtEdge(request, () => new Response('ok'))
    if (kept) expect(response.headers.get('x-request-id')).toBe(incoming)
    else expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('puts the CSP with the nonce the app rendered with on an HTML page', async () => {
    let given = ''
    const response = await handleAtEdge(new Request('http://localhost/'), (_request, nonce) => {
      given = nonce
      return html(`<script nonce="${nonce}"></script>`)
    })
    expect(given).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain(`script-src 'self' 'nonce-${given}'`)
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "img-src 'self' https: data:"]) {
      expect(policy).toContain(directive)
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('gives every request its own nonce', async () => {
    const nonces = new Set<string>()
    for (let i = 0; i < 5; i++) await handleAtEdge(new Request('http://localhost/'), (_request, nonce) => (nonces.add(nonce), html()))
    expect(nonces.size).toBe(5)
  })

  it('keeps a policy the response chose itself, and puts none on JSON', async () => {
    const own = await handleAtEdge(new Request('http://localhost/'), () => html('', { 'content-security-policy': "default-src 'none'" }))
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'")
    const json = await handleAtEdge(new Request('http://localhost/rpc/plan/getAll'), () => Response.json({ ok: true }))
    expect(json.headers.get('content-security-policy')).toBeNull()
    expect(json.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('adds the headers to a response whose headers are immutable (a redirect)', async () => {
    const response = await handleAtEdge(new Request('http://localhost/keywords'), () => Response.redirect('http://localhost/', 302))
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('http://localhost/')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers an oversized body with 413 without calling the app, with the request id', async () => {
    const app = vi.fn(() => new Response('ok'))
    const request = new Request('http://localhost/rpc/newsletter/add', { method: 'POST', body: new Uint8Array(2 * MB) })
    const response = await handleAtEdge(request, app)
    expect(response.status).toBe(413)
    expect(response.headers.get('x-request-id')).toBeTruthy()
    expect(app).not.toHaveBeenCalled()
  })

  it('logs a failure of the app with the request id and answers 500', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const response = await handleAtEdge(new Request('http://localhost/blog', { headers: { 'x-request-id': 'req-1' } }), () => {
      throw new Error('render exploded')
    })
    expect(response.status).toBe(500)
    expect(response.headers.get('x-request-id')).toBe('req-1')
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0][0]).toBe('GET /blog failed (request req-1)')
    expect(String(error.mock.calls[0][1])).toContain('render exploded')
  })
})

describe('withSecurityHeaders', () => {
  it('gives an HTML page with no nonce a policy that allows no inline script', () => {
    const policy = withSecurityHeaders(html()).headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(policy).toBe(appContentSecurityPolicy(policy.match(/'nonce-([^']+)'/)![1]))
  })
})

/** The sha256 CSP source of the page's one <style>, as the browser computes it. */
async function styleHashOf(response: Response) {
  const page = await response.text()
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1])
  expect(styles).toHaveLength(1)
  return `'sha256-${createHash('sha256').update(styles[0]).digest('base64')}'`
}

describe('pages outside React', () => {
  it.each([
    ['a demo stand-in page', () => demoPage('Checkout', '<h1>Checkout</h1><form method="post"><button>Pay</button></form>')],
    ['the auth error page', () => authErrorPageResponse(new Request('http://localhost/api/auth/error?error=ACCESS_DENIED'), '/api/auth')!],
  ])('%s allows its own <style> by hash and no script', async (_page, render) => {
    const response = render()
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain(`style-src ${await styleHashOf(response)}`)
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toContain('script-src')
  })
})
