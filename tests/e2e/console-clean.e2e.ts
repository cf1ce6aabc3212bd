import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, pageRpc, pathOf, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2eServer } from '../fixtures/e2e-server'
import { signIntoDemo } from '../fixtures/screens'

// Every screen of the signed-in area loads without a complaint in the browser's console: no
// uncaught error, no console.error (React's hydration mismatches are reported there), and no
// request of the page answered 4xx/5xx. Run on the suite's PGlite server in demo mode, as the
// demo account (everything filled in) and as a new account (empty states, no Google linked).
const server = e2eServer()
const browser = useBrowser()
// Far from the server's UTC and in another language: a date or number formatted in the browser's own
// zone or locale would differ from the server-rendered HTML, which React reports as a hydration error.
const ELSEWHERE = { timezoneId: 'Pacific/Kiritimati', locale: 'de-DE', viewport: { width: 1280, height: 900 } }

/** The signed-in area's screens, from the route files under src/routes/_app (`content_.$articleId` → `/content/$articleId`). */
function appScreens() {
  const folder = resolve(import.meta.dirname, '../../src/routes/_app')
  return readdirSync(folder)
    .filter((file) => file.endsWith('.tsx'))
    .map(
      (file) =>
        `/${file
          .replace(/\.tsx$/, '')
          .replace(/_\./g, '/')
          .replace(/\./g, '/')}`,
    )
    .sort()
}

/** Records what the console would show while the page is used; `take()` returns it and starts afresh. */
function watchConsole(page: Page) {
  let problems: string[] = []
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  return {
    take() {
      const found = problems
      problems = []
      return found
    },
  }
}

