import { LEGAL_LAST_UPDATED } from '~/features/legal/legal-dates'

/**
 * The public pages this module owns the words of: path, name (breadcrumbs), title and
 * description, defined once for the routes' head tags, the sitemap and the tests.
 * Titles: "{app} | Blog", "{app} | blog article" (docs/product/routes.md).
 */
export interface PublicPage {
  path: string
  /** Short name: breadcrumbs, link text. */
  name: string
  title: (appName: string) => string
  description: (appName: string) => string
  /** The canonical page when this one repeats another's content. */
  canonicalPath?: string
  /** ISO date of the last change that matters to a crawler; omitted when unknown. */
  lastModified?: string
}

export const HOME_PAGE = { path: '/', name: 'Home' } as const

/**
 * The blog index. Its route file is blog/index.tsx ("/blog/"), but the router answers
 * /blog/ with a redirect to /blog (trailing slashes are removed), so /blog is the canonical URL.
 */
export const BLOG_PAGE: PublicPage = {
  path: '/blog',
  name: 'Blog',
  title: (appName) => `${appName} | Blog`,
  description: (appName) =>
    `Practical SEO guides from ${appName}: finding keywords you can rank for, planning topic clusters and avoiding keyword cannibalisation.`,
}

/**
 * The older blog index: the same articles in a plain list. It repeats /blog, so its canonical
 * URL is /blog and it stays out of the sitemap (crawlers may still read it).
 */
export const BLOG_CLASSIC_PAGE: PublicPage = {
  path: '/blog/index_old',
  name: 'Blog (classic list)',
  title: (appName) => `${appName} | Blog, classic list`,
  description: (appName) => `Every article on the ${appName} blog in a simple list, newest first.`,
  canonicalPath: BLOG_PAGE.path,
}

export const TERMS_PAGE: PublicPage = {
  path: '/terms-of-service',
  name: 'Terms of Service',
  title: (appName) => `${appName} | Terms of Service`,
  description: (appName) =>
    `The terms for using ${appName}: accounts, plans and billing through Polar, Google Search Console access, AI-generated content and cancellation.`,
  lastModified: LEGAL_LAST_UPDATED.terms,
}

export const PRIVACY_PAGE: PublicPage = {
  path: '/privacy-policy',
  name: 'Privacy Policy',
  title: (appName) => `${appName} | Privacy Policy`,
  description: (appName) =>
    `What ${appName} collects, why, who processes it, how read-only Search Console data is used, and how deleting your account deletes your data.`,
  lastModified: LEGAL_LAST_UPDATED.privacy,
}

/** Every article page has the same title; its description is the article's own. */
export const articlePath = (slug: string) => `/blog/${slug}`
export const articleTitle = (appName: string) => `${appName} | blog article`
