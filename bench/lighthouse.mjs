// `npm run bench -- lighthouse`: Lighthouse on the public pages of the production build.
//
// Builds (or with --no-build uses the current dist/), starts `node scripts/serve.mjs` on a fresh
// PGlite data folder (as the load benchmark does), then runs Lighthouse (the `lighthouse` package's
// Node API, its default config: the mobile preset with simulated throttling) driving Debian's
// Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through chrome-launcher on:
// - `/`, the landing page;
// - the first blog article listed on /blog;
// - `/sign-in`.
// Each page runs --runs times (default 3) and every figure is the median of its runs: Lighthouse's
// performance score moves by several points on a loaded machine. Prints per page the four
// category scores (performance, accessibility, best practices, SEO) and LCP, TBT and CLS, then
// the targets: performance ≥ 98 and 100 for the other three, MET / NOT MET.
//
// Options: --no-build, --runs N (default 3), --strict (exit 1 when a target is missed),
// --save DIR (writes every run's Lighthouse JSON there, to read the LCP element, its phases and
// the failing audits). With PORT set, the server listens on PORT and Chromium's debugging port is
// PORT + 1 (to stay in an assigned range); otherwise both are free ports.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { buildSnapshot, startServer } from './lib/production-server.mjs'
import { table } from './public.mjs'

export const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 }
export const CATEGORIES = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'best practices'],
  ['seo', 'SEO'],
]
const METRICS = { lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' }

function parseArgs(args) {
  const options = { build: true, runs: 3, strict: false, save: undefined }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--no-build') options.build = false
    else if (arg === '--runs') options.runs = Math.max(1, Math.floor(Number(args[++index])) || 3)
    else if (arg === '--strict') options.strict = true
    else if (arg === '--save') {
      options.save = args[++index]
      if (!options.save) throw new Error('--save needs a folder')
    } else throw new Error(`unknown option ${arg}`)
  }
  return options
}

/** The median of numbers (the mean of the middle two for an even count); undefined when empty. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** One Lighthouse result reduced to scores out of 100 and the three metrics (ms, ms, unitless). */
export function summariseRun(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map(([id]) => {
      const score = lhr.categories[id]?.score
      return [id, typeof score === 'number' ? Math.round(score * 100) : undefined]
    }),
  )
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([key, audit]) => [key, lhr.audits[audit]?.numericValue]))
  return { scores, metrics }
}

/** A page's runs reduced to the median of each score and metric. */
export function summarisePage(runs) {
  return {
    scores: Object.fromEntries(CATEGORIES.map(([id]) => [id, median(runs.map((run) => run.scores[id]))])),
    metrics: Object.fromEntries(Object.keys(METRICS).map((key) => [key, median(runs.map((run) => run.metrics[key]))])),
    runs: runs.length,
  }
}

/** Which of a page's median scores miss their target: [{ id, score, target }]. */
export function missedTargets(summary) {
  return CATEGORIES.map(([id]) => ({ id, score: summary.scores[id], target: TARGETS[id] })).filter(
    ({ score, target }) => score === undefined || score < target,
  )
}

const show = (value, format) => (value === undefined ? 'n/a' : format(value))

/** The per-page table and the target lines, as printed. */
export function report(pages) {
  const rows = [['page', ...CATEGORIES.map(([, label]) => label), 'LCP', 'TBT', 'CLS']]
  for (const { label, summary } of pages) {
    rows.push([
      label,
      ...CATEGORIES.map(([id]) => show(summary.scores[id], String)),
      show(summary.metrics.lcp, (ms) => `${(ms / 1000).toFixed(2)} s`),
      show(summary.metrics.tbt, (ms) => `${Math.round(ms)} ms`),
      show(summary.metrics.cls, (cls) => cls.toFixed(3)),
    ])
  }
  const targets = CATEGORIES.map(([id, label]) => `${label} ${id === 'performance' ? '≥ ' : ''}${TARGETS[id]}`).join(', ')
  const lines = [table(rows), '', `Targets per page: ${targets}`]
  for (const { label, summary } of pages) {
    const missed = missedTargets(summary)
    const why = missed.map(({ id, score }) => `${CATEGORIES.find(([key]) => key === id)[1]} ${show(score, String)}`).join(', ')
    lines.push(`  ${label}: ${missed.length === 0 ? 'MET' : `NOT MET (${why})`}`)
  }
  return lines.join('\n')
}

