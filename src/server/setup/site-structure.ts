import type { CrawlResult } from '~/server/crawl/crawler'
import type { SafeFetcher } from '~/server/outbound/safe-fetch'
import { readSitemaps, type SitemapEntry } from '~/server/crawl/sitemap'

/**
 * Onboarding step 3 (docs/product/pipeline.md): the sitemap and blog a crawl found, and the blog posts worth
 * proposing as the business's best articles. Pure apart from the one sitemap_index.xml probe.
 */

/** First path segments that hold a site's articles, most common first. */
export const BLOG_SECTIONS = ['blog', 'articles', 'news', 'journal', 'insights', 'posts', 'stories', 'magazine', 'resources', 'guides']

export const MAX_ARTICLE_CANDIDATES = 12
/** How many of the candidates start ticked: the user confirms, we only propose. */
export const PRESELECTED_ARTICLES = 3

export interface ArticleCandidate {
  url: string
  lastmod: string | null
  /** Links to it from the crawled pages. */
  links: number
}

export interface DetectedSiteStructure {
  sitemapUrl: string | null
  blogUrl: string | null
  articleCandidates: ArticleCandidate[]
  bestArticles: string[]
}

const segmentsOf = (url: string) => new URL(url).pathname.split('/').filter(Boolean)

function blogSectionOf(url: string): string | undefined {
  const first = segmentsOf(url)[0]?.toLowerCase()
  return first && BLOG_SECTIONS.includes(first) ? first : undefined
}

/** The blog's section page: the crawler's find, else the section most sitemap entries sit under. */
export function detectBlogUrl(homeUrl: string, crawlerBlogUrl: string | undefined, entries: SitemapEntry[]): string | null {
  if (crawlerBlogUrl) return crawlerBlogUrl
  const counts = new Map<string, number>()
  for (const entry of entries) {
    const section = blogSectionOf(entry.url)
    if (section) counts.set(section, (counts.get(section) ?? 0) + 1)
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || BLOG_SECTIONS.indexOf(a[0]) - BLOG_SECTIONS.indexOf(b[0]))[0]
  return best ? new URL(`/${best[0]}`, homeUrl).href : null
}

/**
 * Blog posts from the sitemap (a page below a blog section, not the section itself), newest
 * first, then the most linked from the crawled pages, then by address for a stable order.
 */
export function proposeArticles(entries: SitemapEntry[], linkTargets: string[], blogUrl: string | null): ArticleCandidate[] {
  const blogPath = blogUrl ? new URL(blogUrl).pathname.replace(/\/+$/, '') : undefined
  const linkCounts = new Map<string, number>()
  for (const target of linkTargets) linkCounts.set(stripSlash(target), (linkCounts.get(stripSlash(target)) ?? 0) + 1)
  const seen = new Set<string>()
  const posts: ArticleCandidate[] = []
  for (const entry of entries) {
    const path = new URL(entry.url).pathname.replace(/\/+$/, '')
    const underBlog = blogPath ? path.startsWith(`${blogPath}/`) : Boolean(blogSectionOf(entry.url)) && segmentsOf(entry.url).length > 1
    if (!underBlog || seen.has(stripSlash(entry.url))) continue
    seen.add(stripSlash(entry.url))
    posts.push({ url: entry.url, lastmod: entry.lastmod ?? null, links: linkCounts.get(stripSlash(entry.url)) ?? 0 })
  }
  return posts
    .sort((a, b) => (b.lastmod ?? '').localeCompare(a.lastmod ?? '') || b.links - a.links || a.url.localeCompare(b.url))
    .slice(0, MAX_ARTICLE_CANDIDATES)
}

const stripSlash = (url: string) => url.replace(/\/+$/, '')

/** The fallback after robots.txt and /sitemap.xml (which the crawler tries): /sitemap_index.xml. */
async function probeSitemapIndex(homeUrl: string, fetcher: SafeFetcher) {
  const url = new URL('/sitemap_index.xml', homeUrl).href
  const found = await readSitemaps([url], fetcher)
  return found.sitemaps.length > 0 ? { sitemapUrl: url, entries: found.entries } : undefined
}

export async function detectSiteStructure(crawl: CrawlResult, fetcher: SafeFetcher): Promise<DetectedSiteStructure> {
  let sitemapUrl = crawl.sitemapUrl ?? null
  let entries = crawl.sitemapEntries
  if (!sitemapUrl) {
    const index = await probeSitemapIndex(crawl.url, fetcher)
    if (index) ({ sitemapUrl, entries } = index)
  }
  const blogUrl = detectBlogUrl(crawl.url, crawl.blogUrl, entries)
  const linkTargets = crawl.pages.flatMap((page) => page.links.filter((link) => link.internal).map((link) => link.url))
  const articleCandidates = proposeArticles(entries, linkTargets, blogUrl)
  return { sitemapUrl, blogUrl, articleCandidates, bestArticles: articleCandidates.slice(0, PRESELECTED_ARTICLES).map((a) => a.url) }
}
