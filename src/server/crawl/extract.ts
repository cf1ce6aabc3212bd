import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'

/**
 * What we keep from one HTML page: the facts a site profile and an SEO audit need (title,
 * description, canonical, language, h1–h3 outline, main text, links), read with Readability on
 * linkedom, so no browser is involved.
 */

export interface PageHeading {
  level: 1 | 2 | 3
  text: string
}

export interface PageLink {
  url: string
  text: string
  /** Same host as the page, a leading "www." ignored. */
  internal: boolean
}

export interface ExtractedPage {
  url: string
  title: string
  description: string | undefined
  canonical: string | undefined
  lang: string | undefined
  headings: PageHeading[]
  /** The main content as plain text, whitespace collapsed, capped at maxTextChars. */
  text: string
  links: PageLink[]
  siteName: string | undefined
  image: string | undefined
}

export interface ExtractOptions {
  /** [20 000] */
  maxTextChars?: number
}

const collapse = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()
const orUndefined = (value: string) => (value === '' ? undefined : value)

export function sameSite(a: string, b: string) {
  const host = (url: string) => new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  return host(a) === host(b)
}

function absolute(value: string | null | undefined, base: string) {
  const trimmed = (value ?? '').trim()
  if (!trimmed) return undefined
  try {
    const url = new URL(trimmed, base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    url.hash = ''
    return url.href
  } catch {
    return undefined
  }
}

/** Elements whose text ends a run of words. */
const TEXT_BLOCKS =
  'p, h1, h2, h3, h4, h5, h6, li, dt, dd, td, th, br, blockquote, pre, div, section, article, header, footer, figcaption, tr'

export function extractPage(html: string, pageUrl: string, options: ExtractOptions = {}): ExtractedPage {
  const maxTextChars = options.maxTextChars ?? 20_000
  const { document } = parseHTML(html)
  const meta = (selector: string) => orUndefined(collapse(document.querySelector(selector)?.getAttribute('content')))
  const base = absolute(document.querySelector('base[href]')?.getAttribute('href'), pageUrl) ?? pageUrl

  const headings: PageHeading[] = [...document.querySelectorAll('h1, h2, h3')].flatMap((element) => {
    const text = collapse(element.textContent)
    return text ? [{ level: Number(element.tagName.slice(1)) as 1 | 2 | 3, text }] : []
  })

  const links = new Map<string, PageLink>()
  for (const anchor of document.querySelectorAll('a[href]')) {
    const url = absolute(anchor.getAttribute('href'), base)
    if (!url || links.has(url)) continue
    links.set(url, { url, text: collapse(anchor.textContent), internal: sameSite(url, pageUrl) })
  }

  const title =
    collapse(document.querySelector('title')?.textContent) ||
    meta('meta[property="og:title"]') ||
    headings.find((h) => h.level === 1)?.text ||
    ''
  const facts = {
    url: pageUrl,
    title,
    description: meta('meta[name="description" i]') ?? meta('meta[property="og:description"]'),
    canonical: absolute(document.querySelector('link[rel~="canonical" i]')?.getAttribute('href'), base),
    lang: orUndefined(collapse(document.documentElement?.getAttribute('lang'))),
    headings,
    links: [...links.values()],
    siteName: meta('meta[property="og:site_name"]'),
    image: absolute(document.querySelector('meta[property="og:image"]')?.getAttribute('content'), base),
  }

  // Minified HTML has no whitespace between blocks: without a separator their text runs together
  // ("…away from heat.Origin and process…"), joining words and sentences.
  // A heading ends like a sentence, so it never runs into the paragraph after it.
  for (const element of document.querySelectorAll(TEXT_BLOCKS)) {
    const heading = /^H[1-6]$/.test(element.tagName) && !/[.!?:]\s*$/.test(element.textContent ?? '')
    element.append(document.createTextNode(heading ? '. ' : ' '))
  }
  // Readability rewrites the document it reads, so it runs after everything above is collected.
  let text = ''
  try {
    text = collapse(new Readability(document as unknown as Document, { charThreshold: 100 }).parse()?.textContent)
  } catch {
    // linkedom lacks a few DOM details Readability uses on unusual pages; the body text still serves.
  }
  if (!text) {
    for (const element of document.querySelectorAll('script, style, noscript, template, svg')) element.remove()
    text = collapse(document.body?.textContent)
  }
  return {
    ...facts,
    text: text.length > maxTextChars ? `${text.slice(0, maxTextChars).replace(/\s+\S*$/, '')}…` : text,
  }
}
