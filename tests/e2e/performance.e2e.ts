import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, e2eServer, onboardedUser } from '../fixtures/e2e-server'
import { assertFits, signIntoDemo } from '../fixtures/screens'

// /performance (docs/product/search-console.md) on the demo account, connected at start to its
// Search Console property with 16 months of mock data: totals against the previous period, the
// chart, a range in the URL, and the opportunities with their actions.
const server = e2eServer()
const pgServer = e2ePostgresServer()
const browser = useBrowser()

const totalOf = (page: Page, metric: string) => page.getByTestId(`total-${metric}`).getByTestId('total-value').textContent()
const rangeText = (page: Page) => page.getByTestId('performance-range').textContent()
/** The chart's drawn lines: the range's and the previous period's. */
const chartLines = (page: Page) => page.getByTestId('performance-chart').locator('svg path.recharts-line-curve')

describe('/performance', () => {
  it('shows the demo’s totals and chart, changes the range through the URL, and lists opportunities', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    await page.getByRole('navigation').getByRole('link', { name: 'Performance' }).first().click()
    await page.waitForURL((url) => url.pathname === '/performance')
    await page.getByRole('heading', { name: 'Performance', level: 1 }).waitFor()

    // The last 28 days by default: the URL carries no range; numbers with data, the chart drawn.
    await page.getByTestId('total-clicks').waitFor()
    expect(new URL(page.url()).search).toBe('')
    expect(await page.getByRole('button', { name: 'Last 28 days' }).getAttribute('aria-pressed')).toBe('true')
    const clicks28 = (await totalOf(page, 'clicks'))!
    expect(Number(clicks28.replace(/,/g, ''))).toBeGreaterThan(0)
    expect(Number((await totalOf(page, 'impressions'))!.replace(/,/g, ''))).toBeGreaterThan(0)
    expect(await totalOf(page, 'position')).toMatch(/^\d+\.\d$/)
    // The average position changes by positions, lower being better: never a percentage.
    const positionCard = page.getByTestId('total-position')
    expect(await positionCard.getByTestId('total-change').textContent()).toMatch(/^(▲|▼) \d+\.\d positions?$|^No change$|^–$/)
    expect(await positionCard.textContent()).not.toContain('%')
    expect(await positionCard.locator('.sr-only').textContent()).toMatch(/^(improved|worse) by \d+\.\d positions?$|^no change$/)
    if (process.env.E2E_SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS_DIR}/performance-totals-1280.png` })
    await expect.poll(() => chartLines(page).count()).toBe(2)
    for (const line of await chartLines(page).all()) expect((await line.getAttribute('d'))?.length ?? 0).toBeGreaterThan(20)
    // The metric switch redraws the chart for impressions; screen readers get its summary.
    await page.getByRole('button', { name: 'Impressions', exact: true }).click()
    expect(await page.getByRole('button', { name: 'Impressions', exact: true }).getAttribute('aria-pressed')).toBe('true')
    expect(
      await page
        .getByTestId('performance-chart')
        .getByText(/^Impressions over /)
        .textContent(),
    ).toContain('against')
    const range28 = await rangeText(page)

    // Last 3 months: the range goes into the URL; the totals and the range shown change.
    await page.getByRole('button', { name: 'Last 3 months' }).click()
    await page.waitForURL((url) => url.searchParams.has('from') && url.searchParams.has('to'))
    const url = new URL(page.url())
    const days = (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 86_400_000
    expect(days).toBeGreaterThan(85)
    expect(days).toBeLessThan(93)
    await expect.poll(() => rangeText(page)).not.toBe(range28)
    await expect
      .poll(async () => Number((await totalOf(page, 'clicks'))!.replace(/,/g, '')))
      .toBeGreaterThan(Number(clicks28.replace(/,/g, '')))
    expect(await page.getByRole('button', { name: 'Last 3 months' }).getAttribute('aria-pressed')).toBe('true')

    // The address alone gives the same range (a reload); one that is not a real day falls back to 28 days.
    const threeMonths = await rangeText(page)
    await gotoHydrated(page, `${url.pathname}${url.search}`)
    await expect.poll(() => rangeText(page)).toBe(threeMonths)
    await gotoHydrated(page, '/performance?from=2026-02-30&to=nope')
    await expect.poll(() => rangeText(page)).toBe(range28)

    // Opportunities: striking-distance queries, each with what to do about it.
    const striking = page.getByTestId('striking-distance')
    await striking.waitFor()
    expect(await striking.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await striking.getByText(/^Position \d+\.\d/).count()).toBeGreaterThan(0)
    // A query not in the plan goes into it: the row then says so.
    const add = striking.getByRole('button', { name: /^Add “.+” as a keyword$/ }).first()
    const query = (await add.getAttribute('aria-label'))!.replace(/^Add “(.+)” as a keyword$/, '$1')
    await add.click()
    await page.getByText(`“${query}” added to your plan`).waitFor()
    const row = striking.getByRole('listitem').filter({ hasText: query }).first()
    await row.getByText('In your plan').waitFor()
    // The demo has one competing query, with the merge suggestion.
    expect(await page.getByTestId('cannibalisation').textContent()).toContain('redirect it there (301)')

    await assertFits(page, '/performance at 1280×900')
    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => chartLines(page).count()).toBe(2)
    await assertFits(page, '/performance at 390×844')

    // An article of the demo that Google shows: its page has its own numbers beside Publishing.
    await page.setViewportSize({ width: 1280, height: 900 })
    const article = page.getByTestId('cannibalisation').locator('a[href^="/content/"]').first()
    await article.click()
    await page.waitForURL((address) => address.pathname.startsWith('/content/'))
    const panel = page.getByTestId('article-search-panel')
    await panel.getByRole('heading', { name: 'In Google search' }).waitFor()
    await panel.getByText('Impressions', { exact: true }).waitFor()
    // Its daily impressions over the 28 days before's, dashed.
    const lines = panel.locator('svg path.recharts-line-curve')
    expect(await lines.count()).toBe(2)
    expect(await lines.first().getAttribute('stroke-dasharray')).toBe('4 4')
  })
})

describe('the queries and pages tables’ search', () => {
  /** A table's count, from its description ("…: 1,234 searches in this range."). */
  const countOf = async (table: Locator) =>
    Number(
      (await table.getByText(/: [\d,]+ \w+ (matching “.*” )?in this range\.$/).textContent())!.match(/: ([\d,]+) /)![1]!.replace(/,/g, ''),
    )
  /** The table's first column: the queries, or the pages' addresses. */
  const keysOf = (table: Locator) => table.locator('tbody tr td:first-child').allTextContents()

  it('narrows the rows as you type, keeps the text in the URL across a reload, and says when nothing matches', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    await gotoHydrated(page, '/performance')
    const queries = page.getByTestId('top-query')
    const box = queries.getByRole('searchbox', { name: 'Search queries' })
    await box.waitFor()
    await expect.poll(() => keysOf(queries).then((keys) => keys.length)).toBe(10)
    const all = await countOf(queries)
    const [first] = await keysOf(queries)

    // The first query typed in capitals: only the queries holding it, any case; page 1 again.
    await queries.getByRole('button', { name: 'Go to next page' }).click()
    await expect.poll(() => queries.getByText(/^Page 2 of/).count()).toBe(1)
    const text = first!.trim().toUpperCase()
    await box.click()
    await page.keyboard.type(` ${text} `)
    await page.waitForURL((url) => url.searchParams.get('queryContains') === text)
    await expect.poll(() => countOf(queries)).toBeLessThan(all)
    const narrowed = await keysOf(queries)
    expect(narrowed.length).toBeGreaterThan(0)
    for (const key of narrowed) expect(key.toLowerCase()).toContain(first!.trim().toLowerCase())
    expect(await queries.getByText(`matching “${text}” in this range.`).count()).toBe(1)
    expect(await queries.getByText(/^Page 1 of/).count()).toBe(1)
    // The pages table is not filtered by it.
    expect(await countOf(page.getByTestId('top-page'))).toBeGreaterThan(0)
    expect(new URL(page.url()).searchParams.has('pageContains')).toBe(false)

    // A reload keeps it: the box, the rows and the count.
    const filteredCount = await countOf(queries)
    await gotoHydrated(page, page.url())
    await expect.poll(() => box.inputValue()).toBe(text)
    await expect.poll(() => countOf(queries)).toBe(filteredCount)
    expect(await keysOf(queries)).toEqual(narrowed)

    // Nothing matching: says so (not that there is no data), with a way back.
    await box.fill('no such query 100%')
    await queries.getByText('No queries match “no such query 100%”').waitFor()
    expect(await queries.getByText('No searches in this range.').count()).toBe(0)
    expect(new URL(page.url()).searchParams.get('queryContains')).toBe('no such query 100%')
    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => chartLines(page).count()).toBe(2)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await assertFits(page, '/performance with no matching query at 390×844')
    // The message and its button are in view, not off to the side of the wide table.
    for (const element of [
      queries.getByText('No queries match “no such query 100%”'),
      queries.getByRole('button', { name: 'Clear the search', exact: true }),
    ]) {
      const box = (await element.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await queries.getByRole('button', { name: 'Clear the search', exact: true }).click()
    await expect.poll(() => countOf(queries)).toBe(all)
    expect(await box.inputValue()).toBe('')
    expect(new URL(page.url()).searchParams.has('queryContains')).toBe(false)

    // From the keyboard: Escape empties the box at once.
    const pages = page.getByTestId('top-page')
    const pageBox = pages.getByRole('searchbox', { name: 'Search pages' })
    const allPages = await countOf(pages)
    await pageBox.focus()
    await page.keyboard.type('/no-such-page')
    await pages.getByText('No pages match “/no-such-page”').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => countOf(pages)).toBe(allPages)
    expect(await pageBox.inputValue()).toBe('')
    await page.waitForURL((url) => !url.searchParams.has('pageContains'))
  })
})

describe('a decaying article', () => {
  it('is listed with Refresh; its page shows the decline; Refresh rewrites it, keeps its address and republishes it', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    await gotoHydrated(page, '/performance')

    // The demo's first article, live for months, lost more than 20% of its clicks: Refresh is offered.
    const decay = page.getByTestId('decay')
    await decay.waitFor()
    const item = decay.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Refresh “/ }) })
    expect(await item.count()).toBe(1)
    expect(await item.textContent()).toMatch(/clicks in the last 28 days, [\d,]+ before · −(2[1-9]|[3-9]\d|100)%/)
    const link = item.locator('a[href^="/content/"]')
    const title = (await link.textContent())!
    const articleHref = (await link.getAttribute('href'))!

    // Its page: published, its search panel showing fewer clicks than the 28 days before.
    await link.click()
    await page.waitForURL((url) => url.pathname === articleHref)
    await page.getByRole('heading', { name: title, level: 1 }).first().waitFor()
    const panel = page.getByTestId('article-search-panel')
    await panel.getByText('Clicks', { exact: true }).waitFor()
    const clicks = panel.locator('dd').first()
    expect(await clicks.textContent()).toMatch(/−\d+%$/)
    expect(await clicks.locator('span').getAttribute('class')).toContain('text-red-400')
    const header = page.locator('main')
    const versionBefore = Number((await header.getByText(/^Version \d+$/).textContent())!.replace('Version ', ''))
    const publication = page.getByTestId('publishing-panel').getByTestId('publication')
    await publication.waitFor()
    const liveAddress = (await publication.getByRole('link', { name: /^View on/ }).getAttribute('href'))!
    expect(liveAddress).toContain(`/demo/cms/`)
    const syncedBefore = await publication.getByText(/^Last synced /).textContent()

    // Refresh from the opportunity: the rewrite runs to its end.
    await gotoHydrated(page, '/performance')
    const refresh = page.getByTestId('decay').getByRole('button', { name: `Refresh “${title}”` })
    await refresh.click()
    const progress = page.getByTestId('decay').getByRole('region', { name: `Refreshing “${title}”` })
    await progress.waitFor()
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 90_000, interval: 500 }).toBe('completed')
    await page.getByText(`“${title}” is rewritten; its new version is on its way to your site.`).waitFor()
    expect(await refresh.textContent()).toBe('Refreshed')

    // The article: a new version, still published at the same address, sent to its site again.
    await gotoHydrated(page, articleHref)
    await page.getByText(`Version ${versionBefore + 1}`, { exact: true }).waitFor()
    expect(await page.locator('main').getByText('Published', { exact: true }).first().isVisible()).toBe(true)
    const after = page.getByTestId('publishing-panel').getByTestId('publication')
    await expect
      .poll(async () => (await after.getByText(/^Last synced /).textContent()) !== syncedBefore, { timeout: 60_000, interval: 1000 })
      .toBe(true)
    expect(await after.getByRole('link', { name: /^View on/ }).getAttribute('href')).toBe(liveAddress)
    expect(await after.getByText('Your latest edits will be synced.').count()).toBe(0)
    // Its live page is the new version (its title may have changed with it).
    const newTitle = (await page.getByTestId('article-html').locator('h1').first().textContent())!.trim()
    await page.goto(liveAddress)
    expect(await page.title()).toContain(newTitle)
  }, 150_000)
})

describe('/performance without Search Console', () => {
  it('says Search Console is not connected and links to /integrations', async () => {
    const user = await onboardedUser(pgServer)
    const { page } = await browser.visit(pgServer.baseUrl, user.client)
    await gotoHydrated(page, '/performance')
    await page.getByRole('heading', { name: 'Search Console is not connected' }).waitFor()
    await page.getByRole('link', { name: 'Connect Search Console' }).click()
    await page.waitForURL((url) => url.pathname === '/integrations')
  })
})
