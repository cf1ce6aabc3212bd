import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, e2eServer, onboardedUser } from '../fixtures/e2e-server'
import { signIntoDemo } from '../fixtures/screens'
import { DEMO_FAILED_REWRITE_INSTRUCTION } from '~/server/demo/demo-articles'

// /history in Chromium (docs/product/history.md): a generation that failed is listed with its
// reason and a Retry; Retry starts it again through the article service, the server's own worker
// writes the article on the mocks, and the timeline shows it written.
const server = e2ePostgresServer()
const visitors = useBrowser()

const REASON = 'The AI writing service answered with an error (HTTP 503): the model is overloaded. Try again later.'

/**
 * A keyword of the user's business and its generation that failed, as the jobs module leaves one
 * after its last attempt: state failed, the reason in `error`, finished, its singleton key released.
 */
async function failedGeneration(userId: string, businessId: string) {
  const [planned] = await server.query<{ id: string }>(
    `insert into keywords.keyword (id, business_id, keyword, status, scheduled_at, search_volume, difficulty)
     values (substr(md5(random()::text), 1, 12), $1, 'best espresso beans', 'scheduled', now() + interval '3 days', 880, 24) returning id`,
    [businessId],
  )
  const jobId = randomUUID()
  await server.query(
    `insert into job_run (id, kind, user_id, business_id, state, step, error, attempts, singleton_key, input, created_at, started_at, finished_at)
     values ($1, 'article.generate', $2, $3, 'failed', 'write', $4, 3, $5, $6, now() - interval '10 minutes', now() - interval '10 minutes', now() - interval '9 minutes')`,
    [jobId, userId, businessId, REASON, `article:${planned.id}`, JSON.stringify({ businessId, keywordId: planned.id })],
  )
  return { keywordId: planned.id, jobId }
}

