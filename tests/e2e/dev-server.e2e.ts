import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useBrowser } from '../fixtures/browser'
import { freePort, serverEnv } from './global-setup'

// `npm run dev` (the README's dev server): it starts, renders a page and the page hydrates. Its
// dependency scan reads every module, server ones included, so a server-only package that cannot
// be pre-bundled for the browser breaks it while the production build still works.
const visitors = useBrowser()
let child: ChildProcess | undefined
let dataDir = ''
let output = ''
let baseUrl = ''

beforeAll(async () => {
  const port = await freePort()
  baseUrl = `http://localhost:${port}`
  dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-dev-server-'))
  const env = serverEnv(port, { DATA_DIR: dataDir, NODE_ENV: 'development' })
  child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'dev', '--strictPort', '--clearScreen', 'false'], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      output += chunk
    })
  }
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the dev server exited with ${child.exitCode}:\n${output}`)
    const ok = await fetch(`${baseUrl}/api/auth/ok`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    if (tries > 900) throw new Error(`the dev server did not answer at ${baseUrl}:\n${output}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}, 120_000)

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child!.once('exit', done))
    const kill = setTimeout(() => child!.kill('SIGKILL'), 10_000)
    child.kill('SIGTERM')
    await exited
    clearTimeout(kill)
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('npm run dev', () => {
  it('serves the sign-in page, which hydrates in Chromium', { timeout: 180_000 }, async () => {
    const response = await fetch(`${baseUrl}/sign-in`)
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(/<input[^>]*type="password"/)

    const { page } = await visitors.visit(baseUrl)
    await page.goto('/sign-in')
    // The first visit may have the dependency optimizer reload the page once.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 150_000 })
    await expect.poll(() => page.getByLabel('Password').isVisible(), { timeout: 10_000 }).toBe(true)
    expect(output).not.toMatch(/Error during dependency optimization|MISSING_EXPORT/)
  })
})
