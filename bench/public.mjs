// `npm run bench -- public`: how heavy and how fast the public pages are, on the production
// build and server (public pages must be fast: docs/product/limits.md).
//
// For `/` and the first blog article (from /sitemap.xml, else the links on /blog/):
// - the JavaScript and CSS the page's HTML loads: every <script src>, <link rel="modulepreload">,
//   module preload held back until the first paint (the JSON list src/components/head-content.tsx
//   writes) and <link rel="stylesheet">, fetched and gzip-compressed here with zlib (level 6, what a
//   server typically sends), raw bytes too; the HTML itself is listed apart;
// - with Chromium available, every script the browser actually fetched within 4 s of load
//   (lazy chunks included: the notification outlet loads when the browser is idle);
// - the server render time: request → complete HTML, 200 sequential requests after a warm-up,
//   median and p95 (localhost, so it is the server's time plus a little HTTP).
// Target: under 150 KB (150,000 bytes) of gzipped JavaScript for `/`.
//
// Options: --no-build (use the current dist/), --requests N, --why (which packages make up the
// JavaScript of `/`, from a source-mapped build), --strict (exit 1 when over target).
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { buildSnapshot, buildWithSourceMaps, startServer } from './lib/production-server.mjs'

export const JS_GZIP_TARGET_BYTES = 150_000
const WARM_UP_REQUESTS = 20

function parseArgs(args) {
  const options = { build: true, requests: 200, why: false, strict: false }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--no-build') options.build = false
    else if (arg === '--why') options.why = true
    else if (arg === '--strict') options.strict = true
    else if (arg === '--requests') options.requests = Math.max(1, Number(args[++index]) || 200)
    else throw new Error(`unknown option ${arg}`)
  }
  return options
}

