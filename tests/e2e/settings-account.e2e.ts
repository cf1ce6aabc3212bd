import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT_LOCKED } from '~/server/auth/demo-guard'
import { DEMO_IDENTITY_NOTE } from '~/shared/demo-account'
import { gotoHydrated, useBrowser } from '../fixtures/browser'
import { createHttpClient, e2eServer, e2ePostgresServer, onboardedUser, TEST_PASSWORD } from '../fixtures/e2e-server'

// The account section of /settings in Chromium, all through better-auth: name,
// sessions, linked accounts, password, account deletion, and the demo account's locked actions.
const server = e2ePostgresServer()
const browser = useBrowser()
const poll = { timeout: 10_000 }

async function openSettings(page: Page) {
  await gotoHydrated(page, '/settings')
  await page.getByRole('heading', { name: 'Sessions' }).waitFor()
}

describe('Settings: account (better-auth)', () => {
  it('changes the name, lists sessions and signs one out, and shows linked accounts', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const elsewhere = createHttpClient(server.baseUrl)
    const signedIn = await elsewhere.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0' },
    })
    expect(signedIn.response.status).toBe(200)
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)

    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace')
    await page.getByRole('button', { name: 'Save name' }).click()
    await page.getByText('Name updated').waitFor()
    await expect.poll(() => page.getByTestId('account-name').textContent(), poll).toBe('Ada Lovelace')
    expect((await user.client.session())?.user.name).toBe('Ada Lovelace')

    const sessions = page.getByRole('list', { name: 'Sessions' })
    await sessions.getByText('This device').waitFor()
    await expect.poll(() => sessions.getByRole('listitem').count(), poll).toBe(2)
    await sessions.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click()
    await page.getByText('Device signed out').waitFor()
    await expect.poll(() => sessions.getByRole('listitem').count(), poll).toBe(1)
    expect(await elsewhere.session()).toBeNull()

    const linked = page.getByRole('list', { name: 'Linked accounts' })
    await linked.getByText('Email and password').waitFor()
    expect(await linked.getByRole('listitem').allTextContents()).toEqual(['Email and password'])
    // Google runs on its demo stand-in in this suite, so it is offered for linking.
    await page.getByRole('button', { name: 'Link Google' }).waitFor()
  })

  it('changes the password, which then signs in over HTTP while the old one does not', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    const newPassword = 'a much longer new passphrase'
    await page.getByLabel('Current password').fill(TEST_PASSWORD)
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password').fill(newPassword)
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Password changed').waitFor()

    const signIn = (password: string) => createHttpClient(server.baseUrl).post('/api/auth/sign-in/email', { email: user.email, password })
    expect((await signIn(newPassword)).response.status).toBe(200)
    const old = await signIn(TEST_PASSWORD)
    expect(old.response.status).toBe(401)
    expect(await old.response.json()).toMatchObject({ message: 'Invalid email or password' })
  })

  it('shows the wrong current password under its field', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    await page.getByLabel('Current password').fill('not my password')
    await page.getByLabel('New password', { exact: true }).fill('another long passphrase')
    await page.getByLabel('Confirm new password').fill('another long passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Invalid password').waitFor()
    expect(
      (await createHttpClient(server.baseUrl).post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD })).response
        .status,
    ).toBe(200)
  })
  it('deletes the account after typing DELETE (fresh session: at once) and leaves the app', async () => {
    const user = await onboardedUser(server, { name: 'Ada Example' })
    const { page } = await browser.visit(server.baseUrl, user.client)
    await openSettings(page)
    await page.getByRole('button', { name: 'Delete account…' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
    const confirm = dialog.getByRole('button', { name: 'Delete account' })
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByLabel('Type DELETE').fill('delete')
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByLabel('Type DELETE').fill('DELETE')
    await confirm.click()
    await page.waitForURL((url) => url.pathname === '/', poll)
    expect(await server.query(`select id from "user" where id = $1`, [user.userId])).toEqual([])
    expect(await server.query(`select id from business where user_id = $1`, [user.userId])).toEqual([])
  })
})

describe('Settings: the demo account', () => {
  const demoServer = e2eServer()

  it('shows the server’s message when a locked action is refused, and keeps the account', async () => {
    const { page } = await browser.visit(demoServer.baseUrl)
    await gotoHydrated(page, '/sign-in')
    await page.getByRole('button', { name: 'Explore the demo' }).click()
    await page.waitForURL((url) => url.pathname === '/keywords')
    await openSettings(page)
    // Its identity is read-only: the name and email forms are disabled, and say why.
    await expect.poll(() => page.getByText(DEMO_IDENTITY_NOTE).count(), poll).toBe(1)
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Save name' }).isDisabled()).toBe(true)
    expect(await page.getByRole('textbox', { name: 'New email' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Delete account…' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Type DELETE').fill('DELETE')
    await dialog.getByRole('button', { name: 'Delete account' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent(), poll).toBe(DEMO_ACCOUNT_LOCKED)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await gotoHydrated(page, '/settings')
    expect(new URL(page.url()).pathname).toBe('/settings')
  })
})
