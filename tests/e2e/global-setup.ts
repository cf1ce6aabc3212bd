import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

/**
 * The browser suite's servers: the production build, started exactly as `npm start` starts it
 * (`node scripts/serve.mjs`), on free ports:
 * - the main one on a fresh, empty PGlite data folder (what a newcomer runs);
 * - when the suite has a PostgreSQL server (RANKPILOT_TEST_PG_URL, always under `npm test`), a
 *   second one on a fresh database there, which tests may also open directly to put a user in a
 *   state no public API reaches yet (a plan, a business) — PGlite allows one process only.
 *
 * The build is snapshotted into a temp folder (dist/, drizzle/, scripts/serve.mjs and stop-on-signal.mjs, package.json,
 * and a node_modules link) while holding /tmp/rankpilot-e2e-build.lock: dist/ is shared with anyone else
 * building in this checkout, and a rebuild mid-run would change the asset hashes under us.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://localhost:PORT of the running server, no trailing slash. */
    baseUrl: string
    /** The server's DATA_DIR (emails land in `${dataDir}/outbox`). Never open its database: PGlite allows one process. */
    dataDir: string
    /** The server's process id (its memory is in /proc/<pid>/status). */
    serverPid: number
    /** The build snapshot (run `node scripts/serve.mjs` in it to start another server). */
    snapshotDir: string
    /** The PostgreSQL-backed server and its database URL; empty when the suite has no PostgreSQL. */
    pgBaseUrl: string
    pgDatabaseUrl: string
  }
}

const root = resolve(import.meta.dirname, '../..')
/** The Google client id the PostgreSQL-backed server is given (it appears in the authorisation URL). */
export const E2E_GOOGLE_CLIENT_ID = 'rankpilot-e2e.apps.googleusercontent.com'
const READY_TIMEOUT_MS = 60_000

/**
 * A port for a server the suite starts: any free one, or with E2E_PORTS=FROM-TO (to stay in an
 * assigned range on a shared machine) a free one in that range, tried from a random point in it
 * so that parallel callers rarely pick the same.
 */
export async function freePort(): Promise<number> {
  const range = process.env.E2E_PORTS
  if (!range) return listenOn(0)
  const [from, to] = range.split('-').map(Number)
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to > 65535 || from > to) {
    throw new Error(`E2E_PORTS: expected FROM-TO, got ${range}`)
  }
  const size = to - from + 1
  const start = Math.floor(Math.random() * size)
  for (let index = 0; index < size; index++) {
    const port = from + ((start + index) % size)
    const free = await listenOn(port).then(
      () => true,
      () => false,
    )
    if (free) return port
  }
  throw new Error(`E2E_PORTS: no free port in ${range}`)
}

