import { parseHTML } from 'linkedom'
import { SafeFetchError } from '~/server/outbound/public-url'
import { LIVE_CHECK_MAX_IMAGES, type BrokenImage, type LiveCheck } from '~/shared/live-check'

/**
 * The live check (docs/product/publishing.md, "After publishing: the live check"): a published
 * post's address requested once, as a reader's browser would, and every image on it requested
 * too. What it finds is recorded, never thrown: a page not live yet, a 404 or a broken image is a
 * finding about the site, not a failure of ours. Only the caller's abort (the worker shutting
 * down) ends it early.
 *
 * Both fetches are the outbound fetch (src/server/outbound/outbound-fetch.ts): every hop's address
 * must be public and is dialled as checked, redirects are followed (GET and HEAD) and re-checked.
 * A post or an image on a private address is refused like any request we make, and recorded with
 * the fetcher's own sentence.
 */

export interface LiveCheckLimits {
  /** Images requested at most, the first in page order. */
  maxImages: number
  /** Images requested at once. */
  concurrency: number
  /** No image request starts after this long from the start of the check. */
  totalMs: number
}

export interface LiveCheckDeps {
  /** For the page: a GET with a time limit and a size cap (the outbound fetch). */
  fetchPage: typeof fetch
  /** For each image: HEAD, then GET when the server refuses HEAD (the outbound fetch). */
  fetchImage: typeof fetch
  signal?: AbortSignal
  now?: () => Date
  limits?: Partial<LiveCheckLimits>
  /** Told as the check goes: the page, then each image answered (the job's progress). */
  onProgress?: (step: string, done: number, total: number) => void
}

export const LIVE_CHECK_LIMITS: LiveCheckLimits = { maxImages: LIVE_CHECK_MAX_IMAGES, concurrency: 4, totalMs: 60_000 }

const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5'
const IMAGE_ACCEPT = 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5'
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])
/** A HEAD answered with these is taken at its word; any other error status may be HEAD itself refused. */
const DEFINITE_STATUSES = new Set([404, 410])

const mediaTypeOf = (response: Response) => (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
const statusWords = (response: Response) => `HTTP ${response.status}${response.statusText ? ` (${response.statusText})` : ''}`

/** A failure of the fetch itself: the outbound fetcher's verdict is the reason; anything else is ours and thrown. */
function verdictOf(error: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) throw error
  if (error instanceof SafeFetchError) return error.message
  throw error
}

/** The page's images: each `<img>`'s address resolved against the page (or its `<base>`), once each, in page order. */
export function imageAddresses(html: string, pageUrl: string): { urls: string[]; invalid: string[] } {
  const { document } = parseHTML(html)
  let base = pageUrl
  const declared = document.querySelector('base[href]')?.getAttribute('href')
  if (declared) {
    try {
      base = new URL(declared, pageUrl).href
    } catch {
      // A base that is not an address: browsers resolve against the page itself.
    }
  }
  const urls = new Set<string>()
  const invalid = new Set<string>()
  for (const image of document.querySelectorAll('img')) {
    // Lazy-loading themes put a placeholder (or nothing) in src and the image in data-src.
    const candidates = [image.getAttribute('src'), image.getAttribute('data-lazy-src'), image.getAttribute('data-src')]
    const source = candidates.map((value) => value?.trim() ?? '').find((value) => value !== '' && !/^data:/i.test(value))
    if (!source) continue
    try {
      const url = new URL(source, base)
      url.hash = ''
      urls.add(url.href)
    } catch {
      invalid.add(source)
    }
  }
  return { urls: [...urls], invalid: [...invalid] }
}

/** One image: loaded (null) or why not. */
async function checkImage(url: string, deps: LiveCheckDeps): Promise<BrokenImage | null> {
  const request = (method: 'HEAD' | 'GET') => deps.fetchImage(url, { method, headers: { accept: IMAGE_ACCEPT }, signal: deps.signal })
  let response: Response
  try {
    response = await request('HEAD')
    // Some servers refuse HEAD (405, 501, 403…) or answer it without a type: ask as a browser does.
    const refused = !response.ok && !DEFINITE_STATUSES.has(response.status)
    if (refused || (response.ok && mediaTypeOf(response) === '')) response = await request('GET')
  } catch (error) {
    return { url, status: null, reason: verdictOf(error, deps.signal) }
  }
  if (!response.ok) return { url, status: response.status, reason: statusWords(response) }
  const type = mediaTypeOf(response)
  if (!type.startsWith('image/')) return { url, status: response.status, reason: `not an image (${type || 'no content type'})` }
  return null
}

/**
 * Requests the page at `url` and every image on it. `revision` is the article revision the site
 * holds, recorded with the result.
 */
export async function checkLivePage(url: string, revision: number, deps: LiveCheckDeps): Promise<LiveCheck> {
  const limits = { ...LIVE_CHECK_LIMITS, ...deps.limits }
  const startedAt = Date.now()
  const now = deps.now ?? (() => new Date())
  const result = (fields: Partial<LiveCheck>): LiveCheck => ({
    checkedAt: now().toISOString(),
    url,
    revision,
    live: false,
    pageStatus: null,
    pageError: null,
    imagesTotal: 0,
    imagesChecked: 0,
    imagesLoaded: 0,
    broken: [],
    ...fields,
  })

  deps.onProgress?.('Opening the page', 0, 1)
  let page: Response
  try {
    page = await deps.fetchPage(url, { method: 'GET', headers: { accept: PAGE_ACCEPT }, signal: deps.signal })
  } catch (error) {
    return result({ pageError: verdictOf(error, deps.signal) })
  }
  if (!page.ok) return result({ pageStatus: page.status, pageError: `The page answered ${statusWords(page)}.` })
  const type = mediaTypeOf(page)
  if (type && !HTML_TYPES.has(type)) {
    return result({ pageStatus: page.status, pageError: `The page is ${type}, not a web page (HTML).` })
  }
  const html = await page.text()
  const { urls, invalid } = imageAddresses(html, page.url || url)

  const broken: BrokenImage[] = invalid.map((source) => ({ url: source, status: null, reason: 'not a valid address' }))
  const wanted = urls.slice(0, limits.maxImages)
  let next = 0
  let checked = 0
  deps.onProgress?.('Checking images', 0, wanted.length)
  const worker = async () => {
    while (next < wanted.length && Date.now() - startedAt < limits.totalMs) {
      const image = wanted[next++]!
      const failure = await checkImage(image, deps)
      checked += 1
      if (failure) broken.push(failure)
      deps.onProgress?.('Checking images', checked, wanted.length)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limits.concurrency, wanted.length) }, worker))
  // In page order, whatever order the answers came in.
  const order = new Map(urls.map((image, index) => [image, index]))
  broken.sort((a, b) => (order.get(a.url) ?? -1) - (order.get(b.url) ?? -1))
  return result({
    live: true,
    pageStatus: page.status,
    imagesTotal: urls.length + invalid.length,
    imagesChecked: checked + invalid.length,
    imagesLoaded: checked - (broken.length - invalid.length),
    broken,
  })
}
