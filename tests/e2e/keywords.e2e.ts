import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKeywordRows } from '../fixtures/keyword-rows'
import { assertColumnsShown } from '../fixtures/screens'
import { gotoHydrated, launchBrowser, newPage } from '../fixtures/browser'
import { e2ePostgresServer, onboardedUser, type HttpClient } from '../fixtures/e2e-server'
import { HOUR_MS } from '~/shared/time'

// The Keywords screen (docs/product/keywords-table.md) in Chromium against the production build
// on PostgreSQL: an onboarded user with 60 keywords inserted directly, then what a person does
// with the filter list, the table and the bulk actions, and the URL state that keeps the view.
const server = e2ePostgresServer()

const KEYWORD_COUNT = 60

interface SeededKeyword {
  id: string
  keyword: string
  status: string
  searchVolume: number | null
}

let http: HttpClient
let businessId: string
/** Newest first: the default order (createdAt desc). */
let seeded: SeededKeyword[]

/** 60 demo keywords, createdAt one hour apart so the default order is known. */
async function insertKeywords(business: string) {
  const now = Date.now()
  const rows = generateKeywordRows(business, { seed: 4, count: KEYWORD_COUNT, now: new Date(now) }).map((row, index) => ({
    ...row,
    createdAt: new Date(now - (index + 1) * HOUR_MS),
  }))
  const values: unknown[] = []
  const tuples = rows.map((row, index) => {
    values.push(
      business,
      row.keyword,
      row.searchIntent,
      row.searchVolume,
      row.difficulty,
      row.status,
      row.priority,
      row.scheduledAt,
      row.createdAt,
    )
    const base = index * 9
    const params = Array.from({ length: 9 }, (_, offset) => `$${base + offset + 1}`).join(', ')
    return `(substr(md5(random()::text || ${index}), 1, 12), ${params})`
  })
  const inserted = await server.query<{ id: string; keyword: string; status: string; search_volume: number | null }>(
    `insert into keywords.keyword (id, business_id, keyword, search_intent, search_volume, difficulty, status, priority, scheduled_at, created_at)
     values ${tuples.join(', ')} returning id, keyword, status, search_volume`,
    values,
  )
  const byKeyword = new Map(inserted.map((row) => [row.keyword, row]))
  return rows.map((row) => {
    const stored = byKeyword.get(row.keyword)!
    return { id: stored.id, keyword: row.keyword, status: stored.status, searchVolume: stored.search_volume }
  })
}

const search = (page: Page) => new URL(page.url()).searchParams
/** The keyword column's texts, top to bottom. */
const keywordsOnPage = (page: Page) => page.locator('tbody tr td:nth-child(2)').allTextContents()
const totalBadge = (page: Page) => page.getByTestId('keywords-total').textContent()
const filterRows = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Remove filter' }) })
const poll = { timeout: 10_000 }

/**
 * Opens the filter list with its key, `f`. The list's key listener is attached when its chunk
 * hydrates, which can be just after the page reports hydrated: press again only while the list
 * has not opened.
 */
async function openFilterList(page: Page) {
  const opened = page.getByText(/^(No filters applied|Filters)$/).first()
  await expect
    .poll(
      async () => {
        if (await opened.isVisible()) return true
        await page.locator('body').press('f')
        return false
      },
      { timeout: 10_000, interval: 300 },
    )
    .toBe(true)
}

beforeAll(async () => {
  const user = await onboardedUser(server)
  http = user.client
  businessId = user.businessId
  seeded = await insertKeywords(businessId)
})

