import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, pathOf, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, onboardedUser } from '../fixtures/e2e-server'
import type { TestSite } from '../fixtures/test-site'
import { SITE_NAME, startBusinessSite, startCompetitorSite } from '../fixtures/setup-test-site'

// More than one business (docs/product/routes.md) as a person does it, on the PostgreSQL-backed
// server in demo mode: "Add business" in the switcher runs setup for a second business on Growth
// (the crawler reads the sites this test serves on 127.0.0.1), the switcher moves every page to
// the chosen business, Delete business asks for the name; Starter's limit explains itself.
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

const FIRST = 'Acme Roasters'
const FIRST_KEYWORD = 'roaster only keyword'
const FIRST_ARTICLE = 'Roaster only article'

/**
 * The first business finished setup (competitors, sitemap and blog), and has a keyword and an
 * article only it has, so each page shows whose data it is.
 */
async function giveFirstBusinessData(businessId: string) {
  await server.query(
    `update business set sitemap_url = 'https://roasters.example/sitemap.xml', blog_url = 'https://roasters.example/blog' where id = $1`,
    [businessId],
  )
  for (const url of ['https://rival-one.example', 'https://rival-two.example']) {
    await server.query(`insert into competitor (id, business_id, url) values (substr(md5(random()::text), 1, 12), $1, $2)`, [
      businessId,
      url,
    ])
  }
  await server.query(`insert into keywords.keyword (id, business_id, keyword) values (substr(md5(random()::text), 1, 12), $1, $2)`, [
    businessId,
    FIRST_KEYWORD,
  ])
  await server.query(
    `insert into content.article (id, business_id, keyword, title, slug, meta_title, meta_description, outline, markdown, html,
       images, faq, json_ld, citations, internal_links, word_count, seo_score, seo_checks, status)
     values (substr(md5(random()::text), 1, 12), $1, $2, $3, 'roaster-only-article', $3, $3, '[]', '# x', '<h1>x</h1>',
       '[]', '[]', '[]', '[]', '[]', 3, 80, '[]', 'draft')`,
    [businessId, FIRST_KEYWORD, FIRST_ARTICLE],
  )
}

const switcher = (page: Page) => page.getByRole('button', { name: /Switch business$/ })
const errorToast = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]')

async function openSwitcher(page: Page) {
  await switcher(page).click()
  await page.getByRole('menuitem', { name: 'Add business' }).waitFor()
}

/** What /keywords, /content and /settings show: the business's own keyword, article and name. */
async function pagesShow(page: Page, name: string, own: boolean) {
  await gotoHydrated(page, '/settings')
  await expect.poll(() => page.getByLabel('Business name').first().inputValue(), { timeout: 10_000 }).toBe(name)
  expect(await switcher(page).getAttribute('aria-label')).toBe(`Business: ${name}. Switch business`)
  for (const [path, text] of [
    ['/keywords', FIRST_KEYWORD],
    ['/content?view=list', FIRST_ARTICLE],
  ]) {
    await gotoHydrated(page, path)
    if (own) {
      await page.getByText(text).first().waitFor({ timeout: 10_000 })
      continue
    }
    // Loaded (no skeleton left in the page), and the first business's row is not among what it shows.
    await page.getByRole('heading', { level: 1 }).waitFor()
    await expect.poll(() => page.locator('main .animate-pulse').count(), { timeout: 10_000 }).toBe(0)
    expect(await page.getByText(text).count(), `${path} of ${name}`).toBe(0)
  }
}

