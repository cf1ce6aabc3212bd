import { describe, expect, it } from 'vitest'
import { gotoHydrated, pageRpc, useBrowser } from '../fixtures/browser'
import { e2eServer } from '../fixtures/e2e-server'
import { assertFits, signIntoDemo } from '../fixtures/screens'

// /content on the demo account (docs/product/pipeline.md §4): the calendar, the list, and an
// article's editor and versions.
const server = e2eServer()
const browser = useBrowser()

const nextMonth = () => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7)
}

/** The demo's calendar of next month (everything on it still to come) on a laptop-sized window. */
async function openNextMonth() {
  const { page } = await browser.visit(server.baseUrl)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIntoDemo(page)
  const month = nextMonth()
  await gotoHydrated(page, `/content?month=${month}`)
  return { page, month, calendar: page.getByTestId('content-calendar') }
}

/** The first of the demo's drafts in the list, opened, on a laptop-sized window. */
async function openFirstDraft() {
  const { page } = await browser.visit(server.baseUrl)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIntoDemo(page)
  const drafts = [{ id: 'status', value: ['draft'], variant: 'multiSelect', operator: 'inArray', filterId: 'status01' }]
  await gotoHydrated(page, `/content?view=list&filters=${encodeURIComponent(JSON.stringify(drafts))}`)
  await page.getByRole('table').getByRole('link').first().click()
  await page.waitForURL((url) => url.pathname.startsWith('/content/'))
  return page
}