describe('Keywords screen in Chromium (docs/product/keywords-table.md)', () => {
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    browser = await launchBrowser()
    const opened = await newPage(browser, server.baseUrl)
    context = opened.context
    page = opened.page
    await page.setViewportSize({ width: 1400, height: 1000 })
    const [name, value] = http
      .cookie()
      .split('; ')
      .find((pair) => pair.includes('session_token'))!
      .split(/=(.*)/s)
    await context.addCookies([{ name, value, url: server.baseUrl }])
  })
  afterAll(async () => {
    await context?.close()
    await browser?.close()
  })

  const open = async (path = '/keywords') => {
    await gotoHydrated(page, path)
    await page.locator('tbody tr').first().waitFor()
  }

  it('renders the card with the total, the newest 10 keywords first, and every column', async () => {
    await open()
    expect(await totalBadge(page)).toBe(String(KEYWORD_COUNT))
    expect(await keywordsOnPage(page)).toEqual(seeded.slice(0, 10).map((row) => row.keyword))
    for (const title of [
      'Keyword',
      'Search intent',
      'Search volume',
      'Difficulty',
      'Priority',
      'Status',
      'Topic',
      'Source',
      'Scheduled',
      'Created',
    ]) {
      await page.getByRole('button', { name: new RegExp(`^${title} column options`) }).waitFor()
    }
    await page.getByText('Page 1 of 6').waitFor()
  })

  it('f opens the filter list; a text filter narrows the rows and goes to the URL; Shift+f removes it', async () => {
    await open()
    const expected = seeded.filter((row) => row.keyword.includes('espresso'))
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(KEYWORD_COUNT)

    await openFilterList(page)
    await page.getByText('No filters applied').waitFor()
    await page.getByText('Add filters to refine your rows.').waitFor()
    await page.getByRole('button', { name: 'Add filter' }).click()
    await page.getByText('Modify filters to refine your rows.').waitFor()
    await page.getByText('Where').waitFor()
    await page.getByRole('textbox', { name: 'Keyword value' }).fill('espresso')

    await expect.poll(() => search(page).get('filters') ?? '', poll).toContain('espresso')
    const [filter] = JSON.parse(search(page).get('filters')!)
    expect(filter).toMatchObject({ id: 'keyword', operator: 'iLike', variant: 'text', value: 'espresso' })
    expect(filter.filterId).toHaveLength(8)
    await expect.poll(() => totalBadge(page), poll).toBe(String(expected.length))
    expect(await keywordsOnPage(page)).toEqual(expected.slice(0, 10).map((row) => row.keyword))

    // Leave the input (Escape closes the popover), then Shift+f removes the last filter.
    await page.keyboard.press('Escape')
    await page.locator('body').press('Shift+F')
    await expect.poll(() => search(page).get('filters'), poll).toBeNull()
    await expect.poll(() => totalBadge(page), poll).toBe(String(KEYWORD_COUNT))
  })

  it('Backspace on a focused filter row removes that row', async () => {
    await open()
    await openFilterList(page)
    await page.getByRole('button', { name: 'Add filter' }).click()
    await page.getByRole('button', { name: 'Add filter' }).click()
    await expect.poll(() => filterRows(page).count(), poll).toBe(2)
    await filterRows(page).first().focus()
    await page.keyboard.press('Backspace')
    await expect.poll(() => filterRows(page).count(), poll).toBe(1)
    expect(await filterRows(page).first().getAttribute('aria-label')).toMatch(/^Filter 1: Status/)
    await expect
      .poll(() => JSON.parse(search(page).get('filters') ?? '[]').map((item: { id: string }) => item.id), poll)
      .toEqual(['status'])
  })

  it('the drag handle reorders two rows from the keyboard; the join switches to or; Reset filters clears both', async () => {
    await open()
    await openFilterList(page)
    await page.getByRole('button', { name: 'Add filter' }).click()
    await page.getByRole('button', { name: 'Add filter' }).click()
    await expect.poll(() => filterRows(page).count(), poll).toBe(2)
    const ids = () => JSON.parse(search(page).get('filters') ?? '[]').map((item: { id: string }) => item.id)
    await expect.poll(ids, poll).toEqual(['keyword', 'status'])

    const handle = page.getByRole('button', { name: 'Drag to reorder' }).first()
    await handle.focus()
    await page.keyboard.press('Space')
    await page.waitForTimeout(150)
    await page.keyboard.press('ArrowDown')
    await page.waitForTimeout(150)
    await page.keyboard.press('Space')
    await expect.poll(ids, poll).toEqual(['status', 'keyword'])
    expect(await filterRows(page).first().getAttribute('aria-label')).toMatch(/^Filter 1: Status/)

    await page.getByRole('combobox', { name: 'Join operator' }).click()
    await page.getByRole('option', { name: 'or' }).click()
    await expect.poll(() => search(page).get('joinOperator'), poll).toBe('or')

    await page.getByRole('dialog').getByRole('button', { name: 'Reset filters' }).click()
    await expect.poll(() => search(page).get('filters'), poll).toBeNull()
    expect(search(page).get('joinOperator')).toBeNull()
    await page.getByText('No filters applied').waitFor()
  })

  it('sorts a column from its header menu, and Reset goes back to the default order', async () => {
    await open()
    await page.getByRole('button', { name: /^Keyword column options/ }).click()
    await page.getByRole('menuitemcheckbox', { name: 'Asc' }).click()
    await expect.poll(() => search(page).get('sort'), poll).toBe('keyword.asc')
    const alphabetical = seeded.map((row) => row.keyword).sort()
    await expect.poll(() => keywordsOnPage(page), poll).toEqual(alphabetical.slice(0, 10))

    await page.getByRole('button', { name: /^Keyword column options/ }).click()
    await page.getByRole('menuitem', { name: 'Reset' }).click()
    await expect.poll(() => search(page).get('sort'), poll).toBeNull()
    await expect.poll(() => keywordsOnPage(page), poll).toEqual(seeded.slice(0, 10).map((row) => row.keyword))
  })

  it('changes the page size and pages', async () => {
    await open()
    await page.getByRole('combobox', { name: 'Rows per page' }).click()
    await page.getByRole('option', { name: '20' }).click()
    await expect.poll(() => search(page).get('perPage'), poll).toBe('20')
    await expect.poll(() => page.locator('tbody tr').count(), poll).toBe(20)
    await page.getByText('Page 1 of 3').waitFor()
    await page.getByRole('button', { name: 'Go to next page' }).click()
    await expect.poll(() => search(page).get('page'), poll).toBe('2')
    await expect.poll(() => keywordsOnPage(page), poll).toEqual(seeded.slice(20, 40).map((row) => row.keyword))
  })

  it('hides and shows a column from the View menu', async () => {
    await open()
    const header = page.getByRole('button', { name: /^Search volume column options/ })
    await header.waitFor()
    await page.getByRole('button', { name: 'View' }).click()
    await page.getByPlaceholder('Search columns...').waitFor()
    await page.getByRole('option', { name: 'Search volume' }).click()
    await header.waitFor({ state: 'detached' })
    await page.getByRole('option', { name: 'Search volume' }).click()
    await header.waitFor()
    await page.keyboard.press('Escape')
  })

  it('selects rows and archives them from the action bar; the selection clears', async () => {
    await open()
    const targets = seeded.slice(0, 2)
    for (const row of targets) await page.getByRole('checkbox', { name: `Select ${row.keyword}` }).click()
    const bar = page.getByRole('toolbar', { name: 'Selected rows actions' })
    await bar.getByText('2 selected').waitFor()
    await bar.getByRole('button', { name: 'Archive' }).click()
    await bar.waitFor({ state: 'detached' })
    const statusCells = page.locator('tbody tr td:nth-child(3)')
    await expect.poll(() => statusCells.nth(0).textContent(), poll).toBe('Archived')
    await expect.poll(() => statusCells.nth(1).textContent(), poll).toBe('Archived')
    const stored = await server.query<{ status: string }>(`select status from keywords.keyword where id = any($1) order by id`, [
      targets.map((row) => row.id),
    ])
    expect(stored.map((row) => row.status)).toEqual(['archived', 'archived'])
  })

  it('changes the status of selected rows from the Change status menu; a published keyword is never set back', async () => {
    await open()
    const statusCells = page.locator('tbody tr td:nth-child(3)')
    const target = seeded.findIndex((row) => row.status === 'pending')
    await page.getByRole('checkbox', { name: `Select ${seeded[target]!.keyword}` }).click()
    const bar = page.getByRole('toolbar', { name: 'Selected rows actions' })
    await bar.getByRole('button', { name: 'Change status' }).click()
    await page.getByRole('menuitem', { name: 'Scheduled' }).click()
    await bar.waitFor({ state: 'detached' })
    await expect.poll(() => statusCells.nth(target).textContent(), poll).toBe('Scheduled')

    // The one status model (docs/product/entities.md "Keyword status"): published → scheduled is refused, nothing changes.
    const published = seeded.findIndex((row) => row.status === 'published')
    await page.getByRole('checkbox', { name: `Select ${seeded[published]!.keyword}` }).click()
    await bar.getByRole('button', { name: 'Change status' }).click()
    await page.getByRole('menuitem', { name: 'Scheduled' }).click()
    await page.getByText('A published keyword cannot be set back: its article is live. Archive it to take it off the plan.').waitFor()
    expect(await statusCells.nth(published).textContent()).toBe('Published')
  })

  it('deletes selected rows after confirmation, and Undo in the toast restores them', async () => {
    await open()
    const target = seeded[3]
    await page.getByRole('checkbox', { name: `Select ${target.keyword}` }).click()
    await page.getByRole('toolbar', { name: 'Selected rows actions' }).getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete 1 keyword?' })
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('1 keyword deleted').waitFor()
    await expect.poll(() => totalBadge(page), poll).toBe(String(KEYWORD_COUNT - 1))
    expect(await keywordsOnPage(page)).not.toContain(target.keyword)

    await page.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => totalBadge(page), poll).toBe(String(KEYWORD_COUNT))
    await expect.poll(() => keywordsOnPage(page), poll).toContain(target.keyword)
  })

  // Asserted from element boxes: the filter list's controls (a phone stacks each row) and the
  // table's key columns fit the screen, the page never scrolls sideways, and a table wider than
  // its card says so with a shadow on the side that hides columns.
  it.each([
    [390, 844],
    [1280, 900],
  ])('at %i×%i with the filter list open: no sideways page scroll and every control inside the viewport', async (width, height) => {
    await page.setViewportSize({ width, height })
    try {
      await open()
      await openFilterList(page)
      await page.getByRole('button', { name: 'Add filter' }).click()
      await page.getByRole('button', { name: 'Add filter' }).click()
      await expect.poll(() => filterRows(page).count(), poll).toBe(2)
      const dialog = page.getByRole('dialog')
      const boxes = async () =>
        dialog.locator('button, input, [role="combobox"], [role="listitem"]').evaluateAll((elements) =>
          elements
            .filter((element) => element.checkVisibility())
            .map((element) => {
              const rect = element.getBoundingClientRect()
              const name = element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? element.textContent ?? ''
              return { name, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, width: rect.width }
            }),
        )
      // The popover settles where it opens: the same boxes twice in a row.
      let controls = await boxes()
      for (let attempt = 0; attempt < 20; attempt++) {
        await page.waitForTimeout(150)
        const again = await boxes()
        if (JSON.stringify(again) === JSON.stringify(controls)) break
        controls = again
      }
      expect(controls.map((box) => box.name)).toEqual(
        expect.arrayContaining(['Remove filter', 'Drag to reorder', 'Field: Keyword', 'Operator for Keyword', 'Add filter']),
      )
      for (const box of controls) {
        expect(box.left, box.name).toBeGreaterThanOrEqual(0)
        expect(box.right, box.name).toBeLessThanOrEqual(width)
        expect(box.top, box.name).toBeGreaterThanOrEqual(0)
        expect(box.bottom, box.name).toBeLessThanOrEqual(height)
      }
      // The value input has room to type in (it was squeezed to 26 px on a phone).
      const value = (await page.getByRole('textbox', { name: 'Keyword value' }).boundingBox())!
      expect(value.width).toBeGreaterThanOrEqual(150)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      // The key columns show without scrolling: keyword and status wholly inside the table's box.
      const container = page.locator('[data-slot="table-container"]')
      const frame = await assertColumnsShown(page, ['Keyword', 'Status'])
      const status = (await page.locator('tbody tr').first().locator('td:nth-child(3) > *').first().boundingBox())!
      expect(status.x + status.width).toBeLessThanOrEqual(frame.x + frame.width)
      // Wider than its card: the hidden side is shadowed, never cut silently.
      const overflows = await container.evaluate((element) => element.scrollWidth > element.clientWidth)
      expect(overflows).toBe(true)
      expect(await page.locator('[data-slot="scroll-shadow-after"]').isVisible()).toBe(true)
      expect(await page.locator('[data-slot="scroll-shadow-before"]').count()).toBe(0)
      await container.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
      await page.locator('[data-slot="scroll-shadow-before"]').waitFor()
      await page.locator('[data-slot="scroll-shadow-after"]').waitFor({ state: 'detached' })
    } finally {
      await page.setViewportSize({ width: 1400, height: 1000 })
    }
  })

  it('a click on a row (not on its controls), or Enter on a focused row, opens its why-panel', async () => {
    await open()
    const first = seeded[0]
    const panel = page.getByRole('dialog', { name: `Why “${first.keyword}”` })
    // The volume cell: no control of its own there.
    await page.locator('tbody tr').first().locator('td:nth-child(4)').click()
    await panel.waitFor()
    await panel.getByRole('button', { name: 'Close' }).click()
    await panel.waitFor({ state: 'detached' })

    // The checkbox stays the checkbox's: it selects, and opens nothing.
    await page.getByRole('checkbox', { name: `Select ${first.keyword}` }).click()
    await page.getByRole('toolbar', { name: 'Selected rows actions' }).getByText('1 selected').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await page.getByRole('checkbox', { name: `Select ${first.keyword}` }).click()

    const second = seeded[1]
    await page.locator('tbody tr').nth(1).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: `Why “${second.keyword}”` }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  })

  it('a page past the last one (?page=999) shows the last page, in place of the address asked for', async () => {
    await gotoHydrated(page, '/keywords?page=999')
    await expect.poll(() => search(page).get('page'), poll).toBe('6')
    await page.getByText('Page 6 of 6').waitFor()
    await expect.poll(() => keywordsOnPage(page), poll).toEqual(seeded.slice(50, 60).map((row) => row.keyword))
  })

  it('deleting every row of the last page goes to the new last page (never "Page 6 of 5"); Undo restores them', async () => {
    await open('/keywords?page=6')
    await page.getByText('Page 6 of 6').waitFor()
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click()
    await page.getByRole('toolbar', { name: 'Selected rows actions' }).getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog', { name: 'Delete 10 keywords?' }).getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => totalBadge(page), poll).toBe(String(KEYWORD_COUNT - 10))
    await expect.poll(() => search(page).get('page'), poll).toBe('5')
    await page.getByText('Page 5 of 5').waitFor()
    await expect.poll(() => keywordsOnPage(page), poll).toEqual(seeded.slice(40, 50).map((row) => row.keyword))

    await page.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => totalBadge(page), poll).toBe(String(KEYWORD_COUNT))
  })

  it('filters that match nothing show "No results." and Reset filters brings the rows back', async () => {
    const filters = [{ id: 'keyword', value: 'no such keyword anywhere', variant: 'text', operator: 'iLike', filterId: 'none1234' }]
    await gotoHydrated(page, `/keywords?filters=${encodeURIComponent(JSON.stringify(filters))}`)
    await page.getByText('No results.').waitFor()
    expect(await totalBadge(page)).toBe('0')
    await page.getByRole('button', { name: 'Reset filters' }).click()
    await expect.poll(() => search(page).get('filters'), poll).toBeNull()
    await expect.poll(() => totalBadge(page), poll).toBe(String(KEYWORD_COUNT))
  })

  it('a reload shows the same view: filters, join, sort and page size come from the URL', async () => {
    const filters = [
      { id: 'keyword', value: 'coffee', variant: 'text', operator: 'iLike', filterId: 'abcd1234' },
      { id: 'status', value: ['published', 'draft'], variant: 'multiSelect', operator: 'inArray', filterId: 'efgh5678' },
    ]
    const path = `/keywords?perPage=20&sort=searchVolume.desc&joinOperator=or&filters=${encodeURIComponent(JSON.stringify(filters))}`
    await open(path)
    const expected = seeded
      .filter((row) => row.keyword.includes('coffee') || row.status === 'published' || row.status === 'draft')
      .sort((a, b) => (b.searchVolume ?? -1) - (a.searchVolume ?? -1))
    expect(await totalBadge(page)).toBe(String(expected.length))
    const before = await keywordsOnPage(page)
    expect(before).toHaveLength(Math.min(20, expected.length))
    const url = page.url()

    await page.reload()
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await page.locator('tbody tr').first().waitFor()
    expect(page.url()).toBe(url)
    expect(await keywordsOnPage(page)).toEqual(before)
    await page.getByRole('button', { name: /Filter.*2/ }).waitFor()
    await openFilterList(page)
    expect(await filterRows(page).count()).toBe(2)
    expect(await page.getByRole('combobox', { name: 'Join operator' }).textContent()).toBe('or')
  })
})