describe('more than one business', () => {
  it('Growth: Add business runs setup for a second one, the switcher moves every page to it and back, Delete business asks for its name', async () => {
    const user = await onboardedUser(server, { name: 'Owner of two' })
    await giveFirstBusinessData(user.businessId)
    const { page } = await browser.visit(server.baseUrl, user.client)
    await gotoHydrated(page, '/content')

    // The switcher: one business of three, "Add business" opens setup for a new one.
    await openSwitcher(page)
    expect(await page.getByText('1 of 3 on Growth').isVisible()).toBe(true)
    await page.getByRole('menuitem', { name: 'Add business' }).click()
    await page.waitForURL((url) => url.pathname === '/setup' && url.searchParams.get('business') === 'new')
    await page.getByRole('heading', { level: 1, name: 'Add a business' }).waitFor()

    // Step 1 as for the first business: analyse, check, save; the page then carries the new id.
    await page.getByLabel('Website address').fill(site.origin)
    await page.getByRole('button', { name: 'Analyse' }).click()
    await expect.poll(() => page.getByLabel('Business name').inputValue(), { timeout: 30_000 }).toBe(SITE_NAME)
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByText('Step 2 of 5').waitFor()
    const addedId = new URL(page.url()).searchParams.get('business')
    expect(addedId).toMatch(/^[0-9A-Za-z]{12}$/)

    // Until it finishes, the first business stays current: the app still works on it.
    const [midway] = await server.query<{ selected: string }>(`select selected_business as selected from "user" where id = $1`, [
      user.userId,
    ])
    expect(midway.selected).toBe(user.businessId)

    for (const [rival, name] of [
      [rivals[0], 'Rapid Rooter'],
      [rivals[1], 'Heatwise'],
    ] as const) {
      await page.getByLabel('Competitor website').fill(rival.origin)
      await page.getByRole('button', { name: 'Add competitor' }).click()
      await page.getByRole('listitem', { name }).waitFor({ timeout: 30_000 })
    }
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Step 3 of 5').waitFor()
    expect(await page.getByLabel('Sitemap URL').inputValue()).toBe(`${site.origin}/sitemap.xml`)
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByText('Step 4 of 5').waitFor()
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByText('Step 5 of 5').waitFor()
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords')

    // The new business is current everywhere, with none of the first one's data.
    await pagesShow(page, SITE_NAME, false)

    // Switch back with the keyboard: every page shows the first business's data again.
    await switcher(page).focus()
    await page.keyboard.press('Enter')
    await page.getByText('2 of 3 on Growth').waitFor()
    await page.getByRole('menuitemradio', { name: FIRST }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => switcher(page).getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Business: ${FIRST}. Switch business`)
    await pagesShow(page, FIRST, true)

    // And to the added one again, then delete it from settings: the name must be typed.
    await openSwitcher(page)
    await page.getByRole('menuitemradio', { name: SITE_NAME }).click()
    await expect.poll(() => switcher(page).getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Business: ${SITE_NAME}. Switch business`)
    await gotoHydrated(page, '/settings')
    await page.getByRole('button', { name: 'Delete business…' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.waitFor()
    const confirm = dialog.getByRole('button', { name: 'Delete business' })
    await dialog.getByLabel('Business name').fill('Acme')
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByLabel('Business name').fill(SITE_NAME)
    await confirm.click()
    await page.locator('[data-sonner-toast][data-type="success"]', { hasText: `${SITE_NAME} is deleted` }).waitFor()
    await expect.poll(() => switcher(page).getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Business: ${FIRST}. Switch business`)
    expect(pathOf(page)).toBe('/settings')
    await pagesShow(page, FIRST, true)

    const left = await server.query<{ id: string }>(`select id from business where user_id = $1`, [user.userId])
    expect(left.map((row) => row.id)).toEqual([user.businessId])
    for (const table of ['competitor', 'keywords.keyword', 'content.article', 'job_run']) {
      const [row] = await server.query<{ n: string }>(`select count(*) as n from ${table} where business_id = $1`, [addedId])
      expect([table, Number(row.n)]).toEqual([table, 0])
    }
  }, 180_000)

  it('Starter at its limit: Add business explains it and offers See plans; /setup?business=new says the same', async () => {
    const user = await onboardedUser(server, { name: 'Starter owner' })
    await server.query(`update "user" set plan = (select id from plan where name = 'Starter') where id = $1`, [user.userId])
    user.client.forget('session_data')
    const { page } = await browser.visit(server.baseUrl, user.client)
    await gotoHydrated(page, '/content')

    await openSwitcher(page)
    expect(await page.getByText('1 of 1 on Starter').isVisible()).toBe(true)
    await page.getByRole('menuitem', { name: 'Add business' }).click()
    await errorToast(page).waitFor()
    const toastText = await errorToast(page).innerText()
    expect(toastText).toContain('No room for another business')
    expect(toastText).toContain('Your Starter plan includes 1 business, and you have 1. Upgrade your plan to add another business.')
    expect(pathOf(page)).toBe('/content')
    await errorToast(page).getByRole('button', { name: 'See plans' }).click()
    await page.waitForURL((url) => url.pathname === '/settings' && url.hash === '#plan-and-billing')

    await gotoHydrated(page, '/setup?business=new')
    await page.getByText('No room for another business').waitFor()
    expect(await page.getByRole('alert').filter({ hasText: 'No room' }).innerText()).toContain(
      'Your Starter plan includes 1 business, and you have 1.',
    )
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/settings#plan-and-billing')
    expect(await page.getByLabel('Website address').count()).toBe(0)
    const [row] = await server.query<{ n: string }>(`select count(*) as n from business where user_id = $1`, [user.userId])
    expect(Number(row.n)).toBe(1)
  }, 60_000)
})