describe('/content', () => {
  it('without a month in the address, the calendar opens on the month that holds the next planned day', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    const thisMonth = new Date().toISOString().slice(0, 7)
    const [business] = (await pageRpc<Array<{ id: string; isCurrent: boolean }>>(page, 'business/list', {})).filter(
      (item) => item.isCurrent,
    )
    const { nextPlanned } = await pageRpc<{ nextPlanned: string | null }>(page, 'article/calendar', {
      businessId: business!.id,
      month: thisMonth,
    })
    // The demo plans from tomorrow on: the next planned day exists, this month or the next.
    expect(nextPlanned).not.toBeNull()
    const expected = new Date(nextPlanned!).toISOString().slice(0, 7)
    const label = (month: string) =>
      new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    await gotoHydrated(page, '/content')
    const grid = page.getByTestId('content-calendar')
    await expect
      .poll(() => grid.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe(`Content calendar, ${label(expected > thisMonth ? expected : thisMonth)}`)
    // A month in the address is shown as asked.
    await gotoHydrated(page, `/content?month=${thisMonth}`)
    await expect.poll(() => grid.getAttribute('aria-label')).toBe(`Content calendar, ${label(thisMonth)}`)
  })

  it('drags a planned article to another day, and the day stays after a reload', async () => {
    const { page, month, calendar } = await openNextMonth()
    await calendar.waitFor()
    const chip = calendar.getByTestId('calendar-entry').first()
    await chip.waitFor()
    const text = (await chip.textContent())!.trim()
    const fromDay = await chip.evaluate((element) => element.closest('[data-day]')!.getAttribute('data-day')!)
    // A day of the month itself (the grid's neighbouring days may be today or past, where a drop is
    // refused) in view without anything planned, or failing that the nearest other day.
    const days = await calendar.locator('[data-day]').evaluateAll((cells) =>
      cells.map((cell) => {
        const box = cell.getBoundingClientRect()
        return {
          day: cell.getAttribute('data-day')!,
          empty: cell.querySelector('[data-testid="calendar-entry"]') === null,
          inView: box.top >= 0 && box.bottom <= window.innerHeight,
        }
      }),
    )
    const distance = (day: string) => Math.abs(Date.parse(day) - Date.parse(fromDay))
    const candidates = days
      .filter((item) => item.day.startsWith(month) && item.day !== fromDay && item.inView)
      .sort((a, b) => distance(a.day) - distance(b.day))
    const target = (candidates.find((item) => item.empty) ?? candidates[0])!.day
    const from = (await chip.boundingBox())!
    const to = (await calendar.locator(`[data-day="${target}"]`).boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 })
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 })
    await page.mouse.up()
    await page.getByText(/^Rescheduled to /).waitFor()

    await page.reload()
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    const moved = page.getByTestId('content-calendar').locator(`[data-day="${target}"]`).getByText(text, { exact: true })
    await moved.waitFor()
    expect(await page.getByTestId('content-calendar').locator(`[data-day="${fromDay}"]`).getByText(text, { exact: true }).count()).toBe(0)
  })

  it('moves a planned keyword from the keyboard: Space picks it up, an arrow moves it a day, Space drops it', async () => {
    const { page, month, calendar } = await openNextMonth()
    // A planned keyword (no article yet) is a control of its own, named for what it moves.
    const chip = calendar.getByRole('button', { name: /^Move “.+”, planned for / }).first()
    await chip.waitFor()
    const keyword = (await chip.getAttribute('aria-label'))!.match(/^Move “(.+)”, planned for /)![1]!
    const fromDay = await chip.evaluate((element) => element.closest('[data-day]')!.getAttribute('data-day')!)
    const inDay = (day: string) =>
      page
        .getByTestId('content-calendar')
        .locator(`[data-day="${day}"]`)
        .getByRole('button', { name: `Move “${keyword}”`, exact: false })
    // The next day of the month, or the day before when it is the month's last.
    const next = new Date(Date.parse(`${fromDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const [key, back, toDay] = next.startsWith(month)
      ? ['ArrowRight', 'ArrowLeft', next]
      : ['ArrowLeft', 'ArrowRight', new Date(Date.parse(`${fromDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)]

    const cell = (day: string) => page.getByTestId('content-calendar').locator(`[data-day="${day}"]`)
    /** Space picks the entry up, the arrow moves it a day (once the cell shows it over it), `end` drops or cancels. */
    async function move(day: string, arrow: string, target: string, end: 'Space' | 'Escape') {
      const entry = inDay(day)
      await entry.focus()
      await page.keyboard.press('Space')
      await expect.poll(() => entry.getAttribute('aria-pressed')).toBe('true')
      await page.keyboard.press(arrow)
      await expect.poll(() => cell(target).getAttribute('class')).toContain('ring-2')
      await page.keyboard.press(end)
      const dropped = page.getByTestId('content-calendar').getByRole('button', { name: `Move “${keyword}”`, exact: false })
      await expect.poll(() => dropped.getAttribute('aria-pressed')).toBeNull()
    }

    await move(fromDay, key, toDay, 'Space')
    await page
      .getByText(/^Rescheduled to /)
      .first()
      .waitFor()
    await page.reload()
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await inDay(toDay).waitFor()
    expect(await inDay(fromDay).count()).toBe(0)

    // Escape cancels: it stays where it is.
    await move(toDay, back, fromDay, 'Escape')
    expect(await inDay(toDay).count()).toBe(1)
    expect(await inDay(fromDay).count()).toBe(0)

    // The demo is shared by the suite: back to its own day, which a reload shows.
    await move(toDay, back, fromDay, 'Space')
    await inDay(fromDay).waitFor()
    await page.reload()
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await inDay(fromDay).waitFor()
    expect(await inDay(toDay).count()).toBe(0)
  })

  it('edits a draft: the preview and the score follow the text, it saves itself, an earlier version is restored, then approved', async () => {
    const page = await openFirstDraft()
    const articlePath = new URL(page.url()).pathname
    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('mode') === 'edit')
    const editor = page.getByLabel('Article (Markdown)')
    await editor.waitFor()
    const score = async () => Number((await page.getByTestId('live-score').textContent())?.match(/\d+/)?.[0])
    const before = await score()
    const original = await editor.inputValue()
    const originalH1 = /^# (.*)$/m.exec(original)![1]!
    const title = 'A few notes from our roastery'
    await editor.fill(original.replace(/^# .*$/m, `# ${title}`))
    // The preview shows the new H1 and the score falls (the H1 no longer carries the keyword).
    await expect.poll(() => page.getByTestId('editor-preview').locator('h1').textContent()).toBe(title)
    await expect.poll(score).toBeLessThan(before)
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/^Saved at /)
    // The article's refetch after the save leaves the editor as it is: still saved, the text kept.
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('save-state').textContent()).toMatch(/^Saved at /)
    expect(await editor.inputValue()).toContain(`# ${title}`)
    await assertFits(page, 'the editor at 1280×900')
    await page.setViewportSize({ width: 390, height: 844 })
    await assertFits(page, 'the editor at 390×844')
    await page.setViewportSize({ width: 1280, height: 900 })

    // Saved: a reload shows the edit, as version 2.
    await gotoHydrated(page, `${articlePath}?mode=edit`)
    await expect.poll(() => page.getByLabel('Article (Markdown)').inputValue()).toContain(`# ${title}`)
    expect(await page.getByText('Version 2', { exact: true }).count()).toBe(1)

    // Versions: compare version 1 with the current text, then restore it.
    await page.getByRole('link', { name: 'Versions', exact: true }).click()
    const first = page.getByTestId('article-version').filter({ hasText: 'Version 1 ·' })
    await first.getByRole('button', { name: 'Compare' }).click()
    const diff = page.getByTestId('version-diff')
    await diff.waitFor()
    expect(await diff.textContent()).toContain(`# ${title}`)
    expect(await diff.textContent()).toContain(`# ${originalH1}`)
    await first.getByRole('button', { name: 'Restore' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click()
    await page.getByText(/^Version 1 restored as version 3/).waitFor()
    await page.getByRole('link', { name: 'Read', exact: true }).click()
    await expect.poll(() => page.getByTestId('article-html').locator('h1').textContent()).toBe(originalH1)

    // Approve.
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.getByText('Approved', { exact: true }).first().waitFor()
    await page.reload()
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await page.getByText('Approved', { exact: true }).first().waitFor()
  })

  it('refuses a save over a change made elsewhere, keeps the text, and reloads the latest version on request', async () => {
    const page = await openFirstDraft()
    const articleId = new URL(page.url()).pathname.split('/').pop()!
    await gotoHydrated(page, `/content/${articleId}?mode=edit`)
    const editor = page.getByLabel('Article (Markdown)')
    await editor.waitFor()
    const original = await editor.inputValue()

    // Another tab saves first.
    const elsewhere = `${original.trimEnd()}\n\nA closing line written in another tab.\n`
    await page.evaluate(
      async ({ articleId, markdown }) => {
        const call = async (path: string, input: unknown) => {
          const response = await fetch(`/rpc/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': 'orpc' },
            body: JSON.stringify({ json: input }),
          })
          if (!response.ok) throw new Error(`${path} answered ${response.status}`)
          return ((await response.json()) as { json: unknown }).json
        }
        const businesses = (await call('business/list', {})) as Array<{ id: string; isCurrent: boolean }>
        const businessId = businesses.find((item) => item.isCurrent)!.id
        const article = (await call('article/get', { businessId, articleId })) as {
          revision: number
          metaTitle: string
          metaDescription: string
        }
        const { revision, metaTitle, metaDescription } = article
        await call('article/save', { businessId, articleId, revision, markdown, metaTitle, metaDescription })
      },
      { articleId, markdown: elsewhere },
    )

    // Our edit over the older revision is refused, and what was typed stays.
    const ours = `${original.trimEnd()}\n\nA line typed here.\n`
    await editor.fill(ours)
    await page.getByRole('alert').filter({ hasText: 'Not saved: the article changed elsewhere' }).waitFor({ timeout: 15_000 })
    expect(await editor.inputValue()).toBe(ours)
    expect(await page.getByTestId('save-state').textContent()).toMatch(/^Not saved: /)

    // Reload takes the other tab's version, and editing saves again from there.
    await page.getByRole('button', { name: 'Reload the latest version' }).click()
    await expect.poll(() => editor.inputValue()).toContain('A closing line written in another tab.')
    expect(await page.getByRole('alert').filter({ hasText: 'Not saved' }).count()).toBe(0)
    await editor.fill(original)
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/^Saved at /)
  })

  it('rewrites one section of a draft with an instruction, kept as a new version', async () => {
    const page = await openFirstDraft()
    await page.getByLabel('What to rewrite').click()
    const options = page.getByRole('option')
    await options.nth(1).waitFor()
    const heading = ((await options.nth(1).textContent()) ?? '').trim()
    await options.nth(1).click()
    await page.getByLabel('What should change? (optional)').fill('Add a practical example.')
    await page.getByRole('button', { name: 'Rewrite this section' }).click()
    const progress = page.getByRole('region', { name: 'Rewriting the section' })
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 60_000 }).toBe('completed')
    await page.getByRole('link', { name: 'Versions', exact: true }).click()
    await page.getByTestId('article-version').filter({ hasText: 'Regenerated' }).first().waitFor()
    await page.getByRole('link', { name: 'Read', exact: true }).click()
    await expect.poll(() => page.getByTestId('article-html').getByRole('heading', { name: heading }).count()).toBe(1)
  })

  it.each(['missing0article0id', 'not an id'])('an article that is not there (%s) answers 404 in the content frame', async (id) => {
    const { page } = await browser.visit(server.baseUrl)
    await signIntoDemo(page)
    const response = await page.goto(`${server.baseUrl}/content/${encodeURIComponent(id)}`)
    expect(response?.status()).toBe(404)
    await page.getByText('This article was not found.').waitFor()
    expect(await page.getByRole('link', { name: /All articles/ }).count()).toBeGreaterThan(0)
  })

  it('fits a phone and a laptop: the calendar and the list', async () => {
    const { page } = await browser.visit(server.baseUrl)
    await signIntoDemo(page)
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      await gotoHydrated(page, '/content')
      await page.getByTestId(width < 768 ? 'content-agenda' : 'content-calendar').waitFor()
      await assertFits(page, `the calendar at ${width}×${height}`)
      await gotoHydrated(page, '/content?view=list')
      await page.getByRole('toolbar', { name: 'Articles table tools' }).waitFor()
      await assertFits(page, `the list at ${width}×${height}`)
    }
  })
})
