import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2eServer, uniqueEmail } from '../fixtures/e2e-server'

// Google sign-in in demo mode (docs/product/services.md): the suite's PGlite server has no Google credentials, so
// "Continue with Google" goes to the local stand-in consent page, and Continue comes back through
// better-auth's real callback, whose code exchange the server's demo network answers.
const server = e2eServer()
const visitors = useBrowser()

const CONSENT_PATH = '/api/demo/google/consent'
const DEMO_LABEL = "Demo mode — this stands in for Google's consent screen"
const siteNav = (page: Page) => page.getByRole('navigation', { name: 'Site' })
const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

/** The visitor's own choice on the sign-in page ("Start ranking" never opens the stand-in: public-site.e2e.ts). */
async function continueWithGoogle(page: Page) {
  await gotoHydrated(page, '/sign-in')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await waitForPath(page, CONSENT_PATH)
}

describe('demo Google sign-in (no Google credentials)', () => {
  it('Continue with Google → stand-in consent → Continue → signed in, and the gate sends the new user to /paywall', async () => {
    const { page, context } = await visitors.visit(server.baseUrl)
    // Nothing may leave for Google: the whole round trip stays on this server.
    const outside: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl)) outside.push(request.url())
    })
    await continueWithGoogle(page)

    await expect.poll(() => page.getByText(DEMO_LABEL).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Rankpilot with Google')
    expect(await page.getByText('See your primary Google Account email address').isVisible()).toBe(true)
    const email = page.getByLabel('Email')
    expect(await email.inputValue()).toBe('demo@rankpilot.example')

    const address = uniqueEmail('demo-google')
    await email.fill(address)
    await page.getByRole('button', { name: 'Continue' }).click()
    await waitForPath(page, '/paywall')
    expect(outside).toEqual([])

    const http = createHttpClient(server.baseUrl)
    const sessionCookie = (await context.cookies()).find((cookie) => cookie.name.endsWith('session_token'))!
    const session = await http.request('/api/auth/get-session?disableCookieCache=true', {
      headers: { cookie: `${sessionCookie.name}=${sessionCookie.value}` },
    })
    expect(await session.response.json()).toMatchObject({ user: { email: address, emailVerified: true } })
  })

  it('Cancel on the consent page ends on the sign-in page with access_denied, signed out', async () => {
    const { page, context } = await visitors.visit(server.baseUrl)
    await continueWithGoogle(page)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('error') === 'access_denied')
    expect((await context.cookies()).some((cookie) => cookie.name.endsWith('session_token'))).toBe(false)
  })

  it('Connect Search Console asks for the read-only scope; Cancel comes back to /integrations with the reason', async () => {
    const http = createHttpClient(server.baseUrl)
    await http.signUp()
    const { page } = await visitors.visit(server.baseUrl, http)
    await gotoHydrated(page, '/')
    await siteNav(page).getByRole('button', { name: 'Connect Search Console' }).click()
    await waitForPath(page, CONSENT_PATH)
    expect(await page.getByText('View Search Console data for your verified sites').isVisible()).toBe(true)
    // This user has no plan yet, so the gate then sends them on to /paywall: the return itself is what is checked.
    const back = page.waitForRequest((request) => {
      const url = new URL(request.url())
      return (
        url.pathname === '/integrations' &&
        url.searchParams.get('searchConsole') === 'error' &&
        url.searchParams.get('error') === 'access_denied'
      )
    })
    await page.getByRole('button', { name: 'Cancel' }).click()
    await back
  })

  it('refuses a forged redirect_uri without sending the browser anywhere', async () => {
    const { page } = await visitors.visit(server.baseUrl)
    await continueWithGoogle(page)
    const forged = new URL(page.url())
    forged.searchParams.set('redirect_uri', 'https://evil.example/api/auth/callback/google')
    const response = await page.goto(forged.toString())
    expect(response?.status()).toBe(400)
    expect(new URL(page.url()).origin).toBe(server.baseUrl)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This sign-in request is not valid')
    expect(await page.getByText('The redirect_uri is not this app’s Google callback.').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0)
  })
})
