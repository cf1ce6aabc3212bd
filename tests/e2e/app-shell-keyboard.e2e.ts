import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'
import { signIntoDemo } from '../fixtures/screens'

// The app shell by keyboard (docs/product/routes.md), on the demo account of the suite's PGlite
// server: "Skip to content" is the first stop of Tab and takes focus past the navigation to the
// main landmark; the keyword why-panel, opened from its row, gives focus back to that row on Escape.
const server = e2eServer()
const browser = useBrowser()
// Set E2E_SCREENSHOTS_DIR to a folder (outside the repository) to keep pictures of these screens.
const SHOTS = process.env.E2E_SCREENSHOTS_DIR

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    const box = element?.getBoundingClientRect()
    return {
      tag: element?.tagName ?? null,
      id: element?.id ?? null,
      text: element?.textContent?.trim() ?? null,
      title: element?.getAttribute('title') ?? null,
      visible: Boolean(box && box.width > 1 && box.height > 1 && box.top >= 0 && box.left >= 0 && box.right <= window.innerWidth),
    }
  })

describe('the app shell by keyboard', () => {
  it(
    '"Skip to content" is the first Tab stop, shows when focused, and moves focus to the main landmark',
    { timeout: 180_000 },
    async () => {
      const { page } = await browser.visit(server.baseUrl, undefined, { viewport: { width: 1280, height: 900 } })
      await signIntoDemo(page)
      for (const [path, size] of [
        ['/keywords', { width: 1280, height: 900 }],
        ['/content', { width: 390, height: 844 }],
        ['/setup?business=new', { width: 1280, height: 900 }],
      ] as const) {
        await page.setViewportSize(size)
        await gotoHydrated(page, path)
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        // Hidden until focused: nothing of it shows on the page.
        const link = page.getByRole('link', { name: 'Skip to content' })
        expect((await link.boundingBox())?.width ?? 0, path).toBeLessThanOrEqual(1)
        await page.keyboard.press('Tab')
        expect(await focused(page), path).toMatchObject({ tag: 'A', text: 'Skip to content', visible: true })
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/skip-link-${size.width}-${path.replace(/\W+/g, '-')}.png` })
        await page.keyboard.press('Enter')
        expect(await focused(page), path).toMatchObject({ tag: 'MAIN', id: 'main-content' })
        expect(new URL(page.url()).hash, path).toBe('')
        // The next Tab goes on from the content, not back to the navigation.
        await page.keyboard.press('Tab')
        const next = await page.evaluate(() => Boolean(document.activeElement?.closest('main')))
        expect(next, path).toBe(true)
      }
    },
  )

  it('Escape closes the keyword why-panel and focus returns to the row that opened it', { timeout: 180_000 }, async () => {
    const { page } = await browser.visit(server.baseUrl, undefined, { viewport: { width: 1280, height: 900 } })
    await signIntoDemo(page)
    // The rows are server-rendered: their keyboard handler works once the page has hydrated.
    await gotoHydrated(page, '/keywords')
    const rows = page.locator('tr[title^="Why “"]')
    await rows.nth(2).waitFor({ timeout: 30_000 })
    const row = rows.nth(2)
    const title = (await row.getAttribute('title'))!
    await row.focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog')
    await panel.waitFor()
    expect(await focused(page).then((found) => found.title)).not.toBe(title)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/why-panel-open-1280.png` })
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await focused(page)).toMatchObject({ tag: 'TR', title })

    // The same with the mouse: a click opens it, Close gives focus back to the row.
    await rows.nth(4).click()
    await panel.waitFor()
    await panel.getByRole('button', { name: 'Close', exact: true }).click()
    await panel.waitFor({ state: 'detached' })
    expect(await focused(page)).toMatchObject({ tag: 'TR', title: await rows.nth(4).getAttribute('title') })
  })
})
