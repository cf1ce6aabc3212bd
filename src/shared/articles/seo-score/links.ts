import { SEO_LIMITS } from './checks'
import { count, fail, pass, type ArticleFacts, type Outcome } from './outcome'

// Links: internal and external pages, counted once each.

/** A host without its "www.", lowercase; null when the site URL cannot be read. */
function siteHostOf(siteUrl: string): string | null {
  const value = siteUrl.trim()
  if (value === '') return null
  return bareHost(parseUrl(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`))
}

function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base)
  } catch {
    return null
  }
}

function bareHost(url: URL | null): string | null {
  return url ? url.hostname.toLowerCase().replace(/^www\./, '') || null : null
}

/**
 * The distinct pages an article links to, internal and external. Relative links are internal;
 * same-page anchors and links that are not http(s) (mailto:, tel:) are neither.
 */
export function classifyLinks(hrefs: string[], siteUrl: string): { internal: number; external: number } {
  const siteHost = siteHostOf(siteUrl)
  const siteBase = siteHost ? `https://${siteHost}/` : undefined
  const internal = new Set<string>()
  const external = new Set<string>()
  for (const href of hrefs) {
    const value = href.trim()
    if (value === '' || value.startsWith('#')) continue
    const absolute = /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')
    const url = parseUrl(value.startsWith('//') ? `https:${value}` : value, siteBase)
    if (!absolute) {
      internal.add(url ? `${bareHost(url)}${url.pathname}${url.search}` : value.replace(/#.*/, ''))
      continue
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue
    const host = bareHost(url)
    const key = `${host}${url.pathname}${url.search}`
    if (siteHost !== null && host === siteHost) internal.add(key)
    else external.add(key)
  }
  return { internal: internal.size, external: external.size }
}

export function internalLinks({ links, input }: ArticleFacts, target: number): Outcome {
  const detail = `${count(links.internal, 'internal link')} to distinct pages.`
  if (links.internal >= target) return pass(detail)
  const site = siteHostOf(input.siteUrl) ?? 'your own site'
  return fail(
    detail,
    `Add ${count(target - links.internal, 'more link')} to pages on ${site} (it has ${links.internal}; ${target} or more pass).`,
    links.internal / target,
  )
}

export function externalLinks({ links }: ArticleFacts): Outcome {
  const needed = SEO_LIMITS.minimumExternalLinks
  const detail = `${count(links.external, 'external link')} to distinct pages.`
  if (links.external >= needed) return pass(detail)
  return fail(detail, `Cite at least ${count(needed, 'source')} with a link to another site (it has ${links.external}).`)
}
