import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { NOT_FOUND_MESSAGE } from '../../src/components/fallbacks/not-found-page'
import { FIRST_LOAD_FAILURE } from '../../src/server/e2e/fallbacks'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'
import { freePort, serverEnv } from './global-setup'

// The fallbacks (docs/product/routes.md) and the notifications (docs/product/messages.md) in the production build: the 404
// page (HTTP 404), the route error page and its Try Again, the error panel, the pending states,
// the retry toast and a failing query's toast. The test page /e2e/fallbacks exists only on
// servers started with E2E_TEST_ROUTES=true (the suite's); a failing query is forced by
// intercepting its real RPC in the browser.
const server = e2eServer()

const visitors = useBrowser()
const newVisitor = async () => (await visitors.visit(server.baseUrl)).page

/** The test page with a load counter of its own. */
const testPage = (search: Record<string, string> = {}) =>
  `/e2e/fallbacks?${new URLSearchParams({ key: `k${randomUUID().slice(0, 8)}`, ...search })}`

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

describe('the 404 page over HTTP', () => {
  it.each(['/no-such-page', '/keywords/no-such-tab', '/blog/no-such-article', '/a/b/c?x=1'])(
    '%s answers 404 with the 404 page server-rendered',
    async (path) => {
      const response = await fetch(server.url(path))
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).toContain(NOT_FOUND_MESSAGE)
      expect(html).toContain('<title>Page not found | Rankpilot</title>')
      expect(html).toMatch(/<meta name="robots" content="noindex"/)
      expect(html).toContain('<footer') // outside the layouts it carries the site footer itself
    },
  )

  it('a loader failure answers 500 with the route error page and its message server-rendered', async () => {
    const response = await fetch(server.url(testPage({ fail: 'true' })))
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('This page could not be loaded')
    expect(html).toContain(FIRST_LOAD_FAILURE)
    expect(html).toContain('Try Again')
  })
})

describe('fallbacks in Chromium', () => {
  it('404 page: the text, Go back returns to the previous page, Home goes to /', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, '/sign-in')
    const response = await gotoHydrated(page, '/no-such-page')
    expect(response?.status()).toBe(404)
    await expect.poll(() => page.getByText(NOT_FOUND_MESSAGE).isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Go back' }).click()
    await waitForPath(page, '/sign-in')

    await gotoHydrated(page, '/keywords/no-such-tab')
    await expect.poll(() => page.getByText(NOT_FOUND_MESSAGE).isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Home' }).click()
    await waitForPath(page, '/')
    await expect.poll(() => page.getByText(NOT_FOUND_MESSAGE).count()).toBe(0)
    await expect.poll(() => page.title()).not.toBe('Page not found | Rankpilot')
  })

  it('route error page: shows the message; Try Again re-runs the loader and the page renders', async () => {
    const page = await newVisitor()
    const response = await gotoHydrated(page, testPage({ fail: 'true' }))
    expect(response?.status()).toBe(500)
    await expect.poll(() => page.getByRole('heading', { name: 'This page could not be loaded' }).isVisible()).toBe(true)
    await expect.poll(() => page.getByText(FIRST_LOAD_FAILURE).isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Fallbacks test page' }).isVisible()).toBe(true)
    await expect.poll(() => page.getByText('Loaded 2 time(s)').isVisible()).toBe(true)
    expect(await page.getByText(FIRST_LOAD_FAILURE).count()).toBe(0)
  })

  it('route error page: Go Back and Home leave it', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, '/sign-in')
    await gotoHydrated(page, testPage({ fail: 'true' }))
    await page.getByRole('button', { name: 'Go Back' }).click()
    await waitForPath(page, '/sign-in')

    await gotoHydrated(page, testPage({ fail: 'true' }))
    await page.getByRole('link', { name: 'Home' }).click()
    await waitForPath(page, '/')
  })

  it('error panel: "Show Error" reveals the message, "Hide Error" hides it', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, testPage())
    const message = page.getByText('The error panel test message')
    expect(await page.getByText('Something went wrong!').isVisible()).toBe(true)
    expect(await message.isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Show Error' }).click()
    await expect.poll(() => message.isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Hide Error' }).click()
    await expect.poll(() => message.isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Show Error' }).isVisible()).toBe(true)
  })

  it('a product section whose query fails shows the error panel; Try again loads it', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, '/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await waitForPath(page, '/keywords')
    await page.locator('tbody tr').first().waitFor()
    // The rows are server-rendered: the pager only works once the page has hydrated.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })

    const message = 'The keyword service is down for maintenance'
    // The real procedure, failing as oRPC's server would answer (RPC protocol error body).
    await page.route('**/rpc/keyword/list**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ json: { defined: false, code: 'INTERNAL_SERVER_ERROR', status: 500, message }, meta: [] }),
      }),
    )
    await page.getByRole('button', { name: 'Go to next page' }).click()
    const panel = page.getByRole('alert').filter({ hasText: 'Something went wrong!' })
    // 1 s + 2 s + 4 s of retry delays before the failure is final; on a loaded CI machine (two cores
    // running every suite) the whole sequence has taken over 30 s, so the wait is generous.
    await expect.poll(() => panel.isVisible(), { timeout: 90_000 }).toBe(true)
    expect(await panel.getByText('Could not load your keywords').isVisible()).toBe(true)
    expect(await panel.getByText(message).isVisible()).toBe(false)
    await panel.getByRole('button', { name: 'Show Error' }).click()
    await expect.poll(() => panel.getByText(message).isVisible()).toBe(true)
    await panel.getByRole('button', { name: 'Hide Error' }).click()
    await expect.poll(() => panel.getByText(message).isVisible()).toBe(false)

    await page.unroute('**/rpc/keyword/list**')
    await panel.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await panel.count()).toBe(0)
    expect(new URL(page.url()).searchParams.get('page')).toBe('2')
  }, 150_000)

  it('pending states: a slow route load shows the top bar, then the full-page spinner, then the page', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, testPage())
    await page.getByRole('link', { name: 'A slow load' }).click()
    await expect.poll(() => page.getByRole('progressbar', { name: 'Loading page' }).isVisible(), { timeout: 1000 }).toBe(true)
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading…' }).isVisible(), { timeout: 2000 }).toBe(true)
    const spinnerBackground = await page
      .getByRole('status')
      .filter({ hasText: 'Loading…' })
      .evaluate((element) => getComputedStyle(element).backgroundColor)
    expect(spinnerBackground).toBe('rgb(11, 17, 32)') // #0b1120, the dark navy
    await expect.poll(() => page.getByText(/Loaded \d+ time\(s\)/).isVisible(), { timeout: 10_000 }).toBe(true)
    await expect.poll(() => page.getByRole('progressbar', { name: 'Loading page' }).count()).toBe(0)
  })
})

