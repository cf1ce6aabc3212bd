import { ARTICLES, type BlogArticleSummary } from '~/features/blog/articles'
import { absoluteUrl } from './seo-head'
import { articlePath, BLOG_PAGE, HOME_PAGE, PRIVACY_PAGE, TERMS_PAGE } from './public-pages'

/**
 * /sitemap.xml (sitemaps.org protocol 0.9): the canonical public pages and every article.
 * /blog/index_old is left out: its canonical URL is /blog.
 */

export interface SitemapEntry {
  path: string
  /** ISO date (YYYY-MM-DD), the W3C date format the protocol asks for. */
  lastModified?: string
}

export function sitemapEntries(articles: readonly Pick<BlogArticleSummary, 'slug' | 'publishedAt'>[] = ARTICLES): SitemapEntry[] {
  const newest = articles
    .map((article) => article.publishedAt)
    .sort()
    .at(-1)
  return [
    { path: HOME_PAGE.path },
    { path: BLOG_PAGE.path, lastModified: newest },
    ...articles.map((article) => ({ path: articlePath(article.slug), lastModified: article.publishedAt })),
    { path: TERMS_PAGE.path, lastModified: TERMS_PAGE.lastModified },
    { path: PRIVACY_PAGE.path, lastModified: PRIVACY_PAGE.lastModified },
  ]
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char])

export function buildSitemapXml(appUrl: string, entries: readonly SitemapEntry[]) {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : ''
    return `  <url><loc>${escapeXml(absoluteUrl(appUrl, entry.path))}</loc>${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
