import { parseHTML } from 'linkedom'
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

/**
 * Article HTML that the app shows and publishes to a customer's CMS. Everything we emit comes out
 * of sanitize-html with one allow-list: Markdown from the LLM (raw HTML inside it included),
 * crawled pages and CMS responses are all untrusted. The only markup we write ourselves is the
 * YouTube embed and the JSON-LD script, both built from validated values.
 *
 * One URL rule serves the sanitiser and the JSON-LD alike (assemble.ts): `absoluteHttpUrl` for
 * every address, `imageSource` for an image's src, `publicImageUrl` for an image's address
 * outside the app. A URL the HTML would lose never reaches the structured data.
 */

export interface RenderOptions {
  /** The business's site: links to its host (with or without "www.") are internal. */
  siteUrl: string
}

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']

const ALLOWED_TAGS = [
  ...HEADING_TAGS,
  ...['p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'pre', 'code', 'figure', 'figcaption'],
  ...['strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'sub', 'sup'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ...['a', 'img', 'iframe'],
]

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  ...Object.fromEntries(HEADING_TAGS.map((tag) => [tag, ['id']])),
  th: ['align'],
  td: ['align'],
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
  iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
}

/** Removed together with everything inside them: their text is code, styling or fallback, never prose. */
const DROPPED_WITH_CONTENT = [
  ...['script', 'style', 'noscript', 'template', 'title', 'xmp', 'noembed', 'noframes'],
  ...['svg', 'math', 'object', 'canvas', 'audio', 'video'],
  ...['form', 'textarea', 'select', 'option', 'button'],
]

const TABLE_ALIGNMENTS = new Set(['left', 'center', 'right'])
/** rel keywords worth keeping from the source; noopener and noreferrer are ours to add. */
const KEPT_REL_KEYWORDS = new Set(['nofollow', 'sponsored', 'ugc'])
/** Images relative to the app are served from /media only; this origin stands in for the app's. */
const APP_ORIGIN = 'https://app.invalid'
const MEDIA_PATH_PREFIX = '/media/'
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const YOUTUBE_EMBED_HOSTS = new Set(['www.youtube-nocookie.com', 'www.youtube.com', 'youtube.com'])
const YOUTUBE_ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share'
const HEADING_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const MAX_SLUG_LENGTH = 80

type Attributes = sanitizeHtml.Attributes
type LinkKind = 'internal' | 'external' | 'mail'

/** Markdown → sanitised HTML for the article body. Raw HTML inside the Markdown is not trusted: it goes through the same allow-list. */
export function markdownToSafeHtml(markdown: string, options: RenderOptions): string {
  // A fresh instance per call, so no configuration leaks to or from other users of marked.
  const html = new Marked({ gfm: true, breaks: false }).parse(markdown, { async: false })
  return sanitizeArticleHtml(html, options)
}

/** Any HTML (crawled, LLM-written, CMS-returned) through the allow-list. */
export function sanitizeArticleHtml(html: string, options: RenderOptions): string {
  const sanitizerOptions = articleSanitizerOptions(new URL(options.siteUrl))
  // Heading ids need each heading's text, which the streaming sanitiser never sees whole: they are
  // added on a parsed copy of the clean HTML, and that copy goes through the sanitiser again so the
  // allow-list has the last word on every byte we return.
  const clean = sanitizeHtml(html, sanitizerOptions)
  return sanitizeHtml(withHeadingIds(clean), sanitizerOptions)
}

/** A YouTube embed block (figure + iframe + caption) for a validated video id, or null for an invalid id. */
export function youtubeEmbedHtml(videoId: string, title: string): string | null {
  if (!YOUTUBE_ID.test(videoId)) return null
  const attributes = Object.entries(youtubeIframeAttributes(videoId, title))
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('')
  const caption = title.trim() === '' ? '' : `<figcaption>${escapeText(title.trim())}</figcaption>`
  return `<figure><iframe${attributes}></iframe>${caption}</figure>`
}

const JSON_LD_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/**
 * JSON for a JSON-LD script element. These characters can only occur inside JSON strings, where
 * their \u escapes mean the same, so the text can never contain `</script` or `<!--`.
 */
export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data)
  if (json === undefined) throw new TypeError('JSON-LD data must be a JSON value')
  return json.replace(/[<>&\u2028\u2029]/g, (character) => JSON_LD_ESCAPES[character])
}

