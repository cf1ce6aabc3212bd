import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { gotoHydrated, pageRpc, pathOf, useBrowser } from '../fixtures/browser'
import { TEST_PASSWORD, uniqueEmail } from '../fixtures/e2e-server'
import { freePort, serverEnv } from './global-setup'

// A self-hosted deployment: BILLING=off beside a live AI service (a base URL where nothing
// listens: nothing in these tests calls it). A new account goes straight to setup, never to the
// paywall, and Settings says billing is off with the month's usage. The same AI configuration
// without Polar or BILLING=off does not start at all.
const snapshot = inject('snapshotDir')
const visitors = useBrowser()
const poll = { timeout: 10_000 }
const children: ChildProcess[] = []
const dataDirs: string[] = []

interface Started {
  child: ChildProcess
  output: () => string
}

async function startServer(port: number, extra: Record<string, string>): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-self-hosted-'))
  dataDirs.push(dataDir)
  const env = serverEnv(port, { DATA_DIR: dataDir, ...extra })
  // Whatever the caller's shell has set: billing is exactly what each test configures.
  for (const name of ['BILLING', 'POLAR_ACCESS_TOKEN']) if (!(name in extra)) delete env[name]
  const child = spawn(process.execPath, [join(snapshot, 'scripts/serve.mjs')], { cwd: snapshot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      output += chunk
    })
  }
  return { child, output: () => output }
}

async function waitUntilReady(baseUrl: string, server: Started) {
  for (let tries = 0; tries < 600; tries++) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`)
    if (
      await fetch(`${baseUrl}/api/auth/ok`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`server not ready at ${baseUrl}:\n${server.output()}`)
}

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done()
          const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
          child.once('exit', () => {
            clearTimeout(kill)
            done()
          })
          child.kill('SIGTERM')
        }),
    ),
  )
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('BILLING=off with a live AI service', () => {
  let baseUrl = ''

  beforeAll(async () => {
    const port = await freePort()
    baseUrl = `http://localhost:${port}`
    const server = await startServer(port, { BILLING: 'off', LLM_BASE_URL: `http://127.0.0.1:${await freePort()}/v1` })
    await waitUntilReady(baseUrl, server)
  })

  it('a new account goes from sign-up straight to /setup, never to the paywall', async () => {
    const { page } = await visitors.visit(baseUrl)
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
    })
    await gotoHydrated(page, '/sign-up')
    await page.getByLabel('Name', { exact: true }).fill('Linus Self-Host')
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('self-hosted'))
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((url) => url.pathname === '/setup')
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    expect(visited).not.toContain('/paywall')
    // The banner names what is simulated; billing is off, not simulated.
    const banner = page.getByRole('status', { name: 'Demo mode' })
    expect(await banner.textContent()).toContain('Keyword data')
    expect(await banner.textContent()).not.toContain('Billing')
    expect(await banner.textContent()).not.toContain('AI writing')

    // Asking for the paywall sends the user on to setup, in a page load and in the app.
    await gotoHydrated(page, '/paywall')
    expect(pathOf(page)).toBe('/setup')
    expect(await page.getByRole('heading', { name: 'Choose your plan' }).count()).toBe(0)
  })

  it('Settings → Plan and billing says billing is off, with this month’s usage and nothing to buy', async () => {
    const { page } = await visitors.visit(baseUrl)
    await gotoHydrated(page, '/sign-up')
    await page.getByLabel('Name', { exact: true }).fill('Ada Self-Host')
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('self-hosted-settings'))
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((url) => url.pathname === '/setup')
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })

    // Setup's first step creates the business (a paid procedure: the top plan lets this user in).
    const business = await pageRpc<{ id: string }>(page, 'setup/saveBusiness', {
      profile: { name: 'Self-Hosted Roasters', url: `https://self-hosted-${Date.now()}.example`, description: 'Coffee, roasted in-house.' },
    })
    await pageRpc(page, 'business/select', { businessId: business.id })

    await gotoHydrated(page, '/settings')
    expect(pathOf(page)).toBe('/settings')
    const billing = page.getByRole('region', { name: 'Plan and billing' })
    await expect.poll(() => billing.textContent(), poll).toContain('Self-hosted: billing is off')
    const text = await billing.textContent()
    expect(text).toContain('Every account has the Agency plan’s features: 10 businesses and 90 articles a month, with nothing to pay.')
    expect(text).toContain('0 of 90 used')
    expect(await billing.getByRole('progressbar', { name: 'Articles used this month' }).getAttribute('aria-valuemax')).toBe('90')
    expect(await billing.getByRole('button', { name: 'Manage billing' }).count()).toBe(0)
    expect(await billing.getByRole('link', { name: 'Choose a plan' }).count()).toBe(0)
  })
})

describe('a live AI service with neither Polar nor BILLING=off', () => {
  it('does not start, and says how to fix it', async () => {
    const port = await freePort()
    const server = await startServer(port, { LLM_BASE_URL: `http://127.0.0.1:${await freePort()}/v1` })
    const code = await new Promise<number | null>((done) => {
      if (server.child.exitCode !== null) return done(server.child.exitCode)
      server.child.once('exit', (exitCode) => done(exitCode))
    })
    expect(code).not.toBe(0)
    expect(server.output()).toContain('BILLING: AI writing is configured, so billing must be too: set POLAR_ACCESS_TOKEN')
    expect(server.output()).toContain('or BILLING=off to self-host without billing')
    expect(
      await fetch(`http://localhost:${port}/api/auth/ok`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused')
  })
})
