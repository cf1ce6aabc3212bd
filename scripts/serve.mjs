// Serves the production build: static assets from dist/client, everything else through the
// TanStack Start handler. Owns the process's signals so the database is closed before exit
// (PGlite holds its data folder and keeps a timer alive otherwise).
import { fileURLToPath } from 'node:url'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'

const root = fileURLToPath(new URL('..', import.meta.url))
process.env.NODE_ENV ??= 'production'

const app = await import(`${root}dist/server/server.js`)
const port = Number(process.env.PORT || 3000)

// The client address better-auth rate-limits by (CLIENT_IP_HEADER in src/server/auth/auth.ts).
// Always overwritten, so a client cannot pick its own bucket. Behind a reverse proxy, TRUST_PROXY
// (true, loopback, or a comma-separated list of proxy addresses) lets srvx read X-Forwarded-For.
const CLIENT_IP_HEADER = 'x-rankpilot-client-ip'
const trustProxy = (() => {
  const value = process.env.TRUST_PROXY?.trim()
  if (!value || value === 'false') return false
  if (value === 'true' || value === 'loopback') return value === 'true' ? true : 'loopback'
  return value.split(',').map((entry) => entry.trim()).filter(Boolean)
})()

const server = serve({
  port,
  hostname: process.env.HOST,
  silent: true,
  gracefulShutdown: false,
  trustProxy,
  middleware: [staticMiddleware({ dir: `${root}dist/client` })],
  fetch(request) {
    request.headers.delete(CLIENT_IP_HEADER)
    if (request.ip) request.headers.set(CLIENT_IP_HEADER, request.ip)
    return app.default.fetch(request)
  },
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