describe('History in Chromium', () => {
  it('a new business’s history is empty and says what will appear there', async () => {
    const { client } = await onboardedUser(server)
    const { page } = await visitors.visit(server.baseUrl, client)
    await gotoHydrated(page, '/history')
    await page.getByRole('heading', { name: 'Nothing here yet' }).waitFor()
    expect(await page.getByTestId('history-entry').count()).toBe(0)
  })

  it('a failed generation shows its reason and Retry; Retry writes the article and the timeline says so', async () => {
    const user = await onboardedUser(server)
    const failed = await failedGeneration(user.userId, user.businessId)
    const { page } = await visitors.visit(server.baseUrl, user.client)
    await gotoHydrated(page, '/history')

    const entries = page.getByTestId('history-entry')
    await entries.first().waitFor()
    expect(await entries.count()).toBe(1)
    const entry = entries.first()
    expect(await entry.getAttribute('data-status')).toBe('failed')
    expect(await entry.textContent()).toContain('Writing the article for “best espresso beans” failed')
    expect(await entry.getByTestId('history-error').textContent()).toContain(REASON)

    // Filtered to failed entries, it is still there; filtered to succeeded ones, nothing matches.
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Succeeded' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('succeeded')
    await page.getByText('Nothing matches these filters.').waitFor()
    await page.getByRole('button', { name: 'Reset filters' }).first().click()
    await entries.first().waitFor()

    // The server's own worker runs the new generation on the mocks.
    const generations = () =>
      server.query<{ state: string; error: string | null }>(
        `select state, error from job_run where singleton_key = $1 order by created_at`,
        [`article:${failed.keywordId}`],
      )
    await entry.getByRole('button', { name: /^Retry/ }).click()
    await expect
      .poll(async () => (await generations()).map((job) => job.state).join(' '), { timeout: 90_000, interval: 1000 })
      .toMatch(/^failed (completed|failed|cancelled)$/)
    expect(await generations()).toEqual([
      { state: 'failed', error: REASON },
      { state: 'completed', error: null },
    ])
    const [article] = await server.query<{ id: string }>(`select id from content.article where keyword_id = $1`, [failed.keywordId])
    expect(article).toBeDefined()

    // The page refreshes itself while the entry runs: the article's entry on top, the failure marked as run again.
    const written = page.locator('[data-testid="history-entry"][data-status="succeeded"]', { hasText: 'Article written' })
    await written.waitFor({ timeout: 15_000 })
    const failedEntry = page.locator('[data-testid="history-entry"][data-status="failed"]')
    await expect.poll(() => failedEntry.getByTestId('history-retried').textContent()).toContain('Succeeded')
    expect(await failedEntry.getByRole('button', { name: /^Retry/ }).count()).toBe(0)
    expect(await entries.first().getAttribute('data-status')).toBe('succeeded')

    // The written entry opens the article.
    expect(await written.getByRole('link').first().getAttribute('href')).toBe(`/content/${article!.id}`)
    await written.getByRole('link').first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/content/${article!.id}`)
  }, 150_000)
})

// The demo account (the suite's PGlite server, in demo mode) comes with one rewrite that failed
// today because the AI writing service kept limiting our calls: History shows it with that
// reason, and Retry rewrites the article on the mocks.
describe('History of the demo account', () => {
  const demoServer = e2eServer()

  it('is an audit log of many kinds, filtered by kind, and says how long it keeps entries', async () => {
    const { page } = await visitors.visit(demoServer.baseUrl)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    await gotoHydrated(page, '/history')
    await page.getByText('kept for 13 months').waitFor()
    await page.getByTestId('history-entry').first().waitFor()

    await gotoHydrated(page, '/history?kind=integration')
    await page.getByTestId('history-entry').filter({ hasText: 'WordPress connected' }).waitFor()
    await gotoHydrated(page, '/history?kind=business')
    await page.getByTestId('history-entry').filter({ hasText: 'Business added: Acme Roasters' }).waitFor()
    await gotoHydrated(page, '/history?kind=publish')
    const published = page.getByTestId('history-entry').filter({ hasText: 'Published on WordPress' })
    await published.first().waitFor()
    expect(await published.first().getByRole('link').first().getAttribute('href')).toMatch(/^\/content\/[\w-]+$/)
  })

  it('lists the failed rewrite with its reason; Retry rewrites the article and the timeline says so', async () => {
    const { page } = await visitors.visit(demoServer.baseUrl)
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIntoDemo(page)
    await gotoHydrated(page, '/history?status=failed')

    const failed = page.locator('[data-testid="history-entry"][data-status="failed"]')
    await failed.first().waitFor()
    expect(await failed.count()).toBe(1)
    const text = (await failed.textContent()) ?? ''
    const keyword = text.match(/Writing the article for “([^”]+)” failed/)?.[1]
    expect(keyword, text).toBeTruthy()
    expect(text).toContain(`With the instruction: ${DEMO_FAILED_REWRITE_INSTRUCTION}`)
    expect(await failed.getByTestId('history-error').textContent()).toContain(
      'AI writing is limiting how fast we can call it (HTTP 429). Try again in a few minutes.',
    )
    const articlePath = await failed.getByRole('link').first().getAttribute('href')
    expect(articlePath).toMatch(/^\/content\/[\w-]+$/)

    // Retry: the server's worker rewrites it on the mocks, with the owner's instruction.
    await failed.getByRole('button', { name: /^Retry/ }).click()
    await page.getByText('Writing the article again: it shows here when it is done.').waitFor()
    await gotoHydrated(page, '/history')
    // Other tests share the demo and may rewrite other articles: this one's entry links to it.
    const rewritten = page.locator('[data-testid="history-entry"][data-status="succeeded"]', {
      hasText: `Article rewritten`,
      has: page.locator(`a[href="${articlePath}"]`),
    })
    await rewritten.first().waitFor({ timeout: 90_000 })
    await expect.poll(() => failed.getByTestId('history-retried').textContent(), { timeout: 15_000 }).toContain('Succeeded')
    expect(await failed.getByRole('button', { name: /^Retry/ }).count()).toBe(0)

    // The article now has the rewrite as its newest version.
    await gotoHydrated(page, `${articlePath}?mode=versions`)
    await page.getByText('Regenerated', { exact: false }).first().waitFor()
  }, 150_000)
})
