// A process that only runs background jobs (`npm run worker`), next to web servers started with
// JOB_WORKER=false, all on one PostgreSQL (DATABASE_URL): pg-boss hands each job to one worker.
// PGlite allows one process per data folder, so without DATABASE_URL the web server runs the
// jobs itself and this script is not needed. It boots the production build like serve.mjs does,
// without serving HTTP, and owns the signals so running jobs are finished or handed back first.
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
process.env.NODE_ENV ??= 'production'
process.env.JOB_WORKER = 'true'

const app = await import(`${root}dist/server/server.js`)
console.log('[rankpilot] worker running')

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  console.log(`[rankpilot] ${signal}: finishing running jobs`)
  const timer = setTimeout(() => process.exit(1), 15_000)
  try {
    await app.shutdownServer()
  } finally {
    clearTimeout(timer)
    process.exit(0)
  }
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
