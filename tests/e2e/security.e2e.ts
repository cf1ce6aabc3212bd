import type { BrowserContext, Page, Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, pathOf, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2eServer } from '../fixtures/e2e-server'

// Every page a visitor can reach renders under the Content-Security-Policy (src/server/http/):
// the header is there, the app still hydrates (its scripts carry the nonce), and Chromium reports
// no violation, neither as a `securitypolicyviolation` event nor on the console.
const server = e2eServer()
const browser = useBrowser()

const ARTICLE = '/blog/how-to-find-keywords-you-can-actually-rank-for'

declare global {
  interface Window {
    cspViolations?: string[]
  }
}

/**
 * Records the CSP violations of the context's pages: `securitypolicyviolation` events, kept per
 * document by an init script (read them before leaving a page), and console messages that name
 * the policy.
 */
async function watchViolations(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    window.cspViolations = []
    const record = (event: SecurityPolicyViolationEvent) => {
      const where = `${event.sourceFile}:${event.lineNumber}`
      window.cspViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${where})`)
    }
    document.addEventListener('securitypolicyviolation', record, true)
  })
  const console: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) console.push(message.text())
  })
  /** The violations of the current document plus every console report so far. */
  return async () => [...((await page.evaluate(() => window.cspViolations ?? [])) as string[]), ...console]
}

function expectPolicy(response: Response | null, path: string) {
  expect(response, path).not.toBeNull()
  const policy = response!.headers()['content-security-policy'] ?? ''
  expect(policy, path).toContain("frame-ancestors 'none'")
  expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  expect(response!.headers()['x-content-type-options'], path).toBe('nosniff')
}

/** Opens each path, waits for hydration, and checks the policy and that nothing was blocked. */
async function visitAll(page: Page, violations: () => Promise<string[]>, paths: string[]) {
  for (const path of paths) {
    const response = await gotoHydrated(page, path)
    expectPolicy(response, path)
    expect(await violations(), path).toEqual([])
  }
}

describe('Content-Security-Policy in Chromium', () => {
  it('public pages, the 404 page and the sign-in pages hydrate with no violation', async () => {
    const { context, page } = await browser.visit(server.baseUrl)
    const violations = await watchViolations(context, page)
    await visitAll(page, violations, [
      '/',
      '/blog',
      '/blog/index_old',
      ARTICLE,
      '/privacy-policy',
      '/terms-of-service',
      '/sign-in',
      '/sign-up',
      '/forgot-password',
      '/reset-password',
    ])
    const missing = await gotoHydrated(page, '/no-such-page')
    expect(missing?.status()).toBe(404)
    expectPolicy(missing, '/no-such-page')

    // The toaster (sonner, loaded when the browser is idle) injects its own styles.
    await page.locator('section[aria-label^="Notifications"]').waitFor({ state: 'attached' })
    // A client-side navigation renders the article's head scripts in the browser.
    await gotoHydrated(page, '/blog')
    await page.locator(`a[href="${ARTICLE}"]`).first().click()
    await page.waitForURL((url) => url.pathname === ARTICLE)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await violations()).toEqual([])
  })

  it('every page of the app, signed into the demo account (plan and business), hydrates with no violation', async () => {
    const { context, page } = await browser.visit(server.baseUrl)
    const violations = await watchViolations(context, page)
    // A page error here is most often a hydration mismatch (React #418): the server's HTML and the
    // client's first render disagreed, and the page was thrown away and rendered again.
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(`${new URL(page.url()).pathname}: ${error.message}`))
    // "Explore the demo" is a plain form post that redirects into the app (form-action 'self').
    await gotoHydrated(page, '/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords')
    await page.getByTestId('keywords-total').waitFor()
    expect(await violations()).toEqual([])

    const reached: string[] = []
    for (const path of [
      '/keywords',
      '/keywords/clusters',
      '/content',
      '/performance',
      '/competitors',
      '/history',
      '/integrations',
      '/settings',
      '/setup',
      '/paywall',
    ]) {
      const response = await gotoHydrated(page, path)
      expectPolicy(response, path)
      expect(await violations(), path).toEqual([])
      reached.push(pathOf(page))
    }
    expect(pageErrors).toEqual([])
    // Each page rendered itself, not a redirect to another one.
    expect(reached).toEqual([
      '/keywords',
      '/keywords/clusters',
      '/content',
      '/performance',
      '/competitors',
      '/history',
      '/integrations',
      '/settings',
      '/setup',
      '/paywall',
    ])
  })

  it('the demo stand-ins (Google consent, Polar checkout and portal) and the auth error page render styled, no violation', async () => {
    const http = createHttpClient(server.baseUrl)
    await http.signUp()
    const { context, page } = await browser.visit(server.baseUrl, http)
    const violations = await watchViolations(context, page)

    // Polar's checkout, reached as a new user does: the gate's paywall, then "Choose Growth".
    await gotoHydrated(page, '/paywall')
    const growth = page.getByRole('listitem').filter({ has: page.getByText('Growth', { exact: true }) })
    const checkout = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/demo/polar/checkout/'))
    await growth.getByRole('button', { name: 'Choose Growth' }).click()
    expectPolicy(await checkout, 'checkout')
    await page.getByRole('button', { name: /^Pay / }).waitFor()
    expect(await violations(), 'checkout').toEqual([])

    const pages: [string, string][] = [
      ['/demo/polar/portal', 'This billing session has expired'],
      ['/api/auth/error?error=access_denied', 'access_denied'],
    ]
    for (const [path, text] of pages) {
      const response = await page.goto(path)
      expectPolicy(response, path)
      await page.getByText(text).first().waitFor()
      expect(await violations(), path).toEqual([])
    }

    // Google's consent screen, reached from "Continue with Google" signed out.
    await context.clearCookies()
    await gotoHydrated(page, '/sign-in')
    const consent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/demo/google/consent')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    expectPolicy(await consent, 'consent')
    await page.getByRole('button', { name: 'Continue' }).waitFor()

    // The stand-ins' stylesheet applied (the hash matched): the page background is the dark theme's.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 17, 32)')
    expect(await violations()).toEqual([])
  })
})
