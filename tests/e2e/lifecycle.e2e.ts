import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createHttpClient } from '../fixtures/e2e-server'
import { freePort, serverEnv } from './global-setup'

// `npm start`'s server process itself: signals close the database and exit 0, and a restart on
// the same data folder finds the migrated database and its data (PGlite released its folder).
const snapshot = inject('snapshotDir')
const dirs: string[] = []
const children: ChildProcess[] = []
// Whatever an assertion did, no server outlives the file (each holds a port and a data folder).
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

async function start(dataDir: string) {
  const port = await freePort()
  const child = spawn(process.execPath, [join(snapshot, 'scripts/serve.mjs')], {
    cwd: snapshot,
    env: serverEnv(port, { DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const baseUrl = `http://localhost:${port}`
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    const ok = await fetch(`${baseUrl}/api/auth/ok`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, baseUrl, output: () => output }
    await new Promise((done) => setTimeout(done, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`server not ready:\n${output}`)
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )

describe('the production server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s closes the database and exits 0; a restart keeps the data',
    async (signal) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-lifecycle-'))
      dirs.push(dataDir)
      const first = await start(dataDir)
      expect(first.output()).toContain('database ready (pglite)')
      const { email, password } = await createHttpClient(first.baseUrl).signUp()

      const exited = exitOf(first.child)
      first.child.kill(signal)
      expect(await exited).toEqual({ code: 0, signal: null })
      expect(first.output()).toContain(`${signal}: closing`)

      const second = await start(dataDir)
      try {
        const { response } = await createHttpClient(second.baseUrl).post('/api/auth/sign-in/email', { email, password })
        expect(response.status).toBe(200)
      } finally {
        const stopped = exitOf(second.child)
        second.child.kill('SIGTERM')
        expect((await stopped).code).toBe(0)
      }
    },
    150_000,
  )
})