/** Serialises JSON-LD for a <script type="application/ld+json"> element safely: `<`, `>`, `&`, U+2028/2029 escaped so no `</script>` can close it. */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${serializeJsonLd(data)}</script>`
}

const TEXT_BLOCK_TAGS = new Set([
  ...HEADING_TAGS,
  ...['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'nav', 'aside', 'address'],
  ...['blockquote', 'pre', 'figure', 'figcaption', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'details', 'summary'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'hr', 'br'],
])
const TEXT_CELL_TAGS = new Set(['td', 'th'])
const TEXT_SKIPPED_TAGS = new Set([...DROPPED_WITH_CONTENT, 'head', 'iframe'])

/**
 * Plain text of HTML or Markdown-rendered HTML (for word counts, meta descriptions), entities
 * decoded: one line per block (paragraph, heading, list item, table row), spaces collapsed.
 */
export function htmlToText(html: string): string {
  const lines: string[] = []
  let line = ''
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim()
    if (text !== '') lines.push(text)
    line = ''
  }
  const visit = (node: Node) => {
    if (node.nodeType === node.TEXT_NODE) line += node.textContent ?? ''
    if (node.nodeType !== node.ELEMENT_NODE) return
    const tag = (node as Element).localName
    if (TEXT_SKIPPED_TAGS.has(tag)) return
    const block = TEXT_BLOCK_TAGS.has(tag)
    if (block) endLine()
    if (TEXT_CELL_TAGS.has(tag)) line += ' '
    node.childNodes.forEach(visit)
    if (TEXT_CELL_TAGS.has(tag)) line += ' '
    if (block) endLine()
  }
  parseFragment(html).childNodes.forEach(visit)
  endLine()
  return lines.join('\n')
}

/** Letters that Unicode decomposition does not reduce to ASCII. */
const LETTER_FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' }

/** The id a heading with this text gets: lower-case ASCII letters and digits joined by hyphens. */
export function headingSlug(text: string): string {
  const folded = text
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (character) => LETTER_FOLDS[character])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
  const slug = folded
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '')
  return slug === '' ? 'section' : slug
}

function articleSanitizerOptions(site: URL): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
    allowProtocolRelative: false,
    selfClosing: ['br', 'hr', 'img'],
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      ...Object.fromEntries(HEADING_TAGS.map((tag) => [tag, keepHeadingId])),
      th: keepTableAlignment,
      td: keepTableAlignment,
      a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs, site) }),
      img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) }),
      iframe: (tagName, attribs) => {
        const id = youtubeIdFromEmbedUrl(attribs.src)
        return { tagName, attribs: id ? youtubeIframeAttributes(id, attribs.title ?? '') : {}, text: '' }
      },
    },
    // Links whose URL was refused keep their text; images and frames without a source go entirely.
    exclusiveFilter: (frame) => {
      if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag'
      return (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src
    },
  }
}

function keepHeadingId(tagName: string, attribs: Attributes): sanitizeHtml.Tag {
  return { tagName, attribs: HEADING_ID.test(attribs.id ?? '') ? { id: attribs.id } : {} }
}

function keepTableAlignment(tagName: string, attribs: Attributes): sanitizeHtml.Tag {
  const align = attribs.align?.trim().toLowerCase()
  return { tagName, attribs: align && TABLE_ALIGNMENTS.has(align) ? { align } : {} }
}

function linkAttributes(attribs: Attributes, site: URL): Attributes {
  const link = attribs.href === undefined ? undefined : resolveLink(attribs.href, site)
  if (!link) return {}
  const rel = (attribs.rel ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((keyword) => KEPT_REL_KEYWORDS.has(keyword))
  if (link.kind === 'external') rel.push('noopener', 'noreferrer')
  return {
    href: link.href,
    ...(attribs.title ? { title: attribs.title } : {}),
    ...(rel.length > 0 ? { rel: [...new Set(rel)].join(' ') } : {}),
    ...(link.kind === 'external' ? { target: '_blank' } : {}),
  }
}

/**
 * The href to emit and what kind of link it is, or undefined for a URL we refuse. Parsing with the
 * WHATWG URL parser sees the scheme exactly as a browser does, whatever entities, whitespace,
 * control characters or case hide it. A relative href that stays on the site is kept as written
 * (fragments and document-relative paths depend on where the article is published); any other
 * href is emitted in its normalised absolute form.
 */
function resolveLink(href: string, site: URL): { href: string; kind: LinkKind } | undefined {
  const value = href.trim()
  const url = value === '' ? null : URL.parse(value, site)
  if (!url) return undefined
  if (url.protocol === 'mailto:') return { href: url.href, kind: 'mail' }
  if (!WEB_PROTOCOLS.has(url.protocol)) return undefined
  const internal = hostKey(url) === hostKey(site)
  if (internal && !URL.canParse(value)) return { href: value, kind: 'internal' }
  return { href: url.href, kind: internal ? 'internal' : 'external' }
}

const hostKey = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '')

function imageAttributes(attribs: Attributes): Attributes {
  const src = attribs.src === undefined ? undefined : imageSource(attribs.src)
  if (!src) return {}
  return {
    src,
    alt: attribs.alt ?? '',
    ...(attribs.title ? { title: attribs.title } : {}),
    ...(isDimension(attribs.width) ? { width: attribs.width } : {}),
    ...(isDimension(attribs.height) ? { height: attribs.height } : {}),
    loading: 'lazy',
    decoding: 'async',
  }
}

const isDimension = (value: string | undefined) => value !== undefined && /^\d{1,5}$/.test(value)

const WEB_PROTOCOLS = new Set(['http:', 'https:'])

/**
 * The address as we emit it, or undefined: only an absolute http(s) URL, in the WHATWG parser's
 * normalised form. The parser sees the scheme exactly as a browser does, whatever case, leading
 * spaces, tabs or newlines hide it (`JaVaScRiPt:`, ` javascript:`, `java\tscript:`), so
 * javascript:, data: and every other scheme are refused, and so are relative and
 * protocol-relative (`//host/…`) addresses, which mean something else on every page.
 */