describe('notifications in Chromium', () => {
  it('a retry toast: its Retry button runs the action and the toast goes away', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, testPage())
    await page.getByRole('button', { name: 'Show retry toast' }).click()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Could not refresh the report' })
    await expect.poll(() => toast.isVisible()).toBe(true)
    expect(await page.getByText('Retried 0 time(s)').isVisible()).toBe(true)

    await toast.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(() => page.getByText('Retried 1 time(s)').isVisible()).toBe(true)
    await expect.poll(() => toast.count()).toBe(0)
  })

  it('a failing query is retried 3 times, then an error toast titled with its message; no refetch loop', async () => {
    const page = await newVisitor()
    await gotoHydrated(page, testPage())
    const message = 'The plan service is down for maintenance'
    let calls = 0
    // The real procedure, failing as oRPC's server would answer (RPC protocol error body).
    await page.route('**/rpc/plan/getAll**', (route) => {
      calls++
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ json: { defined: false, code: 'SERVICE_UNAVAILABLE', status: 503, message }, meta: [] }),
      })
    })
    await page.getByRole('button', { name: 'Load plans' }).click()
    const toast = page.locator('[data-sonner-toast][data-type="error"]')
    // 1 s + 2 s + 4 s of retry delays before the failure is final.
    await expect.poll(() => toast.locator('[data-title]').textContent(), { timeout: 15_000 }).toBe(message)
    expect(calls).toBe(4)
    expect(await page.getByText('Plans: error').isVisible()).toBe(true)
    // The invalidation that follows does not refetch the failed query.
    await page.waitForTimeout(1500)
    expect(calls).toBe(4)
  })
})

describe('the test page without E2E_TEST_ROUTES', () => {
  const snapshot = inject('snapshotDir')
  let child: ChildProcess | undefined
  let dataDir = ''
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('is the 404 page with status 404', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-no-test-routes-'))
    const port = await freePort()
    child = spawn(process.execPath, [join(snapshot, 'scripts/serve.mjs')], {
      cwd: snapshot,
      env: serverEnv(port, { DATA_DIR: dataDir, E2E_TEST_ROUTES: 'false' }),
      stdio: 'ignore',
    })
    const baseUrl = `http://localhost:${port}`
    for (let tries = 0; tries < 600; tries++) {
      if (
        await fetch(`${baseUrl}/api/auth/ok`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      await new Promise((done) => setTimeout(done, 100))
    }
    for (const search of ['', '?fail=true']) {
      const response = await fetch(`${baseUrl}/e2e/fallbacks${search}`)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain(NOT_FOUND_MESSAGE)
    }
    const stopped = new Promise((done) => child!.once('exit', done))
    child.kill('SIGTERM')
    await stopped
  }, 90_000)
})
