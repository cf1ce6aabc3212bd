import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, pathOf, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2eServer, TEST_PASSWORD, uniqueEmail } from '../fixtures/e2e-server'

// What a person does in Chromium against the production build: sign up, the access gate, sign
// out, sign in, and the emailed verification link.
const server = e2eServer()

// Each test is a new visitor: its own context (cookies), closed after the test.
const visitors = useBrowser()
const newVisitor = async () => (await visitors.visit(server.baseUrl)).page

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

async function signUpThroughForm(page: Page, email: string) {
  await gotoHydrated(page, '/sign-up')
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

describe('in Chromium', () => {
  it('the sign-up form states the password rule under the field, and a shorter password is not sent', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, '/sign-up')
    const password = page.getByLabel('Password', { exact: true })
    const describedBy = (await password.getAttribute('aria-describedby'))!.split(' ')
    const hint = await page.locator(`[id="${describedBy[0]}"]`).textContent()
    expect(hint).toBe('At least 8 characters (up to 128).')
    expect(await page.getByText(hint!).isVisible()).toBe(true)

    const sent: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/sign-up/email') sent.push(request.url())
    })
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace')
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('short'))
    await password.fill('1234567')
    await page.getByRole('button', { name: 'Create account' }).click()
    expect(await password.evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true)
    await page.waitForTimeout(300)
    expect(sent).toEqual([])
    expect(pathOf(page)).toBe('/sign-up')
  })

  it('signs up on /sign-up, is gated to the paywall, and signs out through the account menu', async () => {
    const page = await newVisitor()

    await signUpThroughForm(page, uniqueEmail('signup'))
    await waitForPath(page, '/paywall')
    await expect.poll(() => page.getByRole('heading', { name: 'Choose your plan' }).isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await waitForPath(page, '/')
    const session = await page.request.get('/api/auth/get-session?disableCookieCache=true')
    expect(await session.json()).toBeNull()

    // Signed out, the app area sends the visitor home.
    await gotoHydrated(page, '/keywords')
    expect(pathOf(page)).toBe('/')
  })

  it('signs in on /sign-in: a wrong password is refused, the right one reaches the paywall', async () => {
    const { email, password } = await createHttpClient(server.baseUrl).signUp()
    const page = await newVisitor()

    await gotoHydrated(page, '/sign-in')
    await signInThroughForm(page, email, 'not the password')
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true)
    expect(pathOf(page)).toBe('/sign-in')

    await signInThroughForm(page, email, password)
    await waitForPath(page, '/paywall')
    await expect.poll(() => page.getByRole('heading', { name: 'Choose your plan' }).isVisible()).toBe(true)
  })

  it('sends a visitor without a session from /keywords to /', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, '/keywords')
    expect(pathOf(page)).toBe('/')
  })

  it('verifies the email address through the link in the outbox', async () => {
    const email = uniqueEmail('verify')
    const page = await newVisitor()

    await signUpThroughForm(page, email)
    await waitForPath(page, '/paywall')
    const before = await page.request.get('/api/auth/get-session?disableCookieCache=true')
    expect((await before.json()).user).toMatchObject({ email, emailVerified: false })

    const link = await server.outbox.link(email, '/api/auth/verify-email')
    expect(new URL(link).origin).toBe(server.baseUrl)
    await page.goto(link)
    await page.waitForLoadState()

    const after = await page.request.get('/api/auth/get-session?disableCookieCache=true')
    expect((await after.json()).user).toMatchObject({ email, emailVerified: true })
  })
})
