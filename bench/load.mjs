// `npm run bench -- load`: the production build and server under concurrent load, on PGlite.
//
// Starts `node scripts/serve.mjs` on the production build with a fresh DATA_DIR (full demo mode: no
// provider credentials, so the shared demo account is re-created on start: plan Growth, a
// business, 300 keywords), then loads three targets in turn with autocannon, each with N
// concurrent keep-alive connections for S seconds after a short sequential warm-up:
// - `/`, the landing page (server-rendered);
// - the first blog article (from /sitemap.xml, else the links on /blog/);
// - keyword.list signed in: GET /rpc/keyword/list?data={"json":{}} (the default view: newest
//   first, 10 rows) with `x-csrf-token: orpc` and the demo account's session cookie.
// The session comes from one POST to /api/demo/sign-in, as "Explore the demo" sends it (auth
// sign-in is rate limited in production: once per run), right before the keyword.list run: the
// signed session-data cookie answers without a database read for 60 s (the auth cookie cache),
// so a run longer than that also measures the database session lookup after the first minute.
// Prints requests/s (autocannon's mean of its per-second samples), p50/p99 latency, connection
// errors (timeouts included: no answer within 10 s) and non-2xx responses for each target.
// Target for keyword.list: 0 errors and 0 non-2xx, p99 under 250 ms.
//
// Options: --no-build (use the current dist/), --connections N (default 50), --duration S
// (seconds, default 30), --strict (exit 1 when the target is missed).
import autocannon from 'autocannon'
import { buildSnapshot, startServer } from './lib/production-server.mjs'
import { findArticle, table } from './public.mjs'

export const KEYWORD_LIST_P99_TARGET_MS = 250
const WARM_UP_REQUESTS = 20
/** A request unanswered this long counts as an error (a timeout); autocannon then reconnects. */
const REQUEST_TIMEOUT_SECONDS = 10
// The auth cookie cache (SESSION_COOKIE_CACHE_MAX_AGE in src/server/auth/auth.ts), in seconds.
const SESSION_COOKIE_CACHE_SECONDS = 60
export const KEYWORD_LIST_PATH = `/rpc/keyword/list?data=${encodeURIComponent(JSON.stringify({ json: {} }))}`

function parseArgs(args) {
  const options = { build: true, connections: 50, duration: 30, strict: false }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    const number = (fallback) => Math.max(1, Math.floor(Number(args[++index])) || fallback)
    if (arg === '--no-build') options.build = false
    else if (arg === '--connections') options.connections = number(50)
    else if (arg === '--duration') options.duration = number(30)
    else if (arg === '--strict') options.strict = true
    else throw new Error(`unknown option ${arg}`)
  }
  return options
}

/** Signs into the shared demo account the way "Explore the demo" does; returns its cookie header. */
async function signInToDemo(baseUrl) {
  const response = await fetch(new URL('/api/demo/sign-in', baseUrl), {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  })
  const location = response.headers.get('location') ?? ''
  if (response.status === 404) {
    throw new Error('/api/demo/sign-in answered 404: the demo account needs full demo mode (no paid provider credentials)')
  }
  if (response.status !== 303 || location.includes('error=')) throw new Error(`the demo sign-in failed: ${response.status} ${location}`)
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (!cookies.some((cookie) => cookie.includes('session_token='))) throw new Error('the demo sign-in set no session cookie')
  return cookies.join('; ')
}

/** One request before the load, so a wrong path, a redirect or a failed sign-in stops the run with its reason. */
async function check(baseUrl, target) {
  const response = await fetch(new URL(target.path, baseUrl), { headers: target.headers, redirect: 'manual' })
  const body = await response.text()
  if (response.status !== 200) throw new Error(`${target.label} answered ${response.status}: ${body.slice(0, 300)}`)
  return body
}

async function warmUp(baseUrl, target) {
  for (let index = 0; index < WARM_UP_REQUESTS; index++) {
    await (await fetch(new URL(target.path, baseUrl), { headers: target.headers, redirect: 'manual' })).arrayBuffer()
  }
}