const gzipSize = (buffer) => gzipSync(buffer, { level: 6 }).length
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`

function attributes(tag) {
  const found = {}
  for (const [, name, value] of tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) found[name.toLowerCase()] = value
  return found
}

/** The JS and CSS files an HTML page references, in document order, without duplicates. */
export function assetsOf(html) {
  const assets = new Map()
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const { src } = attributes(tag)
    if (src) assets.set(src, 'js')
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const { rel = '', href } = attributes(tag)
    if (!href) continue
    const rels = rel.toLowerCase().split(/\s+/)
    if (rels.includes('modulepreload')) assets.set(href, 'js')
    else if (rels.includes('stylesheet')) assets.set(href, 'css')
  }
  const deferred = /<script\b[^>]*\bid="deferred-modulepreloads"[^>]*>([^<]*)<\/script>/.exec(html)
  if (deferred) for (const href of JSON.parse(deferred[1])) assets.set(href, 'js')
  return [...assets].map(([url, kind]) => ({ url, kind }))
}

async function fetchOk(url) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return response
}

async function measureWeight(baseUrl, path) {
  const html = Buffer.from(await (await fetchOk(new URL(path, baseUrl))).arrayBuffer())
  const files = []
  for (const asset of assetsOf(html.toString('utf8'))) {
    const body = Buffer.from(await (await fetchOk(new URL(asset.url, baseUrl))).arrayBuffer())
    files.push({ ...asset, raw: body.length, gzip: gzipSize(body) })
  }
  const sum = (kind, field) => files.filter((file) => file.kind === kind).reduce((total, file) => total + file[field], 0)
  return {
    files,
    html: { raw: html.length, gzip: gzipSize(html) },
    js: { count: files.filter((file) => file.kind === 'js').length, raw: sum('js', 'raw'), gzip: sum('js', 'gzip') },
    css: { count: files.filter((file) => file.kind === 'css').length, raw: sum('css', 'raw'), gzip: sum('css', 'gzip') },
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function measureRenderTime(baseUrl, path, requests) {
  const url = new URL(path, baseUrl)
  for (let index = 0; index < WARM_UP_REQUESTS; index++) await (await fetch(url)).text()
  const times = []
  for (let index = 0; index < requests; index++) {
    const started = performance.now()
    const response = await fetch(url)
    await response.text()
    times.push(performance.now() - started)
    if (!response.ok) throw new Error(`${path} answered ${response.status} during the timing run`)
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), p95: percentile(times, 95), requests }
}

/** The first blog article: from the sitemap, else from the links on /blog/. */
export async function findArticle(baseUrl) {
  const isArticle = (path) => /^\/blog\/[^/?#]+\/?$/.test(path) && !/^\/blog\/index_old\/?$/.test(path)
  const sitemap = await fetch(new URL('/sitemap.xml', baseUrl))
  if (sitemap.ok) {
    for (const [, loc] of (await sitemap.text()).matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
      const path = new URL(loc, baseUrl).pathname
      if (isArticle(path)) return { path, from: '/sitemap.xml' }
    }
  }
  for (const listing of ['/blog/', '/blog']) {
    const response = await fetch(new URL(listing, baseUrl))
    if (!response.ok) continue
    for (const [, href] of (await response.text()).matchAll(/href="([^"]+)"/g)) {
      const path = new URL(href, baseUrl).pathname
      if (isArticle(path)) return { path, from: listing }
    }
  }
  return undefined
}

function chromiumPath() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path))
}

/** Every script Chromium fetched for the page within `settleMs` of the load event. */
async function measureInBrowser(baseUrl, paths, settleMs = 4000) {
  const executablePath = chromiumPath()
  if (!executablePath) return undefined
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const results = new Map()
  try {
    for (const path of paths) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const scripts = []
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.url().startsWith(baseUrl)) scripts.push(response)
      })
      await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'load' })
      await page.waitForTimeout(settleMs)
      let raw = 0
      let gzip = 0
      for (const response of scripts) {
        const body = await response.body()
        raw += body.length
        gzip += gzipSize(body)
      }
      results.set(path, { count: scripts.length, raw, gzip, urls: scripts.map((response) => new URL(response.url()).pathname) })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}

// --- --why: bytes per package, from source maps --------------------------------------------

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
/** Decodes a source map's `mappings` into [line][segment] = [column, sourceIndex?]. */
function decodeMappings(mappings) {
  const lines = []
  let source = 0
  for (const line of mappings.split(';')) {
    const segments = []
    let column = 0
    for (const segment of line.split(',')) {
      if (!segment) continue
      const values = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += values[0]
      if (values.length > 1) source += values[1]
      segments.push(values.length > 1 ? [column, source] : [column])
    }
    lines.push(segments)
  }
  return lines
}

const ownerOf = (source) => {
  const npm = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (npm) return npm[1]
  return source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, '')
}

export async function composition(clientDir, files) {
  const code = new Map()
  for (const file of files) {
    const path = join(clientDir, file)
    if (!existsSync(`${path}.map`)) continue
    const text = await readFile(path, 'utf8')
    const map = JSON.parse(await readFile(`${path}.map`, 'utf8'))
    const lines = text.split('\n')
    decodeMappings(map.mappings).forEach((segments, lineIndex) => {
      const line = lines[lineIndex] ?? ''
      segments.forEach((segment, index) => {
        const end = index + 1 < segments.length ? segments[index + 1][0] : line.length
        const owner = segment.length > 1 ? ownerOf(map.sources[segment[1]]) : '(bundler glue)'
        code.set(owner, (code.get(owner) ?? '') + line.slice(segment[0], end))
      })
    })
  }
  return [...code].map(([owner, text]) => ({ owner, raw: text.length, gzip: gzipSize(Buffer.from(text)) })).sort((a, b) => b.gzip - a.gzip)
}

// --- output -------------------------------------------------------------------------------

export function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)))
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column])))
        .join('  ')
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line
    })
    .join('\n')
}

export async function run(args) {
  const options = parseArgs(args)
  console.log(options.build ? 'Building the production bundle…' : 'Using the current dist/ (--no-build)…')
  const snapshot = await buildSnapshot({ build: options.build })
  console.log(`Build ready in ${(snapshot.ms / 1000).toFixed(1)} s; starting node scripts/serve.mjs…`)
  const server = await startServer(snapshot.dir)
  try {
    const article = await findArticle(server.baseUrl)
    const pages = [{ label: '/', path: '/' }]
    if (article) pages.push({ label: `article ${article.path}`, path: article.path })
    console.log(
      article
        ? `Blog article: ${article.path} (found in ${article.from})`
        : 'Blog article: not found (no article in /sitemap.xml or on /blog/); measuring / only',
    )

    const results = []
    for (const page of pages) {
      process.stdout.write(`Measuring ${page.path} (${options.requests} requests)…\n`)
      const weight = await measureWeight(server.baseUrl, page.path)
      const timing = await measureRenderTime(server.baseUrl, page.path, options.requests)
      results.push({ ...page, weight, timing })
    }
    const browser = await measureInBrowser(
      server.baseUrl,
      pages.map((page) => page.path),
    ).catch((error) => {
      console.log(`(Chromium measurement skipped: ${error.message})`)
      return undefined
    })

    console.log('\nPublic pages, production build (gzip = zlib level 6; KB = 1,000 bytes)\n')
    const rows = [['page', 'JS files', 'JS gzip', 'JS raw', 'CSS gzip', 'CSS raw', 'HTML gzip', 'render median', 'render p95']]
    for (const { label, weight, timing } of results) {
      rows.push([
        label,
        weight.js.count,
        kb(weight.js.gzip),
        kb(weight.js.raw),
        kb(weight.css.gzip),
        kb(weight.css.raw),
        kb(weight.html.gzip),
        `${timing.median.toFixed(2)} ms`,
        `${timing.p95.toFixed(2)} ms`,
      ])
    }
    console.log(table(rows))
    if (browser) {
      console.log('\nScripts Chromium fetched within 4 s of load (lazy chunks included)\n')
      console.log(
        table([
          ['page', 'scripts', 'JS gzip', 'JS raw', 'not in the HTML'],
          ...results.map(({ label, path, weight }) => {
            const seen = browser.get(path)
            const listed = new Set(weight.files.map((file) => new URL(file.url, server.baseUrl).pathname))
            const extra = seen.urls.filter((url) => !listed.has(url)).map((url) => url.split('/').pop())
            return [label, seen.count, kb(seen.gzip), kb(seen.raw), extra.join(', ') || '-']
          }),
        ]),
      )
    } else console.log('\n(No Chromium found: set CHROMIUM_PATH to also measure what the browser fetches.)')

    const home = results[0].weight.js.gzip
    const meets = home < JS_GZIP_TARGET_BYTES
    console.log(
      `\nTarget for /: under ${kb(JS_GZIP_TARGET_BYTES)} of gzipped JavaScript → ${kb(home)}: ${meets ? 'MET' : `NOT MET (${kb(home - JS_GZIP_TARGET_BYTES)} over)`}`,
    )

    if (options.why) {
      console.log('\nBuilding with source maps for --why…')
      const maps = await buildWithSourceMaps()
      try {
        const files = results[0].weight.files.filter((file) => file.kind === 'js').map((file) => file.url.replace(/^\//, ''))
        const missing = files.filter((file) => !existsSync(join(maps.clientDir, `${file}.map`)))
        if (missing.length > 0) console.log(`(Left out, named differently in the source-mapped build: ${missing.join(', ')})`)
        const parts = await composition(maps.clientDir, files)
        console.log('\nWhat the JavaScript of / is made of (each part gzipped alone, so the sum exceeds the total)\n')
        console.log(
          table([
            ['package or file', 'gzip', 'raw'],
            ...parts.slice(0, Number(process.env.BENCH_WHY_ROWS) || 30).map((part) => [part.owner, kb(part.gzip), kb(part.raw)]),
          ]),
        )
      } finally {
        await maps.remove()
      }
    }
    return options.strict && !meets ? 1 : 0
  } finally {
    await server.stop()
    await snapshot.remove()
  }
}
