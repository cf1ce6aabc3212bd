import robotsParser from 'robots-parser'
import { SafeFetchError, USER_AGENT_TOKEN, type SafeFetcher } from '~/server/outbound/safe-fetch'

/**
 * robots.txt for one origin, read as RankpilotBot. A missing file (any 4xx) means "everything is
 * allowed", as the Robots Exclusion Protocol (RFC 9309) says. An unreachable or failing one is
 * treated the same way here: we then fetch at most a handful of pages, and the page fetches
 * themselves report the site being down in words the user can act on.
 */

export interface RobotsRules {
  url: string
  /** False when robots.txt answered but could not be used (missing, error, unreachable). */
  found: boolean
  isAllowed: (url: string) => boolean
  sitemaps: string[]
  /** Crawl-delay for our agent, in milliseconds, when the site sets one. */
  crawlDelayMs: number | undefined
}

export async function fetchRobots(siteUrl: string, fetcher: SafeFetcher): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', siteUrl).href
  const allowAll: RobotsRules = {
    url: robotsUrl,
    found: false,
    isAllowed: () => true,
    sitemaps: [],
    crawlDelayMs: undefined,
  }
  let contents: string
  try {
    const response = await fetcher(robotsUrl, { expect: ['text'], acceptErrorStatus: true })
    if (response.status < 200 || response.status >= 300) return allowAll
    contents = response.text()
  } catch (error) {
    // A blocked address is not "missing robots": the caller must hear about it.
    if (error instanceof SafeFetchError && error.kind === 'blocked_address') throw error
    return allowAll
  }
  const robots = robotsParser(robotsUrl, contents)
  const delay = robots.getCrawlDelay(USER_AGENT_TOKEN)
  return {
    url: robotsUrl,
    found: true,
    // Undefined means "another origin": those URLs get their own robots.txt, not this one.
    isAllowed: (url) => robots.isAllowed(url, USER_AGENT_TOKEN) !== false,
    sitemaps: [...new Set(robots.getSitemaps())],
    crawlDelayMs: delay === undefined ? undefined : delay * 1000,
  }
}

export function robotsDisallowedError(url: string) {
  return new SafeFetchError({
    kind: 'robots',
    url,
    message: `${url} is blocked by the site's robots.txt for ${USER_AGENT_TOKEN}, so we do not fetch it.`,
  })
}