export function absoluteHttpUrl(value: string): string | undefined {
  const url = URL.parse(value.trim())
  return url && WEB_PROTOCOLS.has(url.protocol) ? url.href : undefined
}

/** An image's src as the sanitiser keeps it: an absolute http(s) URL, or a path under /media/ on the app, normalised; undefined otherwise. */
export function imageSource(src: string): string | undefined {
  const value = src.trim()
  if (URL.canParse(value)) return absoluteHttpUrl(value)
  const relative = URL.parse(value, APP_ORIGIN)
  if (!relative || relative.origin !== APP_ORIGIN || !relative.pathname.startsWith(MEDIA_PATH_PREFIX)) return undefined
  return relative.pathname + relative.search
}

/**
 * An image's absolute address for readers outside the app (JSON-LD): what `imageSource` keeps,
 * with a /media/ path resolved against the app's public URL, where media is served; undefined
 * for anything the sanitiser would drop.
 */
export function publicImageUrl(src: string, appUrl: string): string | undefined {
  const source = imageSource(src)
  if (source === undefined || !source.startsWith(MEDIA_PATH_PREFIX)) return source
  const resolved = URL.parse(source, appUrl)
  return resolved ? absoluteHttpUrl(resolved.href) : undefined
}

/** The video id of a YouTube embed URL (youtube.com or youtube-nocookie.com, https only). */
function youtubeIdFromEmbedUrl(src: string | undefined): string | undefined {
  const url = src === undefined ? null : URL.parse(src.trim())
  if (!url || url.protocol !== 'https:' || url.port !== '' || !YOUTUBE_EMBED_HOSTS.has(url.hostname)) return undefined
  const id = url.pathname.startsWith('/embed/') ? url.pathname.slice('/embed/'.length) : ''
  return YOUTUBE_ID.test(id) ? id : undefined
}

/** Every attribute of a YouTube iframe is ours; only the id and the title come from outside. */
function youtubeIframeAttributes(videoId: string, title: string): Attributes {
  return {
    src: `https://www.youtube-nocookie.com/embed/${videoId}`,
    title: title.trim() || 'YouTube video',
    width: '560',
    height: '315',
    allow: YOUTUBE_ALLOW,
    allowfullscreen: '',
    loading: 'lazy',
    // YouTube refuses to play embeds that send no referrer; a site-wide no-referrer policy must not break them.
    referrerpolicy: 'strict-origin-when-cross-origin',
  }
}

function withHeadingIds(html: string): string {
  const fragment = parseFragment(html)
  const used = new Set<string>()
  for (const heading of fragment.querySelectorAll(HEADING_TAGS.join(','))) {
    heading.setAttribute('id', uniqueSlug(headingSlug(heading.textContent ?? ''), used))
  }
  const container = fragment.ownerDocument.createElement('div')
  container.append(fragment)
  return container.innerHTML
}

function uniqueSlug(slug: string, used: Set<string>): string {
  let candidate = slug
  for (let suffix = 2; used.has(candidate); suffix++) candidate = `${slug}-${suffix}`
  used.add(candidate)
  return candidate
}

function parseFragment(html: string): DocumentFragment {
  const { document } = parseHTML('<!doctype html><html><body></body></html>')
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content
}

function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

function escapeAttribute(value: string): string {
  return escapeText(value).replaceAll('"', '&quot;')
}
