import type { PublicConfig } from '~/shared/public-config'

/**
 * Head tags of a public page: unique title and description, canonical URL, Open Graph, Twitter
 * card and JSON-LD. Absolute URLs are built on APP_URL (root loader), never on the request host.
 */

interface MatchWithLoaderData {
  routeId: string
  loaderData?: unknown
}

/** The root loader's public config, from a route's `head({ matches })`. */
export function rootConfig(matches: readonly MatchWithLoaderData[]): Pick<PublicConfig, 'appName' | 'appUrl'> {
  const root = matches.find((match) => match.routeId === '__root__')?.loaderData as Partial<PublicConfig> | undefined
  return { appName: root?.appName ?? 'Rankpilot', appUrl: root?.appUrl ?? '' }
}

export type JsonLd = Record<string, unknown>

export interface SeoInput {
  /** The whole <title>, e.g. "Rankpilot | Blog". */
  title: string
  description: string
  /** Path of the page, e.g. "/blog/what-is-seo"; the canonical URL is APP_URL + path. */
  path: string
  type?: 'website' | 'article'
  image?: { url: string; alt: string }
  /** Article pages: ISO dates and keywords for article:* tags. */
  article?: { publishedTime: string; tags?: readonly string[] }
  jsonLd?: readonly JsonLd[]
  /** Pages that must not be indexed (errors, 404). */
  noindex?: boolean
}

export const absoluteUrl = (appUrl: string, path: string) => new URL(path, `${appUrl}/`).toString()

export function seoHead(input: SeoInput, config: Pick<PublicConfig, 'appName' | 'appUrl'>) {
  const url = absoluteUrl(config.appUrl, input.path)
  const image = input.image ? { ...input.image, url: absoluteUrl(config.appUrl, input.image.url) } : undefined
  const meta: Array<Record<string, string>> = [
    { title: input.title },
    { name: 'description', content: input.description },
    { property: 'og:site_name', content: config.appName },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
  ]
  if (image) {
    meta.push({ property: 'og:image', content: image.url }, { property: 'og:image:alt', content: image.alt })
    meta.push({ name: 'twitter:image', content: image.url }, { name: 'twitter:image:alt', content: image.alt })
  }
  if (input.article) {
    meta.push({ property: 'article:published_time', content: input.article.publishedTime })
    for (const tag of input.article.tags ?? []) meta.push({ property: 'article:tag', content: tag })
  }
  if (input.noindex) meta.push({ name: 'robots', content: 'noindex' })
  return {
    meta,
    links: [{ rel: 'canonical', href: url }],
    scripts: (input.jsonLd ?? []).map((data) => ({
      type: 'application/ld+json',
      // `<` escaped so a string in the data can never close the script element.
      children: JSON.stringify(data).replace(/</g, '\\u003c'),
    })),
  }
}

export function organizationJsonLd(config: Pick<PublicConfig, 'appName' | 'appUrl'>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.appName,
    url: absoluteUrl(config.appUrl, '/'),
    logo: absoluteUrl(config.appUrl, '/logo.svg'),
  }
}

export function breadcrumbJsonLd(config: Pick<PublicConfig, 'appUrl'>, items: ReadonlyArray<{ name: string; path: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(config.appUrl, item.path),
    })),
  }
}
