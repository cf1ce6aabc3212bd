// The production build and server for benchmarks: built under /tmp/build.lock and snapshotted
// (dist/ is shared with whoever else builds in this checkout), then started exactly as
// `npm start` starts it — `node scripts/serve.mjs` — on PORT when set, else a free port, with a
// throw-away DATA_DIR.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '../..')

function withBuildLock(script, env = {}) {
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0
  const [command, args] = hasFlock ? ['flock', ['/tmp/build.lock', 'sh', '-c', script]] : ['sh', ['-c', script]]
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`failed (exit ${result.status}): ${script}`)
}

const vite = `"${process.execPath}" "${join(root, 'node_modules/vite/bin/vite.js')}"`

/** Builds (unless `build` is false) and copies the result to a temp folder. */
export async function buildSnapshot({ build = true } = {}) {
  const snapshot = await mkdtemp(join(tmpdir(), 'rankpilot-bench-build-'))
  const steps = [
    ...(build ? [`${vite} build --logLevel warn`] : []),
    'test -f dist/server/server.js',
    `mkdir -p "${snapshot}/scripts"`,
    `cp -R dist drizzle package.json "${snapshot}/"`,
    `cp scripts/serve.mjs scripts/stop-on-signal.mjs "${snapshot}/scripts/"`,
    `ln -s "${join(root, 'node_modules')}" "${snapshot}/node_modules"`,
  ]
  const started = Date.now()
  withBuildLock(steps.join(' && '))
  if (!existsSync(join(snapshot, 'dist/server/server.js'))) throw new Error('no dist/server/server.js: run without --no-build')
  return { dir: snapshot, ms: Date.now() - started, remove: () => rm(snapshot, { recursive: true, force: true }) }
}

/** The same build with client source maps, into a temp folder (for --why). */
export async function buildWithSourceMaps() {
  const out = await mkdtemp(join(tmpdir(), 'rankpilot-bench-maps-'))
  withBuildLock(`${vite} build --config bench/analyze.vite.config.ts --logLevel error`, {
    BENCH_ANALYZE_OUT: out,
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
  })
  return { clientDir: join(out, 'client'), remove: () => rm(out, { recursive: true, force: true }) }
}

/** PORT from the environment when given (to stay in an assigned range), else a free one. */
export function serverPort() {
  const raw = process.env.PORT
  if (!raw) return freePort()
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT: expected a port number, got ${raw}`)
  return Promise.resolve(port)
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

export async function startServer(snapshot) {
  const dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-bench-data-'))
  const port = await serverPort()
  const baseUrl = `http://localhost:${port}`
  // Info level: the start-up lines say when the demo account's articles are written (below).
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), APP_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info' }
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'HOST', 'TRUST_PROXY', 'E2E_TEST_ROUTES']) delete env[name]
  let output = ''
  const child = spawn(process.execPath, [join(snapshot, 'scripts/serve.mjs')], { cwd: snapshot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    const ok = await fetch(`${baseUrl}/api/auth/ok`).then(
      (response) => response.ok,
      () => false,
    )
    // The demo account's articles are written just after start-up: measure a server at rest.
    const writing = output.includes('writing its articles') && !/demo articles (written|: writing stopped)/.test(output)
    if (ok && !writing) return { baseUrl, stop, output: () => output }
    await new Promise((done) => setTimeout(done, 100))
  }
  await stop()
  throw new Error(`the server did not start:\n${output}`)
}
