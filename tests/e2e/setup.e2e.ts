import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, pathOf, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2ePostgresServer } from '../fixtures/e2e-server'
import type { TestSite } from '../fixtures/test-site'
import { SITE_NAME, startBusinessSite, startCompetitorSite } from '../fixtures/setup-test-site'

// Onboarding (/setup, docs/product/pipeline.md) as a person does it, on the PostgreSQL-backed
// server (demo mode: the LLM mock answers; FETCH_ALLOW_LOOPBACK lets it crawl the sites this
// test serves on 127.0.0.1). SQL gives the new user a plan, as the Polar webhook would.
const server = e2ePostgresServer()
const browser = useBrowser()
let site: TestSite
let rivals: TestSite[]

beforeAll(async () => {
  site = await startBusinessSite()
  rivals = await Promise.all([startCompetitorSite('Rapid Rooter', 'Drain clearing'), startCompetitorSite('Heatwise', 'Boiler repair')])
})
afterAll(async () => {
  await Promise.all([site, ...(rivals ?? [])].map((s) => s?.close()))
})

async function userWithPlan() {
  const http = createHttpClient(server.baseUrl)
  const { userId } = await http.signUp()
  await server.query(`update "user" set plan = (select id from plan where name = 'Growth') where id = $1`, [userId])
  http.forget('session_data')
  return { http, userId }
}

async function waitForValue(locator: Locator, expected: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let value = ''
  while (Date.now() < deadline) {
    value = await locator.inputValue()
    if (value === expected) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`expected the field to hold "${expected}", it holds "${value}"`)
}

const currentStep = (page: Page) => page.locator('[aria-label="Setup steps"] [aria-current="step"]').innerText()
const errorToast = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]')

