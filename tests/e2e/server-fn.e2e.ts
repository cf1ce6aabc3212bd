import type { Request as BrowserRequest } from 'playwright-core'
import { fromJSON } from 'seroval'
import { describe, expect, it } from 'vitest'
import { ARTICLES } from '~/features/blog/articles'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'

// The server-function transport in the production build (src/lib/server-fn.ts): what Chromium
// sends when a page calls a server function, and what the server accepts from elsewhere.
const server = e2eServer()
const visitors = useBrowser()

const isServerFnCall = (request: BrowserRequest) => new URL(request.url()).pathname.startsWith('/_serverFn/')

/** Opens the blog, then an article by client-side navigation: its loader calls getArticle({ data: slug }). */
async function recordArticleLoad() {
  const page = (await visitors.visit(server.baseUrl)).page
  await gotoHydrated(page, '/blog')
  const calls: BrowserRequest[] = []
  page.on('request', (request) => {
    if (isServerFnCall(request)) calls.push(request)
  })
  const article = ARTICLES[0]
  await page.getByRole('link', { name: article.title }).click()
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor()
  const withSlug = calls.find((request) => request.postData()?.includes(article.slug))
  return { calls, withSlug, article }
}

describe('server functions in Chromium', () => {
  it('are posted to /_serverFn/{id}?createServerFn with a JSON body holding the data', async () => {
    const { calls, withSlug, article } = await recordArticleLoad()
    expect(calls.length).toBeGreaterThan(0)
    for (const request of calls) {
      const url = new URL(request.url())
      expect(request.method()).toBe('POST')
      expect(url.pathname).toMatch(/^\/_serverFn\/[^/]+$/)
      expect(url.search).toBe('?createServerFn')
    }
    expect(withSlug).toBeDefined()
    expect(await withSlug!.headerValue('content-type')).toBe('application/json')
    expect(fromJSON(JSON.parse(withSlug!.postData()!))).toEqual({ data: article.slug })
  })

  it('the server takes a call from its own pages only, and as a POST only', async () => {
    const { withSlug, article } = await recordArticleLoad()
    const url = withSlug!.url()
    const body = withSlug!.postData()!
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-tsr-serverfn': 'true', ...headers } })

    const sameSite = await post({ 'sec-fetch-site': 'same-origin' })
    expect(sameSite.status).toBe(200)
    expect(await sameSite.text()).toContain(article.title)

    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await post({})).status).toBe(403)

    const asGet = await fetch(url, { headers: { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' } })
    expect(asGet.status).toBe(405)
  })
})
