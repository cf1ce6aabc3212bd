import { monthlySearches, profileOf, searchVolume, subjectOf, topicOf } from '~/server/demo-network/dataforseo/mock-data'
import type { ByHead } from '~/server/demo-network/dataforseo/mock-lexicon'
import { resultTitle } from '~/server/demo-network/dataforseo/mock-serp'
import { SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import { COFFEE_KNOWLEDGE } from './demo-web-knowledge'
import { escapeHtml } from '~/shared/text'

/**
 * The demo web: in full demo mode the mock search results link here instead of to real sites,
 * and these pages are what article research fetches and cites, so every citation in a demo
 * article opens a page holding the quoted passage. A page is made from its address alone (the
 * site and the keyword in its path) with the demo's own data: the keyword data the Keywords
 * screen shows (volumes, the season of searches) and the topic lexicon the keyword mock uses
 * (kinds, uses, comparisons, what buyers check). Every page is labelled as simulated.
 */
export const DEMO_WEB_PATH = '/demo/web/'

/** A search result's address in the demo web: `<app>/demo/web/<host>/<path>`. */
export function demoWebUrl(appUrl: string, host: string, path: string): string {
  return new URL(`${DEMO_WEB_PATH}${host}/${path.replace(/^\/+/, '')}`, appUrl).toString()
}

/** The simulated host and path of a demo web address on this app, or undefined for any other address. */
export function parseDemoWebUrl(url: string, appUrl: string): { host: string; path: string } | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.origin !== new URL(appUrl).origin || !parsed.pathname.startsWith(DEMO_WEB_PATH)) return undefined
  return splitDemoPath(parsed.pathname.slice(DEMO_WEB_PATH.length))
}

/** "www.example.com/cold-brew-coffee" → its host and path; undefined unless both look like the mock SERP's. */
export function splitDemoPath(rest: string): { host: string; path: string } | undefined {
  const [host, ...segments] = decodeURIComponent(rest).split('/')
  const path = segments.join('/')
  if (!host || !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) || !/^[a-z0-9-]{1,120}$/.test(path)) return undefined
  return { host, path }
}

export interface DemoWebSection {
  heading: string
  sentences: string[]
}

export interface DemoWebPage {
  host: string
  path: string
  /** The search the page answers: its path without the deeper-page suffix ("-2"). */
  keyword: string
  title: string
  sections: DemoWebSection[]
}

/** What a buyer reads on a bag: a page tells it where it says what to check before buying. */
const BUYING_CHECKS = COFFEE_KNOWLEDGE.find((theme) => theme.heading === 'Reading the bag before you buy')

