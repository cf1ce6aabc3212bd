import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { e2ePostgresServer, onboardedUser } from '../fixtures/e2e-server'

// Settings → API keys and the API reference (docs/product/api.md) in Chromium against the production
// build on PostgreSQL: a key is created (shown once), used over HTTP, listed with its last use,
// revoked after confirming; /docs/api renders the reference from this server alone.
const server = e2ePostgresServer()
const browser = useBrowser()
const poll = { timeout: 10_000 }

async function openApiKeys(page: Page) {
  await gotoHydrated(page, '/settings')
  await page.getByRole('heading', { name: 'API keys' }).waitFor()
}

const callApi = (key: string | undefined, path = '/api/v1/businesses') =>
  fetch(`${server.baseUrl}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} })

describe('Settings: API keys', () => {
  it('creates a key shown once, which works over HTTP, is listed with its last use, and is revoked after confirming', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page, context } = await browser.visit(server.baseUrl, user.client)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openApiKeys(page)
    await page.getByText('No API keys yet.').waitFor()

    await page.getByLabel('Key name').fill('Nightly report')
    await page.getByRole('checkbox', { name: 'Write' }).click()
    await page.getByRole('combobox', { name: 'Expires', exact: true }).click()
    await page.getByRole('option', { name: 'In 30 days', exact: true }).click()
    await page.getByRole('button', { name: 'Create key' }).click()

    const shown = page.getByLabel('New API key')
    await shown.waitFor()
    const key = await shown.inputValue()
    expect(key).toMatch(/^rp_[A-Za-z]{64}$/)
    await page.getByRole('button', { name: 'Copy', exact: true }).click()
    await page.getByText('Key copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)

    const keys = page.getByRole('list', { name: 'API keys' })
    const row = keys.getByRole('listitem').filter({ hasText: 'Nightly report' })
    await row.waitFor()
    expect(await row.textContent()).toContain(`••••${key.slice(-4)}`)
    expect(await row.textContent()).not.toContain(key.slice(0, 10))
    expect(await row.textContent()).toContain('Last used never')
    expect(await row.getByLabel('Scopes').textContent()).toBe('ReadWrite')

    const answer = await callApi(key)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual([expect.objectContaining({ id: user.businessId, name: 'Acme Roasters' })])

    // Done hides it; after a reload it is nowhere on the page, only its last 4 characters.
    await page.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => shown.count(), poll).toBe(0)
    await openApiKeys(page)
    await row.waitFor()
    expect(await page.content()).not.toContain(key)
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date())
    expect(await row.textContent()).toContain(`Last used ${today}`)

    await row.getByRole('button', { name: 'Revoke Nightly report' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Revoke Nightly report?' })
    await dialog.getByText('stops working at once').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await callApi(key)).status).toBe(200)
    await row.getByRole('button', { name: 'Revoke Nightly report' }).click()
    await dialog.getByRole('button', { name: 'Revoke key' }).click()
    await page.getByText('Nightly report is revoked').waitFor()
    await page.getByText('No API keys yet.').waitFor()
    const refused = await callApi(key)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED', data: { reason: 'API_KEY_INVALID' } })
  })

  it('says what is missing before sending', async () => {
    const user = await onboardedUser(server)
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openApiKeys(page)
    await page.getByRole('checkbox', { name: 'Read' }).click()
    await page.getByRole('button', { name: 'Create key' }).click()
    await page.getByText('Give the key a name, e.g. where it is used.').waitFor()
    await page.getByText('Choose at least one scope.').waitFor()
    expect(await server.query(`select id from apikey where reference_id = $1`, [user.userId])).toEqual([])
  })
})

describe('/docs/api', () => {
  it('renders the reference from this server only, dark, with the way back to the app', async () => {
    const { page } = await browser.visit(server.baseUrl)
    const origins = new Set<string>()
    const problems: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin)
    })
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
    page.on('pageerror', (error) => problems.push(error.message))
    const response = await page.goto(`${server.baseUrl}/docs/api#tag/keywords/GET/businesses/{businessId}/keywords`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")

    // The operation, with our curl example (the key from the environment, filters in bracket form).
    await page.getByRole('heading', { name: 'List keywords' }).first().waitFor({ timeout: 20_000 })
    await page.getByText('"Authorization: Bearer $RANKPILOT_API_KEY"').first().waitFor()
    await page.getByText("'filters[0][value]=coffee'").first().waitFor()
    expect(await page.getByText('Ask AI').count()).toBe(0)
    expect(await page.title()).toBe('Rankpilot | API reference')
    const header = page.getByRole('banner')
    expect(await header.getByRole('link', { name: 'API keys', exact: true }).getAttribute('href')).toBe('/settings#api-keys')
    expect(await header.getByRole('link', { name: 'Rankpilot' }).getAttribute('href')).toBe('/content')
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).toBe('rgb(11, 17, 32)')
    expect([...origins]).toEqual([server.baseUrl])
    expect(problems).toEqual([])
  })
})
