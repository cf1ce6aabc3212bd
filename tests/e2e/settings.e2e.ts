import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, onboardedUser } from '../fixtures/e2e-server'
import { startBusinessSite } from '../fixtures/setup-test-site'
import type { TestSite } from '../fixtures/test-site'

// /settings (docs/product/routes.md) in Chromium against the production build on PostgreSQL: an onboarded
// user (plan and business inserted directly), each business field and article setting through the
// UI and back after a reload, invalid values refused with nothing saved, and the account section.
const server = e2ePostgresServer()
const browser = useBrowser()
const poll = { timeout: 10_000 }
// A business site on 127.0.0.1 (the server may fetch loopback in tests) whose sitemap settings reads.
let site: TestSite
beforeAll(async () => {
  site = await startBusinessSite()
})
afterAll(() => site?.close())

const businessRow = async (id: string) => (await server.query(`select * from business where id = $1`, [id]))[0]

async function openSettings(page: Page) {
  await gotoHydrated(page, '/settings')
  await page.getByLabel('Business name', { exact: true }).waitFor()
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

const PROFILE_TEXT = {
  'Business name': 'Bean There Roasters',
  Description: 'Small-batch coffee, roasted to order in Leeds.',
  Industry: 'Food & drink',
  'Business model': 'D2C subscriptions',
  'Value proposition': 'Beans within 48 hours of roasting.',
}
const PROFILE_LISTS = {
  'Target audiences': ['Home baristas', 'Offices'],
  Services: ['Coffee subscriptions', 'Wholesale'],
  'Primary services': ['Coffee subscriptions'],
  'Core products': ['Espresso blend', 'Filter blend'],
  'Customer problems': ['Stale supermarket coffee'],
  'Competitive advantages': ['Roasted to order'],
  'Target outcomes': ['Better mornings'],
}

describe('Settings in Chromium', () => {
  it('saves every business profile field, which survives a reload', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    const save = page.getByRole('button', { name: 'Save profile' })
    await expect.poll(() => save.isDisabled()).toBe(true)

    for (const [label, value] of Object.entries(PROFILE_TEXT)) await page.getByLabel(label, { exact: true }).fill(value)
    for (const [label, values] of Object.entries(PROFILE_LISTS))
      await page.getByLabel(label, { exact: true }).fill(`${values.join('\n')}\n\n`)
    // The site-address rule: a bare host gets https:// when the field is left.
    const website = page.getByLabel('Website', { exact: true })
    await website.fill(`beanthere-${user.userId.toLowerCase()}.example`)
    await website.blur()
    const expectedUrl = `https://beanthere-${user.userId.toLowerCase()}.example`
    await expect.poll(() => website.inputValue()).toBe(expectedUrl)
    await expect.poll(() => page.getByText('You have unsaved changes.').first().isVisible()).toBe(true)
    await save.click()
    await page.getByText('Business profile saved').waitFor()

    await openSettings(page)
    for (const [label, value] of Object.entries(PROFILE_TEXT))
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value)
    for (const [label, values] of Object.entries(PROFILE_LISTS))
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(values.join('\n'))
    expect(await website.inputValue()).toBe(expectedUrl)
    expect(await save.isDisabled()).toBe(true)
    expect(await businessRow(user.businessId)).toMatchObject({
      name: 'Bean There Roasters',
      url: expectedUrl,
      description: PROFILE_TEXT.Description,
      industry: 'Food & drink',
      business_model: 'D2C subscriptions',
      value_proposition: PROFILE_TEXT['Value proposition'],
      target_audiences: PROFILE_LISTS['Target audiences'],
      services: PROFILE_LISTS.Services,
      primary_services: PROFILE_LISTS['Primary services'],
      core_products: PROFILE_LISTS['Core products'],
      customer_problems: PROFILE_LISTS['Customer problems'],
      competitive_advantages: PROFILE_LISTS['Competitive advantages'],
      target_outcomes: PROFILE_LISTS['Target outcomes'],
    })
  })

  it('edits the seeds and the sitemap, blog and best articles setup asked for; a page that is not a sitemap is refused; both survive a reload', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    expect(await page.getByRole('main').getByRole('link', { name: 'Manage competitors' }).getAttribute('href')).toBe('/competitors')

    await page.getByLabel('Seed keywords', { exact: true }).fill('cold brew\nespresso beans\n\ncold brew\n')
    await page.getByRole('button', { name: 'Save seed keywords' }).click()
    await page.getByText('Seed keywords saved').waitFor()

    const sitemap = page.getByLabel('Sitemap URL', { exact: true })
    const save = page.getByRole('button', { name: 'Save sitemap and blog' })
    await sitemap.fill(`${site.origin}/blog`)
    await page.getByLabel('Blog URL', { exact: true }).fill(`${site.origin}/blog`)
    await page
      .getByLabel('Best articles', { exact: true })
      .fill(`${site.origin}/blog/unblock-a-drain\n${site.origin}/blog/fix-a-dripping-tap`)
    await save.click()
    const refusal = page.locator('#site-sitemapUrl-error')
    await refusal.waitFor()
    expect(await refusal.innerText()).toBe(
      `${site.origin}/blog is a web page (HTML), not a sitemap. Enter the address of your XML sitemap (often /sitemap.xml), or leave the field empty if your site has none.`,
    )
    expect(await sitemap.getAttribute('aria-invalid')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-sitemapUrl')
    expect(await businessRow(user.businessId)).toMatchObject({ sitemap_url: null, blog_url: null, best_articles: [] })

    await sitemap.fill(`${site.origin}/sitemap.xml`)
    expect(await refusal.count()).toBe(0)
    await save.click()
    await page.getByText('Sitemap and blog saved').waitFor()

    await openSettings(page)
    expect(await page.getByLabel('Seed keywords', { exact: true }).inputValue()).toBe('cold brew\nespresso beans')
    expect(await sitemap.inputValue()).toBe(`${site.origin}/sitemap.xml`)
    expect(await page.getByLabel('Blog URL', { exact: true }).inputValue()).toBe(`${site.origin}/blog`)
    expect(await page.getByLabel('Best articles', { exact: true }).inputValue()).toBe(
      `${site.origin}/blog/unblock-a-drain\n${site.origin}/blog/fix-a-dripping-tap`,
    )
    expect(await businessRow(user.businessId)).toMatchObject({
      seeds: ['cold brew', 'espresso beans'],
      sitemap_url: `${site.origin}/sitemap.xml`,
      blog_url: `${site.origin}/blog`,
      best_articles: [`${site.origin}/blog/unblock-a-drain`, `${site.origin}/blog/fix-a-dripping-tap`],
    })
  })

  it('saves every article setting, with the colour picker and hex field in sync, which survive a reload', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    await choose(page, 'Language', 'German')
    await choose(page, 'Tone', 'Playful')
    await choose(page, 'Keyword region', 'Germany')
    await choose(page, 'Image style', 'Watercolor')
    await page.getByLabel('Internal links per article').fill('4')
    await page.getByLabel('Write articles ahead (days)').fill('5')
    await page.getByLabel('Minimum SEO score').fill('80')
    for (const name of ['Publish automatically', 'Add a YouTube video', 'Add a call to action', 'Include infographics']) {
      await page.getByRole('checkbox', { name }).click()
    }
    const hex = page.getByLabel('Brand colour', { exact: true })
    const picker = page.getByLabel('Brand colour picker')
    await picker.fill('#112233')
    await expect.poll(() => hex.inputValue()).toBe('#112233')
    await hex.fill('#7C3AED')
    await expect.poll(() => picker.inputValue()).toBe('#7c3aed')
    await page.getByRole('button', { name: 'Save article settings' }).click()
    await page.getByText('Article settings saved').waitFor()

    await openSettings(page)
    expect(await page.getByLabel('Language', { exact: true }).textContent()).toBe('German')
    expect(await page.getByLabel('Tone', { exact: true }).textContent()).toBe('Playful')
    expect(await page.getByLabel('Keyword region', { exact: true }).textContent()).toBe('Germany')
    expect(await page.getByLabel('Image style', { exact: true }).textContent()).toBe('Watercolor')
    expect(await page.getByLabel('Internal links per article').inputValue()).toBe('4')
    expect(await page.getByLabel('Write articles ahead (days)').inputValue()).toBe('5')
    expect(await page.getByLabel('Minimum SEO score').inputValue()).toBe('80')
    expect(await hex.inputValue()).toBe('#7c3aed')
    expect(await picker.inputValue()).toBe('#7c3aed')
    for (const name of ['Publish automatically', 'Add a YouTube video', 'Add a call to action', 'Include infographics']) {
      expect(await page.getByRole('checkbox', { name }).getAttribute('aria-checked')).toBe('false')
    }
    expect(await businessRow(user.businessId)).toMatchObject({
      language: 'German',
      tone: 'Playful',
      keyword_region: 'DE',
      image_style: 'Watercolor',
      internal_links: 4,
      brand_color: '#7c3aed',
      auto_publish: false,
      add_youtube_video: false,
      add_cta: false,
      include_infographics: false,
    })

    // "Brand & Text Realism" is offered and saved like any other style.
    await choose(page, 'Image style', 'Brand & Text Realism')
    await page.getByRole('button', { name: 'Save article settings' }).click()
    await expect.poll(async () => (await businessRow(user.businessId)).image_style, poll).toBe('Brand & Text Realism')
  })

  it('refuses an invalid brand colour under its field and saves nothing', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    const before = await businessRow(user.businessId)
    await choose(page, 'Tone', 'Friendly')
    const hex = page.getByLabel('Brand colour', { exact: true })
    await hex.fill('#12345')
    await page.getByRole('button', { name: 'Save article settings' }).click()
    await page.getByText('Brand colour must be a hex colour such as #7c3aed.').waitFor()
    expect(await hex.getAttribute('aria-invalid')).toBe('true')
    expect(await hex.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await businessRow(user.businessId)).toEqual(before)
    await openSettings(page)
    expect(await hex.inputValue()).toBe('#000000')
    expect(await page.getByLabel('Tone', { exact: true }).textContent()).toBe('Informative')
  })

  it('refuses an invalid website under its field, with a notification naming it, and saves nothing', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    const before = await businessRow(user.businessId)
    await page.getByLabel('Business name', { exact: true }).fill('Changed name')
    const website = page.getByLabel('Website', { exact: true })
    await website.fill('not a website')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Check the Website field').waitFor()
    await page.getByText('Website must be a web address such as https://example.com.').waitFor()
    expect(await website.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await businessRow(user.businessId)).toEqual(before)
    await openSettings(page)
    expect(await website.inputValue()).toBe(before.url)
    expect(await page.getByLabel('Business name', { exact: true }).inputValue()).toBe('Acme Roasters')
  })

  it('refuses an address another of the user’s businesses has, under the Website field, and saves nothing', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const taken = `https://second-${user.userId.toLowerCase()}.example`
    await server.query(
      `insert into business (id, user_id, name, url, description) values (substr(md5(random()::text), 1, 12), $1, 'Second Shop', $2, 'Tea')`,
      [user.userId, taken],
    )
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    const before = await businessRow(user.businessId)
    await page.getByLabel('Website', { exact: true }).fill(taken)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText(`You already have a business with this website address (${taken}).`).waitFor()
    expect(await page.getByLabel('Website', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    expect(await businessRow(user.businessId)).toEqual(before)
  })

  it('switches business when the user has several, and the forms show the selected one', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const [second] = await server.query<{ id: string }>(
      `insert into business (id, user_id, name, url, description, tone, created_at) values (substr(md5(random()::text), 1, 12), $1, 'Second Shop', $2, 'Tea', 'Friendly', now() + interval '1 minute') returning id`,
      [user.userId, `https://second-${user.userId.toLowerCase()}.example`],
    )
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    expect(await page.getByRole('combobox', { name: 'Business' }).textContent()).toBe('Acme Roasters')
    await choose(page, 'Business', 'Second Shop')
    await page.getByText('Now editing Second Shop').waitFor()
    await expect.poll(() => page.getByLabel('Business name', { exact: true }).inputValue(), poll).toBe('Second Shop')
    expect(await page.getByLabel('Tone', { exact: true }).textContent()).toBe('Friendly')
    const [row] = await server.query<{ selected_business: string }>(`select selected_business from "user" where id = $1`, [user.userId])
    expect(row.selected_business).toBe(second.id)
    // Saving now changes the selected business only.
    await page.getByLabel('Industry', { exact: true }).fill('Tea')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Business profile saved').waitFor()
    expect((await businessRow(second.id)).industry).toBe('Tea')
    expect((await businessRow(user.businessId)).industry).toBeNull()
  })

  it('has no business switcher with a single business', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    await page.getByRole('button', { name: 'Save article settings' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Business' }).count()).toBe(0)
  })

  it('shows the plan and this month’s usage against its allowance, with the billing portal', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    await server.query(
      `insert into usage (id, user_id, business_id, source, quantity, unit, billing_period, idempotency_key) values (substr(md5(random()::text), 1, 12), $1, $2, 'article', 4, 'article', to_char(now() at time zone 'utc', 'YYYY-MM'), $3)`,
      [user.userId, user.businessId, `e2e-${user.userId}`],
    )
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    const billing = page.getByRole('region', { name: 'Plan and billing' })
    await expect.poll(() => billing.textContent(), poll).toContain('4 of 30 used')
    expect(await billing.textContent()).toContain('Growth')
    expect(await billing.getByRole('progressbar', { name: 'Articles used this month' }).getAttribute('aria-valuenow')).toBe('4')
    expect(await billing.getByRole('button', { name: 'Manage billing' }).isEnabled()).toBe(true)
  })
})
