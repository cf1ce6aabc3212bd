// Serves the production build: static assets from dist/client, everything else through the
// TanStack Start handler. Owns the process's signals so the database is closed before exit
// (PGlite holds its data folder and keeps a timer alive otherwise).
import { fileURLToPath } from 'node:url'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'

const root = fileURLToPath(new URL('..', import.meta.url))
process.env.NODE_ENV ??= 'production'

const app = await import(`${root}dist/server/server.js`)
const port = Number(process.env.PORT ?? 3000)

const server = serve({
  port,
  hostname: process.env.HOST,
  silent: true,
  gracefulShutdown: false,
  middleware: [staticMiddleware({ dir: `${root}dist/client` })],
  fetch: app.default.fetch,
})
await server.ready()
console.log(`[rankpilot] listening on ${server.url ?? `http://localhost:${port}/`}`)

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  console.log(`[rankpilot] ${signal}: closing`)
  const timer = setTimeout(() => process.exit(1), 10_000)
  try {
    await server.close(true)
    await app.shutdownServer()
  } finally {
    clearTimeout(timer)
    process.exit(0)
  }
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
