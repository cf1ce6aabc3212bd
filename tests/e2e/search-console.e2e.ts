import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'
import { signIntoDemo } from '../fixtures/screens'
import { propertyLabel } from '~/shared/search-console-property'

// Search Console on /integrations (docs/product/search-console.md), on the shared demo account,
// whose Google account is linked and whose business reads its own domain property at start: the
// property can be changed on screen and changed back (so the demo is left as it was found), and a
// refusal from Google comes back to this page with a way to connect again.
const server = e2eServer()
const visitors = useBrowser()

describe('Search Console on /integrations', () => {
  it('lists the account’s properties with the business’s own suggested; choosing one connects it and starts the import', async () => {
    const { page } = await visitors.visit(server.baseUrl)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    await gotoHydrated(page, '/integrations')
    const card = page.getByTestId('search-console-card')
    // A domain property is shown as its domain, never as Google's `sc-domain:` id.
    await expect.poll(() => card.locator('dd').first().textContent(), { timeout: 15_000 }).toBe('acmeroasters.example')
    expect(await card.textContent()).not.toContain('sc-domain:')
    expect(await card.getByText('Connected', { exact: true }).isVisible()).toBe(true)

    await card.getByRole('button', { name: 'Change property' }).click()
    const choices = card.getByRole('radio')
    await choices.first().waitFor()
    expect(await choices.count()).toBeGreaterThanOrEqual(2)
    const suggested = card.getByRole('radio', { name: /^acmeroasters\.example.*suggested/ })
    expect(await card.textContent()).not.toContain('sc-domain:')
    expect(await suggested.isChecked()).toBe(true)

    // Another property of the account, then back to the business's own.
    const other = card.getByRole('radio', { name: /URL-prefix/ }).first()
    const otherUrl = (await other.getAttribute('value'))!
    await other.check()
    await card.getByRole('button', { name: 'Use this property' }).click()
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Search Console connected' }).first().waitFor()
    await expect.poll(() => card.locator('dd').first().textContent(), { timeout: 15_000 }).toBe(propertyLabel(otherUrl))

    await card.getByRole('button', { name: 'Change property' }).click()
    await suggested.waitFor()
    await suggested.check()
    expect(await suggested.isChecked()).toBe(true)
    await card.getByRole('button', { name: 'Use this property' }).click()
    await expect.poll(() => card.locator('dd').first().textContent(), { timeout: 15_000 }).toBe('acmeroasters.example')
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).not.toContain('Importing 16 months')
  }, 90_000)

  it('a refusal from Google comes back here with the reason and Connect again', async () => {
    const { page } = await visitors.visit(server.baseUrl)
    await signIntoDemo(page)
    await gotoHydrated(page, '/integrations?searchConsole=error&error=access_denied')
    const problem = page.getByTestId('search-console-card').getByRole('alert')
    await problem.waitFor()
    expect(await problem.textContent()).toContain('Google was not given access. Connect again and allow read access to Search Console.')
    expect(await problem.getByRole('button', { name: 'Connect again' }).isVisible()).toBe(true)
    await problem.getByRole('button', { name: 'Dismiss' }).click()
    await page.waitForURL((url) => url.pathname === '/integrations' && !url.searchParams.has('error'))
    expect(await page.getByTestId('search-console-card').getByRole('alert').count()).toBe(0)
  })
})
