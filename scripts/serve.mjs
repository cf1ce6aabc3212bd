// Serves the production build: static assets from dist/client, everything else through the
// TanStack Start handler. Owns the process's signals so the database is closed before exit
// (PGlite holds its data folder and keeps a timer alive otherwise).
import { isIP } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'
import { stopOnSignal } from './stop-on-signal.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
process.env.NODE_ENV ??= 'production'

// The client address better-auth rate-limits by (CLIENT_IP_HEADER in src/server/auth/auth.ts).
// Always overwritten, so a client cannot pick its own bucket. Behind a reverse proxy, TRUST_PROXY
// (true, loopback, or a comma-separated list of proxy addresses) lets srvx read X-Forwarded-For.
const CLIENT_IP_HEADER = 'x-rankpilot-client-ip'
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY)
const port = Number(process.env.PORT || 3000)
// The build's /assets/ files are named by their content hash: a browser may keep them a year
// without asking again. Everything else in dist/client (logo, product shots) is revalidated.
const ASSET_MAX_AGE_S = 365 * 24 * 60 * 60
const clientDir = `${root}dist/client`
const hashedAssets = staticMiddleware({ dir: clientDir, maxAge: ASSET_MAX_AGE_S, immutable: true })
const otherFiles = staticMiddleware({ dir: clientDir })
// Importing the build boots the app (migrations, seed): after the settings above are checked.
const app = await import(`${root}dist/server/server.js`)

function parseTrustProxy(raw) {
  const value = raw?.trim()
  if (!value || value === 'false') return false
  if (value === 'true') return true
  if (value === 'loopback') return 'loopback'
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const invalid = entries.filter((entry) => {
    const [address, prefix] = entry.split('/')
    return isIP(address) === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))
  })
  if (invalid.length > 0) {
    console.error(`[rankpilot] TRUST_PROXY: expected true, false, loopback or proxy addresses/CIDRs, got ${invalid.join(', ')}`)
    process.exit(1)
  }
  return entries
}

const server = serve({
  port,
  hostname: process.env.HOST,
  silent: true,
  gracefulShutdown: false,
  trustProxy,
  // Static files are answered before the app's entry: they get its base security headers here.
  // The app's pages are gzipped for browsers that accept it (static files come compressed already).
  middleware: [
    async (request, next) => app.withSecurityHeaders(await next()),
    async (request, next) => app.compressHtml(request, await next()),
    (request, next) => (new URL(request.url).pathname.startsWith('/assets/') ? hashedAssets : otherFiles)(request, next),
  ],
  fetch(request) {
    request.headers.delete(CLIENT_IP_HEADER)
    if (request.ip) request.headers.set(CLIENT_IP_HEADER, request.ip)
    return app.default.fetch(request)
  },
})
await server.ready()
console.log(`[rankpilot] listening on ${server.url ?? `http://localhost:${port}/`}`)

stopOnSignal({
  message: 'closing',
  timeoutMs: 10_000,
  close: async () => {
    await server.close(true)
    await app.shutdownServer()
  },
})
