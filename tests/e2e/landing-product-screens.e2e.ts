import { describe, expect, it } from 'vitest'
import { PRODUCT_SCREENS } from '~/features/landing/product-screens'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'

// The landing's "See it working" section (docs/product/routes.md) on the production build: the
// screenshots in public/product/ are served, load as the visitor scrolls to them, and the section
// is one column on a phone and two on a wide screen, never wider than the page.
const server = e2eServer()
const visitors = useBrowser()

describe('the landing’s product screenshots', () => {
  it('serves every screenshot as an image', async () => {
    for (const screen of PRODUCT_SCREENS) {
      for (const src of [screen.src, screen.smallSrc]) {
        const response = await fetch(server.url(src))
        expect(response.status, src).toBe(200)
        expect(response.headers.get('content-type'), src).toMatch(/^image\/(jpeg|png)/)
      }
    }
  })

  for (const { width, height, columns } of [
    { width: 390, height: 844, columns: 1 },
    { width: 1280, height: 900, columns: 2 },
  ]) {
    it(`at ${width}×${height}: below the fold, loaded once scrolled to, ${columns} column(s), no horizontal overflow`, async () => {
      const { page } = await visitors.visit(server.baseUrl)
      await page.setViewportSize({ width, height })
      await gotoHydrated(page, '/')
      const section = page.locator('section[aria-labelledby="product-screens"]')
      // Below the fold: no part of the section in the first screen.
      expect((await section.boundingBox())!.y).toBeGreaterThan(height)
      const images = section.locator('img')
      expect(await images.count()).toBe(PRODUCT_SCREENS.length)
      const boxes = []
      for (const [index, image] of (await images.all()).entries()) {
        await image.scrollIntoViewIfNeeded()
        await image.evaluate((element: HTMLImageElement) => element.decode())
        // At device scale 1 both slots (≤ 536 px) take the half-width copy from the srcset.
        const { currentSrc, complete } = await image.evaluate((element: HTMLImageElement) => ({
          currentSrc: new URL(element.currentSrc).pathname,
          complete: element.complete && element.naturalWidth > 0,
        }))
        expect(complete).toBe(true)
        expect(currentSrc).toBe(PRODUCT_SCREENS[index]!.smallSrc)
        boxes.push((await image.boundingBox())!)
      }
      expect(new Set(boxes.map((box) => Math.round(box.x))).size).toBe(columns)
      for (const box of boxes) {
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(width)
        // The declared size keeps the picture's proportions (no layout shift when it arrives).
        expect(Math.abs(box.height - (box.width * PRODUCT_SCREENS[0]!.height) / PRODUCT_SCREENS[0]!.width)).toBeLessThanOrEqual(2)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    })
  }
})