/** Loaded, hydrated, and its first queries answered (a stream such as job.watch may stay open). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
  await page.waitForTimeout(500)
}

async function openClean(page: Page, console: ReturnType<typeof watchConsole>, path: string) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await gotoHydrated(page, path)
  await settle(page)
  expect.soft(console.take(), `console on ${path}`).toEqual([])
}

describe('the browser console on every app screen', () => {
  it('the screens visited below are every route of the signed-in area', () => {
    expect(appScreens()).toEqual([
      '/competitors',
      '/content',
      '/content/$articleId',
      '/history',
      '/integrations',
      '/keywords',
      '/keywords/clusters',
      '/paywall',
      '/performance',
      '/settings',
      '/setup',
    ])
  })

  it('the demo account: every screen loads without an error', { timeout: 180_000 }, async () => {
    const { page } = await browser.visit(server.baseUrl, undefined, ELSEWHERE)
    page.setDefaultTimeout(30_000)
    const console = watchConsole(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    await settle(page)
    expect.soft(console.take(), 'console on /keywords after signing in').toEqual([])
    const [business] = (await pageRpc<Array<{ id: string; isCurrent: boolean }>>(page, 'business/list', {})).filter(
      (item) => item.isCurrent,
    )
    const articles = await pageRpc<{ items: Array<{ id: string }> }>(page, 'article/list', { businessId: business!.id, perPage: 10 })
    const screens = [
      '/keywords',
      '/keywords/clusters',
      '/content',
      '/content?view=list',
      `/content/${articles.items[0]!.id}`,
      '/performance',
      '/competitors',
      '/history',
      '/integrations',
      '/settings',
      '/setup?business=new',
      '/paywall',
    ]
    for (const path of screens) await openClean(page, console, path)
  })

  it(
    'a new account: paywall, setup, then every screen of its empty business (no Google account linked)',
    { timeout: 180_000 },
    async () => {
      const http = createHttpClient(server.baseUrl)
      await http.signUp({ name: 'Console Check' })
      const { page } = await browser.visit(server.baseUrl, http, ELSEWHERE)
      page.setDefaultTimeout(30_000)
      const console = watchConsole(page)
      await openClean(page, console, '/paywall')
      await page.getByRole('button', { name: 'Choose Growth' }).click()
      await page.waitForURL((url) => url.pathname.startsWith('/demo/polar/checkout/'))
      await page.getByRole('button', { name: /^Pay / }).click()
      await page.waitForURL((url) => url.pathname === '/setup')
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
      await settle(page)
      // The stand-in checkout page included: it links the app's icon, so the browser asks for no /favicon.ico.
      expect.soft(console.take(), 'console on the checkout and /setup after paying').toEqual([])

      const first = await finishedBusiness(page, 'First Roasters', 'first-roasters')
      expect(first.selectedBusiness).toBe(first.businessId)
      for (const path of ['/keywords', '/keywords/clusters', '/content', '/content?view=list', '/performance', '/competitors', '/history'])
        await openClean(page, console, path)
      await openClean(page, console, '/integrations')
      await page
        .getByRole('button', { name: 'Connect Search Console' })
        .or(page.getByText('Search Console needs Google sign-in'))
        .first()
        .waitFor()
      await openClean(page, console, '/settings')
      await openClean(page, console, '/setup?business=new')
    },
  )

  it('deleting the current business moves the app to the next one without a failed request', { timeout: 120_000 }, async () => {
    const http = createHttpClient(server.baseUrl)
    await http.signUp({ name: 'Deleter' })
    const { page } = await browser.visit(server.baseUrl, http, ELSEWHERE)
    page.setDefaultTimeout(30_000)
    await gotoHydrated(page, '/paywall')
    await page.getByRole('button', { name: 'Choose Growth' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo/polar/checkout/'))
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL((url) => url.pathname === '/setup')
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await finishedBusiness(page, 'Keeper Roasters', 'keeper-roasters')
    await finishedBusiness(page, 'Doomed Roasters', 'doomed-roasters')

    const console = watchConsole(page)
    await openClean(page, console, '/settings')
    await page.getByRole('button', { name: 'Delete business…' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByLabel('Business name').fill('Doomed Roasters')
    await dialog.getByRole('button', { name: 'Delete business' }).click()
    await expect
      .poll(() => page.getByLabel('Business name', { exact: true }).first().inputValue(), { timeout: 10_000 })
      .toBe('Keeper Roasters')
    await settle(page)
    expect(pathOf(page)).toBe('/settings')
    expect.soft(console.take(), 'console after deleting the business').toEqual([])

    // An added business still in setup, deleted from its setup page's header: the app goes to /content.
    const added = await pageRpc<{ id: string }>(page, 'setup/saveBusiness', {
      profile: { name: 'Halfway Roasters', url: 'https://halfway-roasters.example', description: 'Halfway there.' },
    })
    await openClean(page, console, `/setup?business=${added.id}`)
    await page.getByRole('button', { name: 'Delete business', exact: true }).click()
    const again = page.getByRole('alertdialog')
    await again.getByLabel('Business name').fill('Halfway Roasters')
    await again.getByRole('button', { name: 'Delete business' }).click()
    await page.waitForURL((url) => url.pathname === '/content')
    await settle(page)
    expect.soft(console.take(), 'console after deleting the business in setup').toEqual([])
  })
})

/** A business through setup's procedures, as the wizard calls them (its own browser tests cover the screens), finished and current. */
async function finishedBusiness(page: Page, name: string, host: string) {
  const saved = await pageRpc<{ id: string }>(page, 'setup/saveBusiness', {
    profile: { name, url: `https://${host}.example`, description: `${name} roasts coffee.` },
  })
  const businessId = saved.id
  for (const rival of ['rival-one', 'rival-two'])
    await pageRpc(page, 'setup/addCompetitor', { businessId, url: `https://${rival}-${host}.example` })
  await pageRpc(page, 'setup/saveSiteStructure', { businessId, structure: { sitemapUrl: '', blogUrl: '', bestArticles: [] } })
  await pageRpc(page, 'setup/saveLanguageTone', { businessId, settings: { language: 'English', tone: 'Informative', keywordRegion: 'US' } })
  const finished = await pageRpc<{ businessId: string; selectedBusiness: string }>(page, 'setup/finish', { businessId })
  return finished
}
