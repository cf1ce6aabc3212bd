import { gunzipSync } from 'node:zlib'
import { XMLParser } from 'fast-xml-parser'
import { SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'

/**
 * Sitemaps (sitemaps.org): <urlset> pages with their lastmod, <sitemapindex> files followed to a
 * depth and count cap, gzipped .xml.gz files, and plain-text sitemaps (one URL a line). A broken
 * child sitemap is reported and skipped; the rest still count.
 */

export interface SitemapEntry {
  url: string
  /** ISO 8601 when the sitemap gave a readable date. */
  lastmod: string | undefined
}

export interface SitemapResult {
  /** Sitemap files read successfully, index files included, in the order read. */
  sitemaps: string[]
  entries: SitemapEntry[]
  /** One sentence per sitemap that could not be used. */
  errors: string[]
}

export interface SitemapLimits {
  /** Sitemap files fetched in all [20]. */
  maxSitemaps?: number
  /** Page URLs kept [2000]. */
  maxEntries?: number
  /** Index levels followed below the start files [2]. */
  maxDepth?: number
  /** Largest gunzipped size [50 MB, the protocol's own limit]. */
  maxUnzippedBytes?: number
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
})

interface LocNode {
  loc?: unknown
  lastmod?: unknown
}

function text(value: unknown) {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
}

function absoluteHttpUrl(value: unknown, base: string) {
  // An empty <loc> would otherwise resolve to the sitemap's own address.
  if (!text(value)) return undefined
  try {
    const url = new URL(text(value), base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

function isoDate(value: unknown) {
  const time = Date.parse(text(value))
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

type Parsed = { kind: 'urlset'; entries: SitemapEntry[] } | { kind: 'index'; children: string[] } | { kind: 'unknown' }

export function parseSitemap(body: string, sitemapUrl: string): Parsed {
  const trimmed = body.replace(/^\uFEFF/, '').trim()
  if (!trimmed.startsWith('<')) {
    const entries = trimmed
      .split(/\r?\n/)
      // The protocol allows only absolute URLs in text sitemaps; anything else means "not a sitemap".
      .map((line) => (/^https?:\/\//i.test(line.trim()) ? absoluteHttpUrl(line, sitemapUrl) : undefined))
      .filter((url): url is string => url !== undefined)
      .map((url) => ({ url, lastmod: undefined }))
    return entries.length > 0 ? { kind: 'urlset', entries } : { kind: 'unknown' }
  }
  let document: { urlset?: { url?: LocNode[] } | ''; sitemapindex?: { sitemap?: LocNode[] } | '' }
  try {
    document = parser.parse(trimmed)
  } catch {
    return { kind: 'unknown' }
  }
  if (document.sitemapindex !== undefined) {
    const nodes = document.sitemapindex === '' ? [] : (document.sitemapindex.sitemap ?? [])
    const children = nodes.map((node) => absoluteHttpUrl(node.loc, sitemapUrl)).filter((url): url is string => url !== undefined)
    return { kind: 'index', children }
  }
  if (document.urlset !== undefined) {
    const nodes = document.urlset === '' ? [] : (document.urlset.url ?? [])
    const entries = nodes.flatMap((node) => {
      const url = absoluteHttpUrl(node.loc, sitemapUrl)
      return url ? [{ url, lastmod: isoDate(node.lastmod) }] : []
    })
    return { kind: 'urlset', entries }
  }
  return { kind: 'unknown' }
}

function isGzip(body: Buffer) {
  return body.length > 2 && body[0] === 0x1f && body[1] === 0x8b
}

export async function readSitemaps(startUrls: string[], fetcher: SafeFetcher, limits: SitemapLimits = {}): Promise<SitemapResult> {
  const maxSitemaps = limits.maxSitemaps ?? 20
  const maxEntries = limits.maxEntries ?? 2000
  const maxDepth = limits.maxDepth ?? 2
  const maxUnzippedBytes = limits.maxUnzippedBytes ?? 50 * 1024 * 1024
  const result: SitemapResult = { sitemaps: [], entries: [], errors: [] }
  const seenSitemaps = new Set<string>()
  const seenEntries = new Set<string>()
  const queue = startUrls.map((url) => ({ url, depth: 0 }))
  let fetched = 0

  while (queue.length > 0 && fetched < maxSitemaps && result.entries.length < maxEntries) {
    const { url, depth } = queue.shift()!
    if (seenSitemaps.has(url)) continue
    seenSitemaps.add(url)
    fetched += 1
    let body: string
    try {
      const response = await fetcher(url, { expect: ['xml'] })
      body = isGzip(response.body) ? gunzipSync(response.body, { maxOutputLength: maxUnzippedBytes }).toString('utf8') : response.text()
    } catch (error) {
      if (error instanceof SafeFetchError) result.errors.push(error.message)
      else if (error instanceof RangeError)
        result.errors.push(`We could not read the sitemap ${url}: it is larger than ${maxUnzippedBytes / 1024 / 1024} MB once unzipped.`)
      else result.errors.push(`We could not read the sitemap ${url}: it is not valid gzip.`)
      continue
    }
    const parsed = parseSitemap(body, url)
    if (parsed.kind === 'unknown') {
      result.errors.push(`${url} is not a sitemap: it has neither <urlset> nor <sitemapindex>.`)
      continue
    }
    result.sitemaps.push(url)
    if (parsed.kind === 'index') {
      if (depth < maxDepth) queue.push(...parsed.children.map((child) => ({ url: child, depth: depth + 1 })))
      continue
    }
    for (const entry of parsed.entries) {
      if (result.entries.length >= maxEntries) break
      if (seenEntries.has(entry.url)) continue
      seenEntries.add(entry.url)
      result.entries.push(entry)
    }
  }
  return result
}