describe('Keywords screen, server-rendered', () => {
  it('a business without keywords sees what the list is for and what fills it', async () => {
    const { client } = await onboardedUser(server)
    const { response } = await client.get('/keywords')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('No keywords yet')
    expect(html).toContain('Keyword research fills this list')
  })

  it('the first page is in the HTML: fetched before the screen renders', async () => {
    const { response } = await http.get('/keywords')
    const html = await response.text()
    for (const row of seeded.slice(0, 10)) expect(html).toContain(row.keyword)
    expect(html).not.toContain(seeded[10].keyword)
  })
})

describe('Keywords URL state that does not fit falls back', () => {
  const bad = (filters: unknown) => `filters=${encodeURIComponent(typeof filters === 'string' ? filters : JSON.stringify(filters))}`
  const cases: [string, string][] = [
    ['unknown sort column', 'sort=password.asc'],
    ['malformed sort', 'sort=;drop table'],
    ['unknown filter column', bad([{ id: 'businessId', value: 'x', variant: 'text', operator: 'iLike', filterId: 'abcd1234' }])],
    ['operator the variant lacks', bad([{ id: 'keyword', value: 'x', variant: 'text', operator: 'isBetween', filterId: 'abcd1234' }])],
    ['unknown operator', bad([{ id: 'keyword', value: 'x', variant: 'text', operator: 'regex', filterId: 'abcd1234' }])],
    ['variant other than the column’s', bad([{ id: 'keyword', value: '5', variant: 'number', operator: 'eq', filterId: 'abcd1234' }])],
    ['malformed value', bad([{ id: 'searchVolume', value: 'lots', variant: 'range', operator: 'gt', filterId: 'abcd1234' }])],
    ['unknown option', bad([{ id: 'status', value: ['deleted'], variant: 'multiSelect', operator: 'inArray', filterId: 'abcd1234' }])],
    ['filters not JSON', bad('[{not json')],
    ['filters not a list', bad({ id: 'keyword' })],
    ['bad page, page size and join', 'page=-3&perPage=7&joinOperator=xor'],
  ]

  it.each(cases)('%s: the page renders (200) with the default view', async (_label, query) => {
    const { response } = await http.get(`/keywords?${query}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Keywords')
    expect(html).not.toContain('Could not load your keywords')
    expect(html).toContain(`>${KEYWORD_COUNT}<`)
  })
})