function listenOn(port: number): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(port, () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

function buildSnapshot(snapshot: string) {
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  const script = [
    `"${process.execPath}" "${vite}" build --logLevel warn`,
    `mkdir -p "${snapshot}/scripts"`,
    `cp -R dist drizzle package.json "${snapshot}/"`,
    `cp scripts/serve.mjs scripts/stop-on-signal.mjs "${snapshot}/scripts/"`,
    `ln -s "${join(root, 'node_modules')}" "${snapshot}/node_modules"`,
  ].join(' && ')
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0
  const [command, args] = hasFlock ? ['flock', ['/tmp/rankpilot-e2e-build.lock', 'sh', '-c', script]] : ['sh', ['-c', script]]
  const started = Date.now()
  // Vitest sets NODE_ENV=test; a build under it keeps React's dev JSX runtime, which the
  // production server then lacks (`jsxDEV is not a function`).
  const env = { ...process.env, NODE_ENV: 'production' }
  const result = spawnSync(command, args as string[], { cwd: root, env, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`e2e build failed (exit ${result.status}): ${script}`)
  console.log(`[e2e] built and snapshotted in ${Date.now() - started} ms`)
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode} before it was ready:\n${output()}`)
    try {
      const response = await fetch(`${baseUrl}/api/auth/ok`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`server not ready at ${baseUrl} after ${READY_TIMEOUT_MS} ms:\n${output()}`)
}

function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve()
  return new Promise<void>((done) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), 15_000)
    server.once('exit', () => {
      clearTimeout(kill)
      done()
    })
    server.kill('SIGTERM')
  })
}

/** The environment every server of the suite gets; hermetic whatever the caller's shell has set. */
export function serverEnv(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    // Every visitor of the suite comes from 127.0.0.1, and better-auth allows 3 sign-ins or
    // sign-ups per 10 s per client address: the suite would mostly test the limiter (which
    // src/server/auth/rate-limit.int.test.ts covers).
    AUTH_RATE_LIMIT: 'false',
    // Serves the suite's test pages (src/routes/e2e.fallbacks.tsx); a 404 anywhere else.
    E2E_TEST_ROUTES: 'true',
    // Onboarding's browser test (setup.e2e.ts) serves the site to analyse on 127.0.0.1.
    FETCH_ALLOW_LOOPBACK: 'true',
  }
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'SMTP_URL', 'BETTER_AUTH_SECRET', 'HOST', 'TRUST_PROXY', 'TEST_DATABASE_URL'])
    delete env[name]
  // Social providers only where a test asks for them: a developer's own credentials in the shell
  // must not change what the suite sees.
  for (const name of Object.keys(env)) if (/_CLIENT_(ID|SECRET)$/.test(name)) delete env[name]
  return { ...env, ...extra }
}

/** Starts `node scripts/serve.mjs` from the snapshot and waits until it answers. */
async function startServer(snapshot: string, label: string, extraEnv: Record<string, string>) {
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  let output = ''
  const server = spawn(process.execPath, [join(snapshot, 'scripts/serve.mjs')], {
    cwd: snapshot,
    env: serverEnv(port, extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [server.stdout!, server.stderr!]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      output += chunk
      // Warnings and errors of the server under test belong in the test output.
      process.stderr.write(chunk.replace(/^(?=.)/gm, `[e2e ${label}] `))
    })
  }
  const started = Date.now()
  try {
    await waitUntilReady(baseUrl, server, () => output)
  } catch (error) {
    await stopServer(server)
    throw error
  }
  console.log(`[e2e] ${label} server ready at ${baseUrl} in ${Date.now() - started} ms`)
  return { server, baseUrl }
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export default async function setup(project: TestProject) {
  const snapshot = await mkdtemp(join(tmpdir(), 'rankpilot-e2e-build-'))
  const dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-e2e-data-'))
  const pgServerUrl = process.env.RANKPILOT_TEST_PG_URL
  const pgDatabase = `rankpilot_e2e_${process.pid}_${Date.now().toString(36)}`
  const servers: ChildProcess[] = []

  const teardown = async () => {
    await Promise.all(servers.map(stopServer))
    if (pgServerUrl) await adminQuery(pgServerUrl, `drop database if exists ${pgDatabase} with (force)`).catch(() => {})
    await rm(snapshot, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  }

  try {
    buildSnapshot(snapshot)
    if (!existsSync(join(snapshot, 'dist/server/server.js'))) throw new Error('the build wrote no dist/server/server.js')

    const main = await startServer(snapshot, 'pglite', { DATA_DIR: dataDir })
    servers.push(main.server)
    project.provide('baseUrl', main.baseUrl)
    project.provide('dataDir', dataDir)
    project.provide('serverPid', main.server.pid ?? 0)
    project.provide('snapshotDir', snapshot)

    let pgBaseUrl = ''
    let pgDatabaseUrl = ''
    if (pgServerUrl) {
      await adminQuery(pgServerUrl, `create database ${pgDatabase}`)
      const url = new URL(pgServerUrl)
      url.pathname = `/${pgDatabase}`
      pgDatabaseUrl = url.toString()
      const pgDataDir = join(dataDir, 'postgres-server')
      // Fake Google credentials: this server offers Google sign-in (the PGlite one does not), so
      // the browser suite can follow "Start ranking" to Google's authorisation URL (intercepted;
      // nothing leaves the machine) — tests/e2e/public-site.e2e.ts.
      const second = await startServer(snapshot, 'postgres', {
        DATABASE_URL: pgDatabaseUrl,
        DATA_DIR: pgDataDir,
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'e2e-google-client-secret',
      })
      servers.push(second.server)
      pgBaseUrl = second.baseUrl
    }
    project.provide('pgBaseUrl', pgBaseUrl)
    project.provide('pgDatabaseUrl', pgDatabaseUrl)
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
