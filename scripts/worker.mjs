// A process that only runs background jobs (`npm run worker`), next to web servers started with
// JOB_WORKER=false, all on one PostgreSQL (DATABASE_URL): pg-boss hands each job to one worker.
// PGlite allows one process per data folder, so without DATABASE_URL the web server runs the
// jobs itself and this script is not needed. It boots the production build like serve.mjs does,
// without serving HTTP, and owns the signals so running jobs are finished or handed back first.
import { fileURLToPath } from 'node:url'
import { stopOnSignal } from './stop-on-signal.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
process.env.NODE_ENV ??= 'production'
process.env.JOB_WORKER = 'true'

const app = await import(`${root}dist/server/server.js`)
console.log('[rankpilot] worker running')

stopOnSignal({
  message: 'finishing running jobs',
  timeoutMs: 15_000,
  close: () => app.shutdownServer(),
})