const MONTHS = 'January February March April May June July August September October November December'.split(' ')

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const joinList = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`)
const formatNumber = (value: number) => value.toLocaleString('en-US')
const byHead = (lists: ByHead | undefined, head: string) => lists?.[head] ?? lists?.['*'] ?? []

/** FNV-1a: the stable number behind a page's choices. */
function hashOf(seed: string): number {
  let hash = 0x811c9dc5
  for (const char of seed) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0
  return hash
}

/** When a subject is searched most and least, from the same monthly series the keyword data reports. */
function seasonSection(subject: string, plural: boolean, now: Date): DemoWebSection {
  const [be, it, its, they] = plural ? ['are', 'them', 'Their', 'They are'] : ['is', 'it', 'Its', 'It is']
  const series = monthlySearches(subject, now)
  const mean = series.reduce((sum, item) => sum + item.search_volume, 0) / series.length
  const peak = series.reduce((best, item) => (item.search_volume > best.search_volume ? item : best))
  const low = series.reduce((best, item) => (item.search_volume < best.search_volume ? item : best))
  const percent = (value: number) => Math.round(Math.abs((value / mean - 1) * 100))
  const sentences = [
    `${capitalise(subject)} ${be} popular: around ${formatNumber(searchVolume(subject))} people search for ${it} on Google every month.`,
  ]
  if (percent(peak.search_volume) >= 3) {
    sentences.push(
      `${its} popularity peaks in ${MONTHS[peak.month - 1]}, with about ${percent(peak.search_volume)}% more searches than in an average month.`,
      `${they} least popular in ${MONTHS[low.month - 1]}, when searches run about ${percent(low.search_volume)}% under the average.`,
    )
  } else {
    sentences.push(`${its} popularity stays steady through the year, with no month far from the average.`)
  }
  return { heading: `How popular ${be} ${subject}?`, sentences }
}

/**
 * One demo web page, or undefined when the path names no search. The same address always gives
 * the same page; sites differ in which sections they carry and in what order.
 */
export function demoWebPage(host: string, path: string, now = new Date()): DemoWebPage | undefined {
  const keyword = path.replace(/-\d+$/, '').replace(/-/g, ' ').trim()
  if (!keyword) return undefined
  const subject = subjectOf(keyword)
  const profile = profileOf(subject)
  const topic = topicOf(subject)
  const head = profile.head
  const kinds = byHead(topic?.qualifiers, head)
    .filter((qualifier) => !` ${subject} `.includes(` ${qualifier} `))
    .slice(0, 3)
  const uses = byHead(topic?.uses, head).slice(0, 3)
  const rivals = byHead(topic?.versus, head).filter((rival) => rival !== subject)
  const checks = byHead(topic?.facts, head)
  const sections: DemoWebSection[] = [seasonSection(subject, profile.plural, now)]

  if (kinds.length >= 2) {
    const [first, second] = kinds.map((kind) => `${kind} ${subject}`)
    sections.push({
      heading: `Types of ${subject}`,
      sentences: [
        `The types of ${subject} people look for most are ${joinList(kinds)}.`,
        `Of those types, ${first} is searched about ${formatNumber(searchVolume(first!))} times a month, against ${formatNumber(searchVolume(second!))} for ${second}.`,
        `Each type suits a different taste and budget, so compare two or three types before settling on one.`,
      ],
    })
  }
  if (uses.length > 0) {
    sections.push({
      heading: `Choosing ${subject} for ${uses[0]}`,
      sentences: [
        `Most buyers choose ${subject} for ${joinList(uses)}.`,
        `Choosing for ${uses[0]} asks something different of ${subject} than choosing for ${uses[1] ?? 'everyday use'}, so decide how you will use it first.`,
        ...(checks.length > 0 ? [`When choosing for ${uses[0]}, the ${checks[0]} matters more than the label on the pack.`] : []),
      ],
    })
  }
  if (rivals.length > 0) {
    // One rival per search, whichever site: results on one search compare the same pair.
    const rival = rivals[hashOf(keyword) % rivals.length]!
    const ours = searchVolume(subject)
    const theirs = searchVolume(rival)
    const ratio = Math.max(ours, theirs) / Math.min(ours, theirs)
    sections.push({
      heading: `${capitalise(subject)} vs ${rival}`,
      sentences: [
        `${capitalise(subject)} vs ${rival} is the comparison people search for most in this category.`,
        ratio >= 1.2
          ? `${capitalise(ours >= theirs ? subject : rival)} is searched about ${ratio.toFixed(1)} times as often as ${ours >= theirs ? rival : subject}.`
          : `The two are searched about equally often, around ${formatNumber(ours)} times a month each.`,
        ...(checks.length >= 2
          ? [`People comparing ${subject} vs ${rival} usually look at the ${checks[0]} and the ${checks[1]} first.`]
          : []),
      ],
    })
  }
  if (checks.length > 0) {
    sections.push({
      heading:
        profile.kind === 'activity' || profile.kind === 'concept'
          ? `Getting started with ${subject}`
          : `What to check before you buy ${subject}`,
      sentences: [
        `Before you buy ${subject}, check the ${joinList(checks)}.`,
        `Independent reviews that mention the ${checks[0]} tell you more than a product description does.`,
        ...(BUYING_CHECKS?.sentences ?? []),
      ],
    })
  }
  // Sites differ: each keeps the season first and orders the rest its own way.
  // General knowledge on the subjects the search touches: each site carries four of them, and all
  // but one of each subject's statements, so the results differ as real sites do.
  const words = new Set(keyword.split(/\s+/))
  const themes = COFFEE_KNOWLEDGE.filter((theme) => theme !== BUYING_CHECKS && theme.about.some((word) => words.has(word)))
    .sort((a, b) => hashOf(`${host}|${a.heading}`) - hashOf(`${host}|${b.heading}`))
    .slice(0, 4)
  for (const theme of themes) {
    const skipped = hashOf(`${host}|${keyword}|${theme.heading}`) % theme.sentences.length
    sections.push({ heading: theme.heading, sentences: theme.sentences.filter((_, index) => index !== skipped) })
  }
  const [season, ...rest] = sections
  rest.sort((a, b) => hashOf(`${host}|${a.heading}`) - hashOf(`${host}|${b.heading}`))
  return { host, path, keyword, title: resultTitle(host, keyword), sections: [season!, ...rest] }
}

/** The page as HTML, with a banner saying it is simulated and not from the site it names. */
export function renderDemoWebPage(page: DemoWebPage): string {
  const sections = page.sections
    .map((section) => `<h2>${escapeHtml(section.heading)}</h2>\n<p>${section.sentences.map(escapeHtml).join(' ')}</p>`)
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
body{margin:0;font:16px/1.6 system-ui,sans-serif;background:#0b0d12;color:#e6e8ee}
header{background:#3b2f0b;color:#fde68a;padding:12px 20px;font-size:14px}
main{max-width:720px;margin:0 auto;padding:24px 20px}
h1{font-size:28px;line-height:1.25}
h2{font-size:20px;margin-top:28px}
.site{color:#9aa3b2;font-size:14px}
</style>
</head>
<body>
<header role="note"><strong>Simulated page (demo mode).</strong> Rankpilot's demo made this page up from the search “${escapeHtml(page.keyword)}” so demo articles have a source to cite. It is not from ${escapeHtml(page.host)}.</header>
<main>
<p class="site">${escapeHtml(page.host)}</p>
<h1>${escapeHtml(page.title)}</h1>
${sections}
</main>
</body>
</html>
`
}