async function chooseOption(page: Page, triggerId: string, option: string) {
  await page.locator(`#${triggerId}`).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('setup wizard', () => {
  it('a bad site address shows an error toast naming the field and keeps what was typed', async () => {
    const { http } = await userWithPlan()
    const { page } = await browser.visit(server.baseUrl, http)
    await gotoHydrated(page, '/setup?checkout=true')
    expect(await page.getByText('Payment received').isVisible()).toBe(true)
    const address = page.getByLabel('Website address')
    await address.fill('my plumbing site')
    await page.getByRole('button', { name: 'Analyse' }).click()
    await errorToast(page).waitFor()
    expect(await errorToast(page).innerText()).toContain('Website address')
    expect(await errorToast(page).innerText()).toContain('“my plumbing site” is not a website address.')
    expect(await address.inputValue()).toBe('my plumbing site')
    expect(await page.getByRole('region', { name: 'Site analysis' }).count()).toBe(0)
  })

  it('a new account: sign up → /paywall → Growth → demo checkout → /setup?checkout=true → analyse → edit → save → competitors → sitemap and blog → language and tone → finish → /keywords', async () => {
    const http = createHttpClient(server.baseUrl)
    const { userId } = await http.signUp()
    const { page } = await browser.visit(server.baseUrl, http)

    // The gate sends a new account to /paywall; Growth is bought on the demo stand-in for Polar's
    // checkout, whose signed webhooks give the plan.
    await gotoHydrated(page, '/keywords')
    expect(pathOf(page)).toBe('/paywall')
    const growth = page.getByRole('listitem').filter({ has: page.getByText('Growth', { exact: true }) })
    await growth.getByRole('button', { name: 'Choose Growth' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/demo/polar/checkout/'))
    await page.getByRole('button', { name: 'Pay $99' }).click()
    await page.waitForURL((url) => url.pathname === '/setup')
    expect(new URL(page.url()).searchParams.get('checkout')).toBe('true')
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    // The gate read the checkout's token and took it out of the address.
    expect(new URL(page.url()).searchParams.get('customer_session_token')).toBeNull()
    expect(await page.getByText('Payment received').isVisible()).toBe(true)
    expect(await currentStep(page)).toContain('Business')

    // Step 1: analyse the site, watch the progress, get the fields filled, edit, save.
    await page.getByLabel('Website address').fill(site.origin)
    await page.getByRole('button', { name: 'Analyse' }).click()
    await page.getByRole('region', { name: 'Site analysis' }).waitFor()
    await waitForValue(page.getByLabel('Business name'), SITE_NAME)
    expect(await page.locator('#setup-services').inputValue()).toMatch(/Leak repair|Boiler servicing|Drain clearing/)
    expect(await page.locator('#setup-seeds').inputValue()).not.toBe('')
    await page.getByLabel('Description', { exact: true }).fill('Emergency plumbers for Springfield homes, day and night.')
    await page.getByRole('button', { name: 'Save and continue' }).click()

    // Step 2: two competitors, each analysed; Continue explains why it waits until then.
    await page.getByText('Step 2 of 5').waitFor()
    expect(await page.getByText('Add 2 more competitors to continue: research needs at least 2.').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)

    // Leaving and coming back resumes at the competitors step.
    await gotoHydrated(page, '/keywords')
    expect(pathOf(page)).toBe('/setup')
    expect(await currentStep(page)).toContain('Competitors')

    for (const [rival, name] of [
      [rivals[0], 'Rapid Rooter'],
      [rivals[1], 'Heatwise'],
    ] as const) {
      await page.getByLabel('Competitor website').fill(rival.origin)
      await page.getByRole('button', { name: 'Add competitor' }).click()
      await page.getByRole('listitem', { name }).waitFor({ timeout: 30_000 })
    }
    await page.getByRole('button', { name: 'Continue' }).click()

    // Step 3: the detected sitemap and blog, posts proposed as ticked checkboxes.
    await page.getByText('Step 3 of 5').waitFor()
    expect(await page.getByLabel('Sitemap URL').inputValue()).toBe(`${site.origin}/sitemap.xml`)
    expect(await page.getByLabel('Blog URL').inputValue()).toBe(`${site.origin}/blog`)
    for (const post of ['/blog/boiler-care-before-winter', '/blog/fix-a-dripping-tap', '/blog/unblock-a-drain']) {
      expect(await page.getByRole('checkbox', { name: post }).getAttribute('data-state'), post).toBe('checked')
    }
    await page.getByRole('checkbox', { name: '/blog/fix-a-dripping-tap' }).click()
    // An address that answers with a web page, not a sitemap, is refused under the field.
    await page.getByLabel('Sitemap URL').fill(`${site.origin}/blog`)
    await page.getByRole('button', { name: 'Save and continue' }).click()
    const refusal = page.locator('#setup-sitemap-error')
    await refusal.waitFor()
    expect(await refusal.innerText()).toBe(
      `${site.origin}/blog is a web page (HTML), not a sitemap. Enter the address of your XML sitemap (often /sitemap.xml), or leave the field empty if your site has none.`,
    )
    expect(await currentStep(page)).toContain('Sitemap & blog')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('setup-sitemap')
    await page.getByLabel('Sitemap URL').fill(`${site.origin}/sitemap.xml`)
    await page.getByRole('button', { name: 'Save and continue' }).click()

    // Step 4: defaults English, Informative, United States; change the tone.
    await page.getByText('Step 4 of 5').waitFor()
    expect(await page.locator('#setup-language').innerText()).toBe('English')
    expect(await page.locator('#setup-tone').innerText()).toBe('Informative')
    expect(await page.locator('#setup-region').innerText()).toBe('United States')
    await chooseOption(page, 'setup-tone', 'Friendly')
    await page.getByRole('button', { name: 'Save and continue' }).click()

    // Step 5: the summary, then Finish.
    await page.getByText('Step 5 of 5').waitFor()
    const summary = await page.getByRole('definition').allInnerTexts()
    expect(summary).toEqual(
      expect.arrayContaining([
        SITE_NAME,
        'Emergency plumbers for Springfield homes, day and night.',
        'Rapid Rooter, Heatwise',
        'Friendly',
        'English',
      ]),
    )
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords')

    // Finishing started keyword research: its progress shows on /keywords, and within a minute on
    // the mocks the month is planned, in topics.
    const research = page.locator('[aria-label="Keyword research"]').first()
    await research.waitFor()
    await expect.poll(() => research.textContent(), { timeout: 60_000 }).toMatch(/keywords? in \d+ topics? for /)
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await page.getByText('Scheduled').first().isVisible()).toBe(true)

    // Why this keyword: the panel names its source, the stages, the scores with the formula.
    await page.locator('tbody tr td:nth-child(2) button').first().click()
    const why = page.getByRole('dialog')
    await why.getByText('How research got here').waitFor()
    expect(await why.getByText(/^Final = /).isVisible()).toBe(true)
    await page.keyboard.press('Escape')

    // The Clusters tab: each topic with its pillar.
    await page.getByRole('link', { name: 'Clusters' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords/clusters')
    // Each topic card names its pillar (the Keywords table's Topic column is gone once it shows).
    await page.getByLabel('Pillar').first().waitFor()
    expect(
      await page
        .locator('[aria-label^="Topic "]')
        .filter({ has: page.getByLabel('Pillar') })
        .count(),
    ).toBeGreaterThan(0)

    // The gate lets the user in everywhere now, with the cookie it was given at once.
    for (const path of ['/content', '/settings', '/setup']) {
      await gotoHydrated(page, path)
      expect(pathOf(page), path).toBe(path)
    }
    const [row] = await server.query<{ selected: string; name: string; tone: string; best: string[] }>(
      `select u.selected_business as selected, b.name, b.tone, b.best_articles as best from "user" u join business b on b.id = u.selected_business where u.id = $1`,
      [userId],
    )
    expect(row).toMatchObject({ name: SITE_NAME, tone: 'Friendly' })
    expect(row.best).toEqual([`${site.origin}/blog/boiler-care-before-winter`, `${site.origin}/blog/unblock-a-drain`])
  }, 120_000)
})