async function load(baseUrl, target, options) {
  const result = await autocannon({
    url: new URL(target.path, baseUrl).href,
    headers: target.headers,
    connections: options.connections,
    duration: options.duration,
    timeout: REQUEST_TIMEOUT_SECONDS,
  })
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count}`)
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  }
}

/**
 * The server's log lines without stack frames, identical lines counted once with their number:
 * a client timeout shows as one "Error: aborted" (the server sees the connection close) per request.
 */
export function summariseLog(output, limit = 15) {
  const counts = new Map()
  for (const line of output.split('\n')) {
    if (!line.trim() || /^\s/.test(line) || line === '}') continue
    counts.set(line, (counts.get(line) ?? 0) + 1)
  }
  const lines = [...counts].map(([line, count]) => (count > 1 ? `${line} (×${count})` : line))
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more distinct lines`] : lines
}

export async function run(args) {
  const options = parseArgs(args)
  console.log(options.build ? 'Building the production bundle…' : 'Using the current dist/ (--no-build)…')
  const snapshot = await buildSnapshot({ build: options.build })
  console.log(`Build ready in ${(snapshot.ms / 1000).toFixed(1)} s; starting node scripts/serve.mjs on a fresh PGlite data folder…`)
  const server = await startServer(snapshot.dir)
  try {
    const article = await findArticle(server.baseUrl)
    if (!article) throw new Error('no blog article in /sitemap.xml or on /blog/')
    const targets = [
      { label: '/', path: '/' },
      { label: `article ${article.path}`, path: article.path },
      { label: 'keyword.list (signed in)', path: KEYWORD_LIST_PATH, signedIn: true },
    ]
    const results = []
    for (const target of targets) {
      if (target.signedIn) {
        target.headers = { 'x-csrf-token': 'orpc', cookie: await signInToDemo(server.baseUrl) }
        const { json } = JSON.parse(await check(server.baseUrl, target))
        console.log(`Signed into the demo account: keyword.list answers ${json.items.length} rows of ${json.total} keywords`)
        if (options.duration > SESSION_COOKIE_CACHE_SECONDS - 5) {
          const seconds = SESSION_COOKIE_CACHE_SECONDS
          console.log(`(After ${seconds} s the session cookie cache expires: later calls read the session from the database.)`)
        }
      } else await check(server.baseUrl, target)
      await warmUp(server.baseUrl, target)
      console.log(`Loading ${target.label}: ${options.connections} connections for ${options.duration} s…`)
      results.push({ ...target, ...(await load(server.baseUrl, target, options)) })
    }

    console.log(`\nProduction server on PGlite, ${options.connections} concurrent connections, ${options.duration} s each (autocannon)\n`)
    const rows = [['target', 'requests/s', 'requests', 'p50', 'p99', 'errors', 'non-2xx']]
    for (const result of results) {
      rows.push([
        result.label,
        result.rps.toFixed(1),
        result.total,
        `${result.p50} ms`,
        `${result.p99} ms`,
        result.timeouts > 0 ? `${result.errors} (${result.timeouts} timeouts)` : result.errors,
        result.statuses.length > 0 ? `${result.non2xx} (${result.statuses.join(', ')})` : result.non2xx,
      ])
    }
    console.log(table(rows))

    const keywords = results.find((result) => result.signedIn)
    const failed = keywords.errors + keywords.non2xx
    const meets = failed === 0 && keywords.p99 < KEYWORD_LIST_P99_TARGET_MS
    console.log(
      `\nTarget for keyword.list: 0 errors (connection errors, timeouts, non-2xx) and p99 under ${KEYWORD_LIST_P99_TARGET_MS} ms` +
        ` → ${failed} errors, p99 ${keywords.p99} ms: ${meets ? 'MET' : 'NOT MET'}`,
    )
    if (results.some((result) => result.errors + result.non2xx > 0)) {
      const summary = summariseLog(server.output())
      if (summary.length > 0) console.log(`\nWhat the server logged (stack frames left out):\n${summary.join('\n')}`)
    }
    return options.strict && !meets ? 1 : 0
  } finally {
    await server.stop()
    await snapshot.remove()
  }
}
