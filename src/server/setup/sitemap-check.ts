import { ORPCError } from '@orpc/server'
import { SafeFetchError, type SafeFetcher } from '~/server/outbound/safe-fetch'
import { mediaType } from '~/server/outbound/transport'
import { readSitemaps, type SitemapResult } from '~/server/crawl/sitemap'
import type { AppErrorData } from '~/server/rpc/errors'
import { SETUP_ERRORS } from './setup.errors'

/**
 * A sitemap address the user typed (setup step 3, settings) is read before it is saved: it must
 * answer with a sitemap (an XML <urlset> or <sitemapindex>, gzipped or not, or a plain-text list
 * of addresses), through the SSRF-safe fetcher the crawler uses. An HTML page, a 404 or any other
 * document is refused with the reason.
 */

/** Enough to judge the address and a child or two of an index; the crawl reads the rest. */
const CHECK_LIMITS = { maxSitemaps: 3, maxEntries: 500 }

const ADVICE = 'Enter the address of your XML sitemap (often /sitemap.xml), or leave the field empty if your site has none.'

/** Why `url` is not a sitemap, from what reading it gave; null when it is one. */
export function sitemapRefusal(url: string, read: SitemapResult): string | null {
  if (read.sitemaps[0] === url) return null
  const reason = read.errors[0] ?? `We could not read ${url} as a sitemap.`
  return `${reason} ${ADVICE}`
}

/** The crawler's fetcher, but a web page is named as one instead of by its media type. */
function pageNamingFetcher(fetcher: SafeFetcher): SafeFetcher {
  return async (url, request) => {
    const response = await fetcher(url, { ...request, expect: [...request.expect, 'html'] })
    const type = mediaType(response.contentType)
    if (type === 'text/html' || type === 'application/xhtml+xml') {
      throw new SafeFetchError({ kind: 'content_type', url, message: `${url} is a web page (HTML), not a sitemap.` })
    }
    return response
  }
}

/** Reads `url` and throws SITEMAP_UNREADABLE (a BAD_REQUEST on the sitemapUrl field) unless it is a sitemap. */
export async function assertSitemap(url: string, fetcher: SafeFetcher): Promise<SitemapResult> {
  const read = await readSitemaps([url], pageNamingFetcher(fetcher), CHECK_LIMITS)
  const refusal = sitemapRefusal(url, read)
  if (refusal) {
    const { code, reason } = SETUP_ERRORS.SITEMAP_UNREADABLE
    // The issue's path lets a form put the sentence under its sitemap field.
    const data: AppErrorData = { reason, issues: [{ message: refusal, path: ['sitemapUrl'] }] }
    throw new ORPCError(code, { message: refusal, data })
  }
  return read
}
