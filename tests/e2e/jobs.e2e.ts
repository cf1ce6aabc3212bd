import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, onboardedUser } from '../fixtures/e2e-server'

// A job's progress bar moves in the browser while the job runs. The demo job runs on
// the production server's own worker (JOB_WORKER defaults to true) and the page follows it over
// job.watch's event stream.
// Job procedures are for paying users: the PostgreSQL-backed server lets the test give the plan.
const server = e2ePostgresServer()
const visitors = useBrowser()

describe('job progress in Chromium', () => {
  it('the demo job’s progress bar rises while it runs and ends completed', async () => {
    const { client } = await onboardedUser(server)
    const { page } = await visitors.visit(server.baseUrl, client)
    await gotoHydrated(page, '/e2e/jobs?steps=10&delay=500')
    await page.getByRole('button', { name: 'Start demo job' }).click()

    const bar = page.getByRole('progressbar', { name: 'Demo count progress' })
    await bar.waitFor()
    expect(await bar.getAttribute('aria-valuemin')).toBe('0')
    expect(await bar.getAttribute('aria-valuemax')).toBe('100')

    // Sampled while it runs: the value must take several distinct, rising values before 100.
    const samples: number[] = []
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      samples.push(Number(await bar.getAttribute('aria-valuenow')))
      if (samples.at(-1) === 100) break
      await page.waitForTimeout(250)
    }
    const during = [...new Set(samples)].filter((value) => value > 0 && value < 100)
    expect(during.length).toBeGreaterThanOrEqual(3)
    expect(samples).toEqual([...samples].sort((a, b) => a - b))
    expect(samples.at(-1)).toBe(100)

    const card = page.getByRole('region', { name: 'Demo count' })
    await expect.poll(() => card.getAttribute('data-state')).toBe('completed')
    await expect.poll(() => card.getByRole('status').textContent()).toBe('Completed')
    await expect.poll(() => card.textContent()).toContain('10 of 10')
    expect(await card.textContent()).toContain('Counted to 10')
  })

  it('Cancel stops the job: the card ends cancelled and the bar stops short', async () => {
    const { client } = await onboardedUser(server)
    const { page } = await visitors.visit(server.baseUrl, client)
    await gotoHydrated(page, '/e2e/jobs?steps=40&delay=300')
    await page.getByRole('button', { name: 'Start demo job' }).click()
    const card = page.getByRole('region', { name: 'Demo count' })
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 15_000 }).toBe('running')
    await card.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => card.getAttribute('data-state')).toBe('cancelled')
    expect(await card.getByRole('alert').textContent()).toContain('This job was cancelled.')
    expect(Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeLessThan(100)
    expect(await card.getByRole('button', { name: 'Cancel' }).count()).toBe(0)
  })
})