/** The audits that cost a page points, for the reader to act on (first run's result). */
function failingAudits(lhr) {
  const failing = []
  for (const [id] of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && typeof audit?.score === 'number' && audit.score < 0.9) {
        failing.push(`${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
      }
    }
  }
  return failing
}

export async function run(args) {
  const options = parseArgs(args)
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  console.log(options.build ? 'Building the production bundle…' : 'Using the current dist/ (--no-build)…')
  const snapshot = await buildSnapshot({ build: options.build })
  console.log(`Build ready in ${(snapshot.ms / 1000).toFixed(1)} s; starting node scripts/serve.mjs on a fresh PGlite data folder…`)
  const server = await startServer(snapshot.dir)
  let chrome
  try {
    const article = await findListedArticle(server.baseUrl)
    const pages = [
      { label: '/', path: '/' },
      { label: article, path: article },
      { label: '/sign-in', path: '/sign-in' },
    ]
    const chromePort = process.env.PORT ? Number(process.env.PORT) + 1 : undefined
    chrome = await launch({ chromePath, port: chromePort, chromeFlags: ['--headless=new', '--no-sandbox'] })
    if (options.save) await mkdir(options.save, { recursive: true })
    console.log(`Lighthouse (mobile preset) on ${chromePath}, ${options.runs} runs a page…`)
    for (const page of pages) {
      const runs = []
      let first
      for (let index = 0; index < options.runs; index++) {
        const lhr = await audit(new URL(page.path, server.baseUrl).href, chrome.port)
        first ??= lhr
        if (options.save) {
          const name = `${page.label
            .replace(/^\/$/, 'landing')
            .replace(/[^a-z0-9-]+/gi, '_')
            .replace(/^_|_$/g, '')}-${index + 1}.json`
          await writeFile(join(options.save, name), JSON.stringify(lhr))
        }
        const summary = summariseRun(lhr)
        runs.push(summary)
        console.log(
          `  ${page.label} run ${index + 1}: ${CATEGORIES.map(([id]) => summary.scores[id]).join('/')}` +
            ` LCP ${Math.round(summary.metrics.lcp)} ms, TBT ${Math.round(summary.metrics.tbt)} ms, CLS ${summary.metrics.cls?.toFixed(3)}`,
        )
      }
      page.summary = summarisePage(runs)
      page.failing = failingAudits(first)
    }

    console.log(`\nLighthouse, mobile preset, median of ${options.runs} runs a page\n`)
    console.log(report(pages))
    for (const page of pages) {
      if (page.failing.length > 0) console.log(`\nAudits below 90 on ${page.label} (first run): ${page.failing.join('; ')}`)
    }
    const met = pages.every((page) => missedTargets(page.summary).length === 0)
    return options.strict && !met ? 1 : 0
  } finally {
    await chrome?.kill()
    await server.stop()
    await snapshot.remove()
  }
}

/**
 * One Lighthouse run. A run that fails to load the page (Chrome sometimes reports an interstitial
 * on a busy machine) is retried up to twice before the benchmark gives up.
 */
async function audit(url, port) {
  let error
  for (let attempt = 0; attempt < 3; attempt++) {
    const lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error' }))?.lhr
    if (lhr && !lhr.runtimeError) return lhr
    error = lhr ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result'
    console.log(`  (${url}: ${error}; retrying)`)
  }
  throw new Error(`Lighthouse failed on ${url}: ${error}`)
}

/** The first article linked from /blog (the listing a visitor sees), as a path. */
async function findListedArticle(baseUrl) {
  const response = await fetch(new URL('/blog', baseUrl))
  if (response.ok) {
    for (const [, href] of (await response.text()).matchAll(/href="([^"]+)"/g)) {
      const path = new URL(href, baseUrl).pathname
      if (/^\/blog\/[^/?#]+\/?$/.test(path)) return path
    }
  }
  throw new Error('no article linked from /blog')
}
