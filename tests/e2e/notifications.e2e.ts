import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'
import { signIntoDemo } from '../fixtures/screens'

// Settings → Notifications (docs/product/notifications.md) on the demo account of the suite's
// PGlite server, and the signed-out unsubscribe page's answer to a link that is not genuine.
const server = e2eServer()
const browser = useBrowser()

describe('notifications', () => {
  it(
    'the demo account sees its notification settings; a switch and the digest hour save and survive a reload',
    { timeout: 180_000 },
    async () => {
      const { page } = await browser.visit(server.baseUrl)
      await signIntoDemo(page)
      await gotoHydrated(page, '/settings#notifications')
      const section = page.getByRole('region', { name: 'Notifications', exact: true })
      await section.getByRole('switch', { name: 'Monthly plan ready' }).waitFor()
      for (const label of ['Publishing failed', 'Connection broken', 'Daily digest', 'Monthly plan ready', 'Article allowance']) {
        expect(await section.getByRole('switch', { name: label }).getAttribute('aria-checked'), label).toBe('true')
      }
      await section.getByRole('switch', { name: 'Monthly plan ready' }).click()
      await expect.poll(() => section.getByRole('switch', { name: 'Monthly plan ready' }).getAttribute('aria-checked')).toBe('false')
      await page.getByText('Notification settings saved').first().waitFor()
      await section.getByRole('combobox', { name: 'Digest hour' }).click()
      await page.getByRole('option', { name: '17:00', exact: true }).click()
      await expect.poll(() => section.getByRole('combobox', { name: 'Digest hour' }).textContent()).toContain('17:00')

      await page.reload()
      await section.getByRole('switch', { name: 'Monthly plan ready' }).waitFor()
      expect(await section.getByRole('switch', { name: 'Monthly plan ready' }).getAttribute('aria-checked')).toBe('false')
      expect(await section.getByRole('switch', { name: 'Daily digest' }).getAttribute('aria-checked')).toBe('true')
      expect(await section.getByRole('combobox', { name: 'Digest hour' }).textContent()).toContain('17:00')
      // The browser's own time zone was stored with the first save.
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
      expect(await section.getByRole('combobox', { name: 'Time zone' }).textContent()).toContain(zone.replace(/_/g, ' '))

      // Back as it was, for the suite's other files.
      await section.getByRole('switch', { name: 'Monthly plan ready' }).click()
      await expect.poll(() => section.getByRole('switch', { name: 'Monthly plan ready' }).getAttribute('aria-checked')).toBe('true')
    },
  )

  it('an unsubscribe link that is not genuine gets a clear page, signed out, never a server error', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${server.baseUrl}/unsubscribe?token=forged.token`, {
        method,
        ...(method === 'POST'
          ? { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
          : {}),
      })
      expect([method, response.status]).toEqual([method, 400])
      expect(await response.text()).toContain('This unsubscribe link is not valid')
    }
  })
})
