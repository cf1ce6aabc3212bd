import type { ConnectorType } from './integrations'

/**
 * What a reader sees after publishing (docs/product/publishing.md, "After publishing: the live
 * check"): the post's live address fetched once, and every image on the page requested. Stored on
 * the publication (`publication.live_check`), shown on the article's Publishing panel and answered
 * by article.get and the API.
 */

/** Targets whose post has a public address a reader opens: Notion pages are the workspace's own, not checked. */
export const LIVE_CHECKED_TYPES: readonly ConnectorType[] = ['wordpress', 'ghost', 'webflow', 'shopify', 'webhook']

/** The most images requested on one page: the first ones, in page order. */
export const LIVE_CHECK_MAX_IMAGES = 40

export interface BrokenImage {
  /** The image's absolute address, as the page gave it. */
  url: string
  /** The status it answered, or null when it did not answer (refused address, time-out, network). */
  status: number | null
  /** Why it does not load, in words: "HTTP 404 (Not Found)", "not an image (text/html)", the fetcher's verdict. */
  reason: string
}

export interface LiveCheck {
  /** ISO 8601. */
  checkedAt: string
  /** The page requested: the publication's live address. */
  url: string
  /** The article revision the site held when it was checked. */
  revision: number
  /** The page answered 2xx with HTML. */
  live: boolean
  /** The page's HTTP status; null when it did not answer (or was not requested: a refused address). */
  pageStatus: number | null
  /** Why the page is not live, in words; null when it is. */
  pageError: string | null
  /** Distinct image addresses on the page (`<img>`; inline data: images are not counted). */
  imagesTotal: number
  /** Of those, how many were requested (at most LIVE_CHECK_MAX_IMAGES, within the time limit). */
  imagesChecked: number
  /** Of those requested, how many answered 2xx with an image. */
  imagesLoaded: number
  broken: BrokenImage[]
}

/** The check in one line, as the Publishing panel shows it ("Live · 7 images load"); a page that is not live says why below it. */
export function liveCheckSummary(check: LiveCheck): { tone: 'ok' | 'warning' | 'error'; text: string; detail: string | null } {
  if (!check.live) {
    const answered = check.pageStatus !== null && (check.pageStatus < 200 || check.pageStatus > 299)
    return { tone: 'error', text: answered ? `Not reachable: HTTP ${check.pageStatus}` : 'Not reachable', detail: check.pageError }
  }
  const images = (count: number) => `${count} image${count === 1 ? '' : 's'}`
  const unchecked = check.imagesTotal - check.imagesChecked
  const tail = unchecked > 0 ? ` (${unchecked} more not checked)` : ''
  if (check.broken.length > 0) {
    return { tone: 'warning', text: `Live · ${check.broken.length} of ${images(check.imagesChecked)} broken${tail}`, detail: null }
  }
  if (check.imagesChecked === 0) return { tone: 'ok', text: `Live · no images on the page${tail}`, detail: null }
  return { tone: 'ok', text: `Live · ${images(check.imagesLoaded)} ${check.imagesLoaded === 1 ? 'loads' : 'load'}${tail}`, detail: null }
}
