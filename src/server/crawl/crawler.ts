import { extractPage, sameSite, type ExtractedPage } from './extract'
import { fetchRobots, robotsDisallowedError, type RobotsRules } from './robots'
import { parsePublicUrl, safeFetcher, SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import { readSitemaps, type SitemapEntry } from './sitemap'

/**
 * Site analysis crawl: the home page, robots.txt, the sitemap, then the few pages that say what
 * a business is (about, services or products, pricing, blog), fetched one after another with a
 * pause, inside the site's own host. The home page failing fails the crawl with the fetcher's
 * sentence; any other page failing becomes a warning and the crawl goes on.
 */

export interface CrawlOptions {
  /** Pages fetched, the home page included [6]. */
  maxPages?: number
  /** Pause between requests to the site; a larger robots.txt Crawl-delay wins, up to 10 s [500 ms]. */
  delayMs?: number
  fetcher?: SafeFetcher
  sleep?: (ms: number) => Promise<void>
  maxSitemapEntries?: number
  /**
   * The page counter: `done` is the pages fetched so far, `total` the pages the crawl will fetch
   * (1 until the sitemap and the home page's links say which; a page robots.txt disallows or that
   * fails drops out). At the end both equal the crawled pages.
   */
  onProgress?: (progress: { done: number; total: number; message: string }) => void
}

export type PageRole = 'home' | 'about' | 'services' | 'pricing' | 'blog' | 'other'

export interface CrawledPage extends ExtractedPage {
  role: PageRole
}

export interface CrawlResult {
  /** The home page's address after redirects. */
  url: string
  pages: CrawledPage[]
  robotsTxtUrl: string | undefined
  /** The first sitemap that could be read. */
  sitemapUrl: string | undefined
  sitemaps: string[]
  sitemapEntries: SitemapEntry[]
  /** The blog's section page, e.g. https://example.com/blog. */
  blogUrl: string | undefined
  warnings: string[]
}

const ROLE_PATTERNS: [Exclude<PageRole, 'home' | 'other'>, RegExp][] = [
  ['about', /^(about|about-us|company|who-we-are|our-story|team)$/],
  ['services', /^(services?|products?|solutions?|features|what-we-do|offerings?)$/],
  ['pricing', /^(pricing|prices|plans)$/],
  ['blog', /^(blog|news|articles|insights|journal|magazine)$/],
]
const MAX_CRAWL_DELAY_MS = 10_000

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** "example.com" is what people type; it means https://example.com. */
export function normalizeSiteInput(input: string) {
  const trimmed = input.trim()
  return /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed) ? trimmed : `https://${trimmed}`
}

function pathSegments(url: string) {
  return new URL(url).pathname.split('/').filter(Boolean)
}

function roleOf(url: string): PageRole {
  const first = pathSegments(url)[0]
    ?.toLowerCase()
    .replace(/\.(html?|php|aspx?)$/, '')
  if (!first) return 'other'
  return ROLE_PATTERNS.find(([, pattern]) => pattern.test(first))?.[0] ?? 'other'
}

/** One page per role, the shallowest address first; the blog as its section root. */
function choosePages(homeUrl: string, candidates: string[], maxOthers: number) {
  const chosen = new Map<PageRole, string>()
  for (const [role] of ROLE_PATTERNS) {
    const matches = candidates.filter((url) => roleOf(url) === role)
    if (matches.length === 0) continue
    const best = [...matches].sort((a, b) => pathSegments(a).length - pathSegments(b).length)[0]!
    chosen.set(role, pathSegments(best).length === 1 ? best : new URL(`/${pathSegments(best)[0]}`, homeUrl).href)
  }
  const picks = [...chosen.entries()].map(([role, url]) => ({ role, url }))
  // Top-level navigation fills what the roles leave, in the order the home page lists it.
  for (const url of candidates) {
    if (picks.length >= maxOthers) break
    if (pathSegments(url).length === 1 && !picks.some((pick) => pick.url === url)) picks.push({ role: 'other', url })
  }
  return { picks: picks.slice(0, maxOthers), blogUrl: chosen.get('blog') }
}

export async function crawlSite(input: string, options: CrawlOptions = {}): Promise<CrawlResult> {
  const fetcher = options.fetcher ?? safeFetcher()
  const sleep = options.sleep ?? defaultSleep
  const maxPages = Math.max(1, options.maxPages ?? 6)
  const start = parsePublicUrl(normalizeSiteInput(input))
  const warnings: string[] = []
  let fetched = 0
  let planned = 1
  const report = (message: string) => options.onProgress?.({ done: fetched, total: planned, message })

  report('Reading robots.txt')
  let robots: RobotsRules = await fetchRobots(start.href, fetcher)
  if (!robots.isAllowed(start.href)) throw robotsDisallowedError(start.href)
  const pause = () => sleep(Math.max(options.delayMs ?? 500, Math.min(robots.crawlDelayMs ?? 0, MAX_CRAWL_DELAY_MS)))

  report(`Fetching ${start.href}`)
  const homeResponse = await fetcher(start.href, { expect: ['html'] })
  const homeUrl = homeResponse.url
  if (new URL(homeUrl).origin !== start.origin) {
    // http → https or apex → www: the rules of the site we actually landed on apply.
    robots = await fetchRobots(homeUrl, fetcher)
    if (!robots.isAllowed(homeUrl)) throw robotsDisallowedError(homeUrl)
  }
  const home: CrawledPage = { ...extractPage(homeResponse.text(), homeUrl), role: 'home' }
  fetched = 1

  report('Reading the sitemap')
  const declared = robots.sitemaps.length > 0
  const sitemap = await readSitemaps(declared ? robots.sitemaps : [new URL('/sitemap.xml', homeUrl).href], fetcher, {
    maxEntries: options.maxSitemapEntries,
  })
  // An undeclared /sitemap.xml was only a guess: its absence is not worth a warning.
  if (declared) warnings.push(...sitemap.errors)

  const isCandidate = (url: string) => sameSite(url, homeUrl) && url !== homeUrl && new URL(url).pathname !== new URL(homeUrl).pathname
  const candidates = [
    ...new Set([...home.links.filter((link) => link.internal).map((link) => link.url), ...sitemap.entries.map((entry) => entry.url)]),
  ].filter(isCandidate)
  const { picks, blogUrl } = choosePages(homeUrl, candidates, maxPages - 1)

  const allowed = picks.filter((pick) => {
    if (robots.isAllowed(pick.url)) return true
    warnings.push(robotsDisallowedError(pick.url).message)
    return false
  })
  planned = 1 + allowed.length

  const pages: CrawledPage[] = [home]
  for (const pick of allowed) {
    await pause()
    report(`Fetching ${pick.url}`)
    try {
      const response = await fetcher(pick.url, { expect: ['html'] })
      pages.push({ ...extractPage(response.text(), response.url), role: pick.role })
      fetched += 1
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error
      warnings.push(error.message)
      planned -= 1
    }
  }
  report(`Fetched ${fetched} ${fetched === 1 ? 'page' : 'pages'}`)

  return {
    url: homeUrl,
    pages,
    robotsTxtUrl: robots.found ? robots.url : undefined,
    sitemapUrl: sitemap.entries.length > 0 || sitemap.sitemaps.length > 0 ? sitemap.sitemaps[0] : undefined,
    sitemaps: sitemap.sitemaps,
    sitemapEntries: sitemap.entries,
    blogUrl,
    warnings,
  }
}
