import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, pathOf, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2eServer } from '../fixtures/e2e-server'

// Step 1 of /setup when the site cannot be read (docs/product/pipeline.md): the reason, kept after
// a reload, and "Fill in the profile yourself" leading to a saved profile. On the suite's PGlite
// server (demo mode, FETCH_ALLOW_LOOPBACK), reached only over HTTP: the plan is bought on the demo
// checkout. The site is a port on 127.0.0.1 nothing listens on.
const server = e2eServer()
const browser = useBrowser()
let closedOrigin: string

beforeAll(async () => {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
})

describe('setup when the site cannot be read', () => {
  it(
    'says why, keeps saying it after a reload, and "Fill in the profile yourself" leads to a saved profile',
    { timeout: 150_000 },
    async () => {
      const http = createHttpClient(server.baseUrl)
      await http.signUp()
      const { page } = await browser.visit(server.baseUrl, http)
      await gotoHydrated(page, '/keywords')
      expect(pathOf(page)).toBe('/paywall')
      const growth = page.getByRole('listitem').filter({ has: page.getByText('Growth', { exact: true }) })
      await growth.getByRole('button', { name: 'Choose Growth' }).click()
      await page.waitForURL((url) => url.pathname.startsWith('/demo/polar/checkout/'), { timeout: 15_000 })
      await page.getByRole('button', { name: 'Pay $99' }).click()
      await page.waitForURL((url) => url.pathname === '/setup', { timeout: 15_000 })
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
      await page.getByLabel('Website address').fill(closedOrigin)
      await page.getByRole('button', { name: 'Analyse' }).click()
      const failure = page.getByRole('alert', { name: 'Site analysis failed' })
      const reason = `We could not reach ${new URL(closedOrigin).host} (connection refused).`
      await failure.getByText(reason).waitFor({ timeout: 30_000 })
      // Said once: the failed job's progress card gives way to the alert.
      expect(await page.getByText(reason).count()).toBe(1)
      await failure.getByRole('button', { name: 'Analyse again' }).waitFor()

      await gotoHydrated(page, '/setup')
      await failure.getByText(reason).waitFor({ timeout: 10_000 })
      expect(await page.getByLabel('Website address').inputValue()).toBe(closedOrigin)

      await failure.getByRole('button', { name: 'Fill in the profile yourself' }).click()
      expect(await page.getByLabel('Business name').evaluate((element) => element === document.activeElement)).toBe(true)
      expect(await failure.count()).toBe(0)
      await page.getByLabel('Business name').fill('Leeds Sourdough')
      await page.getByLabel('Description', { exact: true }).fill('Sourdough and rye, baked in Leeds every morning.')
      await page.getByRole('button', { name: 'Save and continue' }).click()
      await page.getByText('Step 2 of 5').waitFor({ timeout: 15_000 })

      // Saved by hand: the failure is resolved and does not come back.
      await gotoHydrated(page, '/setup')
      await page.getByText('Step 2 of 5').waitFor({ timeout: 15_000 })
      expect(await page.getByRole('alert', { name: 'Site analysis failed' }).count()).toBe(0)
    },
  )
})
