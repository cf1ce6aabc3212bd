import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { acceptsGzip } from '~/server/http/compress'
import { OPENAPI_PATH } from './openapi'
import { escapeHtml } from '~/shared/text'

/**
 * /docs/api: the API reference, rendered in the browser by Scalar (@scalar/api-reference) from
 * /api/v1/openapi.json, under our own header with a way back to the app. Scalar's browser bundle
 * is served from this server (REFERENCE_SCRIPT_PATH), never from a CDN; the page sends nothing
 * anywhere else (no web fonts, no telemetry, no proxy: "Try it" calls this origin).
 */
export const REFERENCE_PAGE_PATH = '/docs/api'
export const REFERENCE_SCRIPT_PATH = '/docs/api-reference.js'

interface ReferenceScript {
  plain: Buffer
  gzipped: Buffer
  /** A content hash: the page asks for `?v=<hash>`, so the script can be cached for good. */
  version: string
}

let loaded: Promise<ReferenceScript> | undefined

/** Scalar's standalone bundle (one file), read and compressed once per process. */
function referenceScript(): Promise<ReferenceScript> {
  loaded ??= (async () => {
    // The package exports only its module entry (dist/index.js); the browser bundle sits beside it.
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference')
    const plain = await readFile(join(dirname(entry), 'browser', 'standalone.js'))
    return { plain, gzipped: gzipSync(plain), version: createHash('sha256').update(plain).digest('hex').slice(0, 12) }
  })()
  loaded.catch(() => (loaded = undefined))
  return loaded
}

export async function referenceScriptResponse(request: Request): Promise<Response> {
  const script = await referenceScript()
  const gzip = acceptsGzip(request.headers.get('accept-encoding'))
  const body = gzip ? script.gzipped : script.plain
  const headers: Record<string, string> = {
    'content-type': 'text/javascript; charset=utf-8',
    'content-length': String(body.byteLength),
    'cache-control': new URL(request.url).searchParams.get('v') === script.version ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
  }
  if (gzip) headers['content-encoding'] = 'gzip'
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers })
}

/** Our header's height: Scalar keeps its own sticky parts below it (--scalar-custom-header-height). */
const HEADER_HEIGHT = '3.5rem'

/** The app’s dark navy, cards and violet accent (src/styles), as Scalar’s dark-mode colours. */
const SCALAR_CSS = `
.dark-mode {
  --scalar-background-1: #0b1120;
  --scalar-background-2: #111827;
  --scalar-background-3: #1f2937;
  --scalar-background-accent: rgba(124, 58, 237, 0.15);
  --scalar-color-accent: #a78bfa;
  --scalar-border-color: #1f2937;
  --scalar-sidebar-background-1: #0b1120;
  --scalar-sidebar-item-active-background: rgba(124, 58, 237, 0.18);
  --scalar-sidebar-color-active: #ddd6fe;
}
.dark-mode .scalar-card { background: #111827; }
`

const PAGE_CSS = `
:root { color-scheme: dark; --scalar-custom-header-height: ${HEADER_HEIGHT}; }
html, body { margin: 0; background: #0b1120; color: #e5e7eb; }
body { font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
.rp-header { position: sticky; top: 0; z-index: 1000; height: ${HEADER_HEIGHT}; box-sizing: border-box;
  display: flex; align-items: center; gap: 1rem; padding: 0 1rem; background: #0b1120; border-bottom: 1px solid #1f2937; }
.rp-brand { display: flex; align-items: center; gap: 0.5rem; color: #f9fafb; font-weight: 600; text-decoration: none; }
.rp-mark { display: grid; place-items: center; width: 1.75rem; height: 1.75rem; border-radius: 0.375rem; background: #7c3aed;
  color: #fff; font-size: 0.875rem; font-weight: 700; }
.rp-title { color: #9ca3af; font-size: 0.875rem; }
.rp-links { margin-left: auto; display: flex; gap: 0.5rem; }
.rp-links a { color: #e5e7eb; font-size: 0.875rem; text-decoration: none; padding: 0.4rem 0.75rem; border-radius: 0.375rem;
  border: 1px solid #374151; white-space: nowrap; }
.rp-links a:hover, .rp-links a:focus-visible { border-color: #7c3aed; outline: none; }
.rp-links a.rp-primary { background: #7c3aed; border-color: #7c3aed; color: #fff; }
@media (max-width: 480px) { .rp-title, .rp-links a.rp-secondary { display: none; } }
`

/**
 * The page's own policy: scripts from this origin only (Scalar's bundle; its configuration is a
 * JSON data block, which does not run), its inline styles, images from anywhere https (the
 * document has none of its own), requests to this origin only.
 */
function referencePagePolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export async function referencePageResponse(appName: string): Promise<Response> {
  const { version } = await referenceScript()
  const configuration = {
    url: OPENAPI_PATH,
    theme: 'none',
    darkMode: true,
    forceDarkModeState: 'dark',
    hideDarkModeToggle: true,
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    hideClientButton: true,
    // Scalar's "Ask AI" sends the document and questions to Scalar's servers: off.
    agent: { disabled: true },
    documentDownloadType: 'json',
    persistAuth: false,
    authentication: { preferredSecurityScheme: 'bearerAuth' },
    metaData: { title: `${appName} | API reference` },
    favicon: '/logo.svg',
    customCss: SCALAR_CSS,
  }
  const html = `<!DOCTYPE html>
<html lang="en" class="dark-mode">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(appName)} | API reference</title>
    <link rel="icon" href="/logo.svg" type="image/svg+xml" />
    <style>${PAGE_CSS}</style>
  </head>
  <body>
    <header class="rp-header">
      <a class="rp-brand" href="/content"><span class="rp-mark" aria-hidden="true">${escapeHtml(appName.charAt(0).toUpperCase())}</span>${escapeHtml(appName)}</a>
      <span class="rp-title">API reference</span>
      <nav class="rp-links" aria-label="${escapeHtml(appName)}">
        <a class="rp-secondary" href="${OPENAPI_PATH}">OpenAPI JSON</a>
        <a class="rp-primary" href="/settings#api-keys">API keys</a>
      </nav>
    </header>
    <script id="api-reference" type="application/json" data-configuration="${escapeHtml(JSON.stringify(configuration))}"></script>
    <script src="${REFERENCE_SCRIPT_PATH}?v=${version}"></script>
  </body>
</html>`
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': referencePagePolicy() },
  })
}
