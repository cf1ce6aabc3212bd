import { describe, expect, it } from 'vitest'
import { demoRunSchedule } from '~/server/demo/demo-research'
import { PLAN_SEEDS } from '~/server/db/seed'
import { gotoHydrated, pathOf, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'

// Demo mode (docs/product/services.md): the suite's PGlite server runs with no
// provider credentials, exactly like a newcomer's `npm start`.
const server = e2eServer()
const browser = useBrowser()

describe('demo mode', () => {
  it('every page announces it and names the simulated services', async () => {
    const { page } = await browser.visit(server.baseUrl)
    for (const path of ['/', '/sign-in', '/blog']) {
      await gotoHydrated(page, path)
      const banner = page.getByRole('status', { name: 'Demo mode' })
      await expect.poll(() => banner.textContent()).toContain('Demo mode')
      const text = (await banner.textContent()) ?? ''
      for (const service of ['AI writing', 'Keyword data', 'Billing']) expect(text, path).toContain(service)
    }
  })

  it('"Explore the demo" signs into the seeded coffee roaster with its keywords', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await gotoHydrated(page, '/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords')
    // Its plan is research's on the mocks: each replayed run fills a month at the Growth allowance.
    const growth = PLAN_SEEDS.find((plan) => plan.name === 'Growth')!
    await expect
      .poll(() => page.getByTestId('keywords-total').textContent())
      .toBe(String(demoRunSchedule(new Date()).length * growth.articlesPerMonth))
    // The business switcher (in the sidebar, or its sheet on narrow windows) names the demo business.
    await expect.poll(() => page.getByText('Acme Roasters').count()).toBeGreaterThan(0)
    expect(await page.getByRole('status', { name: 'Demo mode' }).isVisible()).toBe(true)
  })

  it('works before the page hydrates: the button is a plain form post', async () => {
    const { context, page } = await browser.visit(server.baseUrl)
    await context.route('**/*.js', (route) => route.abort())
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await page.waitForURL((url) => url.pathname !== '/sign-in')
    expect(pathOf(page)).toBe('/keywords')
  })

  it('another site cannot sign a visitor into the demo', async () => {
    const response = await fetch(`${server.baseUrl}/api/demo/sign-in`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
  })
})