/**
 * A fetcher that answers demo web addresses on this app from demoWebPage, in process (the
 * SSRF-safe fetcher would rightly refuse the app's own loopback address), and passes every other
 * address to `fetch`.
 */
export function withDemoWeb(fetch: SafeFetcher, appUrl: string): SafeFetcher {
  return async (url, request) => {
    const address = parseDemoWebUrl(url, appUrl)
    if (!address) return fetch(url, request)
    const page = demoWebPage(address.host, address.path)
    const body = Buffer.from(page ? renderDemoWebPage(page) : 'Not found', 'utf8')
    const status = page ? 200 : 404
    if (!page && !request.acceptErrorStatus) {
      throw new SafeFetchError({ kind: 'http_status', url, status, message: `${url} answered with HTTP ${status}.` })
    }
    return {
      url,
      status,
      contentType: page ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
      body,
      text: () => body.toString('utf8'),
    }
  }
}

/**
 * GET /demo/web/<host>/<path>: the page, while search results are simulated (else 404, as for
 * any address the app does not have). Not indexed, and styled by its own inline sheet only.
 */
export function demoWebResponse(request: Request, options: { simulated: boolean }): Response {
  const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } })
  }
  if (!options.simulated) return notFound()
  const pathname = new URL(request.url).pathname
  const address = pathname.startsWith(DEMO_WEB_PATH) ? splitDemoPath(pathname.slice(DEMO_WEB_PATH.length)) : undefined
  const page = address && demoWebPage(address.host, address.path)
  if (!page) return notFound()
  return new Response(request.method === 'HEAD' ? null : renderDemoWebPage(page), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-robots-tag': 'noindex',
      'cache-control': 'public, max-age=3600',
    },
  })
}
