import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'
import { assertColumnsShown, assertFits, signIntoDemo } from '../fixtures/screens'

// /competitors (docs/product/competitors.md) on the demo account: its competitors analysed at
// start (what they rank for, from the keyword-data mock) and the keyword gap; gap keywords added
// to the plan show on /keywords.
const server = e2eServer()
const browser = useBrowser()

const gapTable = (page: Page) => page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Their rank' }) })

describe('/competitors', () => {
  it('shows the demo’s analysed competitors and adds keywords of the gap to the plan, which /keywords then lists', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await signIntoDemo(page)
    await gotoHydrated(page, '/competitors')

    // Each competitor named in setup, analysed: its top ranking keywords and estimated visits.
    for (const name of ['Northwind Coffee Co.', 'Bluebird Beans', 'Brew Gear Geek']) {
      const card = page.getByRole('listitem', { name, exact: true })
      await card.waitFor()
      expect(await card.getByText('Top ranking keywords').isVisible()).toBe(true)
      expect(await card.getByText(/^[\d,]+\/mo$/).textContent()).not.toBe('0/mo')
    }

    // The gap: their keywords missing from the plan; pick the first two rows.
    const table = gapTable(page)
    await table.waitFor()
    // Rows too close to a planned keyword cannot be selected (keyword.add would refuse them).
    const selectable = table.getByRole('cell').getByRole('checkbox', { disabled: false })
    await expect.poll(() => selectable.count()).toBeGreaterThan(2)
    const picked: string[] = []
    for (const index of [0, 1]) picked.push((await selectable.nth(index).getAttribute('aria-label'))!.replace(/^Select /, ''))
    for (const keyword of picked) await table.getByRole('checkbox', { name: `Select ${keyword}`, exact: true }).click()
    await page.getByRole('toolbar', { name: 'Selected rows actions' }).getByRole('button', { name: 'Add to plan' }).click()
    await page.getByText('2 keywords added to your plan').waitFor()
    // Once in the plan they leave the gap.
    for (const keyword of picked)
      await expect.poll(() => table.getByRole('checkbox', { name: `Select ${keyword}`, exact: true }).count()).toBe(0)

    // The plan lists them, newest first, scheduled like any keyword added by hand.
    await gotoHydrated(page, '/keywords')
    for (const keyword of picked) {
      const row = page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${keyword}`, exact: true }) })
      await row.waitFor()
      expect(await row.getByText('Scheduled').count()).toBeGreaterThan(0)
    }

    // The demo account is shared by the suite: its plan goes back to what research made.
    for (const keyword of picked) await page.getByRole('checkbox', { name: `Select ${keyword}`, exact: true }).click()
    await page.getByRole('toolbar', { name: 'Selected rows actions' }).getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog', { name: 'Delete 2 keywords?' }).getByRole('button', { name: 'Delete' }).click()
    for (const keyword of picked)
      await expect.poll(() => page.getByRole('checkbox', { name: `Select ${keyword}`, exact: true }).count()).toBe(0)
  })

  it('re-analyses a demo competitor from its simulated site: the analysis runs to the end and its rankings stay', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await signIntoDemo(page)
    await gotoHydrated(page, '/competitors')
    const card = page.getByRole('listitem', { name: 'Brew Gear Geek', exact: true })
    await card.getByText('Top ranking keywords').waitFor()
    const button = card.getByRole('button', { name: 'Re-analyse Brew Gear Geek' })
    await button.click()
    // It crawls the site (a pause between pages), so the running state shows, then settles.
    await expect.poll(() => button.textContent()).toBe('Analysing…')
    await expect.poll(() => button.textContent(), { timeout: 60_000 }).not.toBe('Analysing…')
    expect(await button.textContent()).toBe('Re-analyse')
    expect(await card.getByRole('alert').count()).toBe(0)
    expect(await card.getByText('Top ranking keywords').isVisible()).toBe(true)
  })

  it('works from the keyboard: a competitor’s removal asks first, and Cancel keeps it', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await signIntoDemo(page)
    await gotoHydrated(page, '/competitors')
    const remove = page.getByRole('button', { name: 'Remove Bluebird Beans' })
    await remove.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Remove Bluebird Beans?' })
    await dialog.waitFor()
    // The alert dialog starts on Cancel.
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.getByRole('listitem', { name: 'Bluebird Beans', exact: true }).isVisible()).toBe(true)
  })

  // Asserted from element boxes: the page never scrolls sideways, every control lies inside the
  // window (with the filter list open and with rows selected too), and on a phone the gap's key
  // columns, the keyword and its search volume, show without scrolling the table.
  it.each([
    [390, 844],
    [1280, 900],
  ])('at %i×%i: no sideways page scroll, every control inside the viewport, the key columns shown', async (width, height) => {
    const { page } = await browser.visit(server.baseUrl)
    await page.setViewportSize({ width, height })
    await signIntoDemo(page)
    await gotoHydrated(page, '/competitors')
    const table = gapTable(page)
    await table.getByRole('cell').getByRole('checkbox', { disabled: false }).first().waitFor()
    await assertFits(page, `/competitors at ${width}×${height}`)

    await page.locator('[data-slot="table-container"]').scrollIntoViewIfNeeded()
    const frame = await assertColumnsShown(page, ['Keyword', 'Search volume'])
    const volume = (await table.locator('tbody tr').first().locator('td:nth-child(3) > *').first().boundingBox())!
    expect(volume.x + volume.width).toBeLessThanOrEqual(frame.x + frame.width)

    // A row selected: the floating action bar fits too.
    const first = table.getByRole('cell').getByRole('checkbox', { disabled: false }).first()
    await first.click()
    const bar = page.getByRole('toolbar', { name: 'Selected rows actions' })
    await bar.waitFor()
    await assertFits(page, `/competitors at ${width}×${height} with a row selected`)
    await first.click()
    await bar.waitFor({ state: 'detached' })

    // The filter list open with a filter row: its controls inside the window.
    await page
      .getByRole('toolbar', { name: 'Keyword gap tools' })
      .getByRole('button', { name: /^Filter/ })
      .click()
    await page.getByRole('button', { name: 'Add filter' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Remove filter' }).waitFor()
    // The popover settles where it opens.
    await page.waitForTimeout(400)
    const controls = await dialog.locator('button, input, [role="combobox"]').evaluateAll((elements) =>
      elements
        .filter((element) => element.checkVisibility())
        .map((element) => {
          const rect = element.getBoundingClientRect()
          return { name: element.getAttribute('aria-label') ?? element.textContent ?? '', left: rect.left, right: rect.right }
        }),
    )
    expect(controls.length).toBeGreaterThan(2)
    for (const box of controls) {
      expect(box.left, box.name).toBeGreaterThanOrEqual(0)
      expect(box.right, box.name).toBeLessThanOrEqual(width)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  })
})
