import type { PublicConfig } from '~/shared/public-config'

/**
 * Head tags of a public page: unique title and description, canonical URL, Open Graph, Twitter
 * card and JSON-LD. Absolute URLs are built on APP_URL (root loader), never on the request host.
 */

interface MatchWithLoaderData {
  routeId: string
  loaderData?: unknown
}

export type SiteConfig = Pick<PublicConfig, 'appName' | 'appUrl'>

/** The root loader's public config, from a route's `head({ matches })`. */
export function rootConfig(matches: readonly MatchWithLoaderData[]): SiteConfig {
  const root = matches.find((match) => match.routeId === '__root__')?.loaderData as Partial<PublicConfig> | undefined
  return { appName: root?.appName ?? 'Rankpilot', appUrl: root?.appUrl ?? '' }
}

export type JsonLd = Record<string, unknown>

export interface SeoInput {
  /** The whole <title>, e.g. "Rankpilot | Blog". */
  title: string
  description: string
  /**
   * Path of the page, e.g. "/blog/what-is-seo"; the canonical URL (and og:url) is APP_URL + path.
   * A page that duplicates another one passes the original's path.
   */
  path: string
  /** og:title and twitter:title when they should differ from <title> (e.g. the article's headline). */
  socialTitle?: string
  type?: 'website' | 'article'
  /** A raster image (PNG/JPEG: social networks do not show SVG), root-relative or absolute. */
  image?: { url: string; alt: string; width?: number; height?: number }
  /**
   * Article pages: ISO dates and keywords for article:* tags. Only the first keyword becomes an
   * `article:tag`: TanStack's <HeadContent> keeps one meta per property, so repeats would be
   * dropped anyway (all keywords go into the Article JSON-LD).
   */
  article?: { publishedTime: string; modifiedTime?: string; tags?: readonly string[] }
  jsonLd?: readonly JsonLd[]
  /** Pages that must not be indexed (errors, 404). */
  noindex?: boolean
}

/** APP_URL + path, e.g. ("https://example.com", "/blog/") → "https://example.com/blog/". */
export const absoluteUrl = (appUrl: string, path: string) => new URL(path, `${appUrl}/`).toString()

export function seoHead(input: SeoInput, config: SiteConfig) {
  const url = absoluteUrl(config.appUrl, input.path)
  const socialTitle = input.socialTitle ?? input.title
  const image = input.image ? { ...input.image, url: absoluteUrl(config.appUrl, input.image.url) } : undefined
  const meta: Array<Record<string, string>> = [
    { title: input.title },
    { name: 'description', content: input.description },
    { property: 'og:site_name', content: config.appName },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: socialTitle },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: socialTitle },
    { name: 'twitter:description', content: input.description },
  ]
  if (image) {
    meta.push({ property: 'og:image', content: image.url }, { property: 'og:image:alt', content: image.alt })
    if (image.width && image.height) {
      meta.push(
        { property: 'og:image:width', content: String(image.width) },
        { property: 'og:image:height', content: String(image.height) },
      )
    }
    meta.push({ name: 'twitter:image', content: image.url }, { name: 'twitter:image:alt', content: image.alt })
  }
  if (input.article) {
    meta.push({ property: 'article:published_time', content: input.article.publishedTime })
    if (input.article.modifiedTime) meta.push({ property: 'article:modified_time', content: input.article.modifiedTime })
    const [primaryTag] = input.article.tags ?? []
    if (primaryTag) meta.push({ property: 'article:tag', content: primaryTag })
  }
  if (input.noindex) meta.push({ name: 'robots', content: 'noindex' })
  return {
    meta,
    links: [{ rel: 'canonical', href: url }],
    scripts: (input.jsonLd ?? []).map(jsonLdScript),
  }
}

/** A <script type="application/ld+json"> for TanStack's head `scripts`. */
export function jsonLdScript(data: JsonLd) {
  return {
    type: 'application/ld+json',
    // `<` escaped so a string in the data can never close the script element.
    children: JSON.stringify(data).replace(/</g, '\\u003c'),
  }
}

/** The site's default social card (public/og-image.png, 1200×630). */
export const DEFAULT_SOCIAL_IMAGE = {
  url: '/og-image.png',
  alt: 'Rankpilot: SEO on auto-pilot. Keyword research, topic clusters and articles published for you.',
  width: 1200,
  height: 630,
} as const

export function organizationJsonLd(config: SiteConfig): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.appName,
    url: absoluteUrl(config.appUrl, '/'),
    logo: absoluteUrl(config.appUrl, '/logo.svg'),
  }
}

export function breadcrumbJsonLd(config: Pick<SiteConfig, 'appUrl'>, items: ReadonlyArray<{ name: string; path: string }>): JsonLd {
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

export interface ArticleJsonLdInput {
  headline: string
  description: string
  path: string
  /** ISO dates (YYYY-MM-DD or full timestamps). */
  datePublished: string
  dateModified?: string
  /** Root-relative or absolute image URLs, the preferred one first. */
  images: readonly string[]
  keywords: readonly string[]
}

/**
 * schema.org Article (Google's Article rich result): the organisation is both author and
 * publisher, since nobody signs the sample articles.
 */
export function articleJsonLd(config: SiteConfig, article: ArticleJsonLdInput): JsonLd {
  const url = absoluteUrl(config.appUrl, article.path)
  const organization = { '@type': 'Organization', name: config.appName, url: absoluteUrl(config.appUrl, '/') }
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.headline,
    description: article.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    image: article.images.map((image) => absoluteUrl(config.appUrl, image)),
    keywords: article.keywords.join(', '),
    inLanguage: 'en',
    author: organization,
    publisher: { ...organization, logo: { '@type': 'ImageObject', url: absoluteUrl(config.appUrl, '/logo.svg') } },
  }
}
