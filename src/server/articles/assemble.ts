import type { ArticleImage, ArticleInternalLink } from '~/shared/articles/article'
import { MINIMUM_TYPE_ITEMS, VERDICT_HEADING } from '~/shared/articles/article-types'
import { absoluteHttpUrl, publicImageUrl } from './html'
import type { CallToAction, Faq } from './prompts'

/**
 * The pure parts of putting an article together: its Markdown from the written parts, internal
 * links, structured data, meta lengths and slug. Each is deterministic, so a regeneration with
 * the same parts gives the same article.
 */

export const META_TITLE_MAX = 60
export const META_DESCRIPTION_MAX = 160

export interface WrittenSection {
  heading: string
  level: 'h2' | 'h3'
  blocks: string[]
}

/** ASCII, lower case, words joined by hyphens, at most 80 characters (cut at a word). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= 80) return slug || 'article'
  return slug.slice(0, 80).replace(/-[^-]*$/, '') || slug.slice(0, 80)
}

/** `base`, or `base-2`, `base-3` … : the first not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** Cut at the last whole word that fits, without a trailing comma or dash; never mid-word. */
export function fitText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max + 1)
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), 0)).replace(/[\s,;:–—-]+$/, '')
  return atWord || clean.slice(0, max)
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 3),
  )

function overlap(a: Set<string>, b: Set<string>) {
  let shared = 0
  for (const word of a) if (b.has(word)) shared++
  return shared
}

const INTERNAL_LINK_LEAD = 'More in'
const INTERNAL_LINK_SENTENCE = new RegExp(` ${INTERNAL_LINK_LEAD} \\[[^\\]]*\\]\\([^)\\s]*\\)\\.$`)

/** A block without the internal-link sentence addInternalLinks added to it (the FAQ answers from the prose alone). */
export const withoutInternalLink = (block: string) => block.replace(INTERNAL_LINK_SENTENCE, '')

/**
 * Internal links: the targets sharing most words with some section are placed first (the order
 * given settles ties, so the business's best articles win them), each in the section whose text
 * shares most words with it (a section gets at most one), as a closing sentence of that section's
 * last paragraph. Targets sharing no word with any section are left out rather than forced in.
 */
export function addInternalLinks(sections: WrittenSection[], targets: ArticleInternalLink[], count: number): ArticleInternalLink[] {
  const used = new Set<number>()
  const placed: ArticleInternalLink[] = []
  const sectionWords = sections.map((section) => words(`${section.heading} ${section.blocks.join(' ')}`))
  const scoreOf = (target: ArticleInternalLink, index: number) =>
    overlap(words(`${target.anchor} ${target.url.replace(/[/_-]+/g, ' ')}`), sectionWords[index]!)
  const relevance = (target: ArticleInternalLink) => Math.max(0, ...sections.map((_, index) => scoreOf(target, index)))
  const ranked = targets
    .map((target, order) => ({ target, order, relevance: relevance(target) }))
    .sort((a, b) => b.relevance - a.relevance || a.order - b.order)
  for (const { target } of ranked) {
    if (placed.length >= count) break
    let best = -1
    let bestScore = 0
    for (const [index, section] of sections.entries()) {
      if (used.has(index) || section.blocks.length === 0) continue
      const score = scoreOf(target, index)
      if (score > bestScore) [best, bestScore] = [index, score]
    }
    if (best < 0) continue
    used.add(best)
    const section = sections[best]!
    const last = section.blocks.length - 1
    const anchor = target.anchor.replace(/[[\]]/g, '')
    section.blocks[last] = `${section.blocks[last]!.trimEnd()} ${INTERNAL_LINK_LEAD} [${anchor}](${target.url}).`
    placed.push(target)
  }
  return placed
}

const imageMarkdown = (image: ArticleImage) => `![${image.alt.replace(/[[\]]/g, '')}](${image.url})`

export interface ArticleParts {
  title: string
  /** Paragraphs before the first section. */
  introduction: string[]
  sections: WrittenSection[]
  featured: ArticleImage | null
  /** Placed after the section of the same index. */
  figures: Array<{ afterSection: number; markdown: string }>
  cta: (CallToAction & { url: string }) | null
  faq: Faq
}

export const FAQ_HEADING = 'Frequently asked questions'

export function imageFigure(image: ArticleImage): string {
  return imageMarkdown(image)
}

/** The whole article in Markdown: one H1, the introduction, the sections with their figures, the call to action, the FAQ. */
export function assembleMarkdown(parts: ArticleParts): string {
  const blocks: string[] = [`# ${parts.title}`]
  if (parts.featured) blocks.push(imageMarkdown(parts.featured))
  blocks.push(...parts.introduction)
  for (const [index, section] of parts.sections.entries()) {
    blocks.push(`${section.level === 'h2' ? '##' : '###'} ${section.heading}`, ...section.blocks)
    for (const figure of parts.figures) if (figure.afterSection === index) blocks.push(figure.markdown)
  }
  if (parts.cta)
    blocks.push(`## ${parts.cta.heading}`, parts.cta.text, `[${parts.cta.buttonLabel.replace(/[[\]]/g, '')}](${parts.cta.url})`)
  if (parts.faq.length > 0) {
    blocks.push(`## ${FAQ_HEADING}`)
    for (const item of parts.faq) blocks.push(`### ${item.question}`, item.answer)
  }
  return `${blocks
    .map((block) => block.trim())
    .filter(Boolean)
    .join('\n\n')}\n`
}

export interface JsonLdInput {
  title: string
  description: string
  url: string
  business: { name: string; url: string; blogUrl: string | null }
  images: ArticleImage[]
  faq: Faq
  datePublished: Date
  dateModified: Date
  keyword: string
  /** The app's public URL: where /media/ images are served. */
  appUrl: string
}

/**
 * Article, FAQPage (when there is an FAQ) and BreadcrumbList, as schema.org JSON-LD objects. Every
 * address in them passes the HTML sanitiser's own rule (html.ts): absolute http(s) only; an image
 * the article's HTML would drop is left out, and so is any other address that fails.
 */
export function buildJsonLd(input: JsonLdInput): Record<string, unknown>[] {
  const articleUrl = absoluteHttpUrl(input.url)
  const businessUrl = absoluteHttpUrl(input.business.url)
  const publisher = { '@type': 'Organization', name: input.business.name, ...(businessUrl ? { url: businessUrl } : {}) }
  const images = input.images
    .filter((image) => image.kind !== 'infographic')
    .map((image) => publicImageUrl(image.url, input.appUrl))
    .filter((url): url is string => url !== undefined)
  const graph: Record<string, unknown>[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: input.title.slice(0, 110),
      description: input.description,
      ...(images.length > 0 ? { image: images } : {}),
      author: publisher,
      publisher,
      datePublished: input.datePublished.toISOString(),
      dateModified: input.dateModified.toISOString(),
      ...(articleUrl ? { mainEntityOfPage: { '@type': 'WebPage', '@id': articleUrl } } : {}),
      keywords: input.keyword,
    },
  ]
  if (input.faq.length > 0) {
    graph.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: input.faq.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    })
  }
  const crumbs = [
    { name: input.business.name, url: businessUrl },
    ...(input.business.blogUrl ? [{ name: 'Blog', url: absoluteHttpUrl(input.business.blogUrl) }] : []),
    { name: input.title, url: articleUrl },
  ].filter((crumb): crumb is { name: string; url: string } => crumb.url !== undefined)
  graph.push({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  })
  return graph
}

/** schema.org properties whose values are addresses (a string, a list of them, or an object with its own `url`/`@id`). */
const JSON_LD_URL_KEYS = new Set([
  '@id',
  'url',
  'image',
  'logo',
  'sameAs',
  'item',
  'mainEntityOfPage',
  'contentUrl',
  'thumbnailUrl',
  'embedUrl',
])

/**
 * JSON-LD as stored, with every address re-checked by the same rule: an address value that is not
 * an absolute http(s) URL is dropped (from a list, only that entry). For JSON-LD saved before the
 * rule held, on its way to a CMS or webhook.
 */
export function safeJsonLd(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(safeJsonLd)
  if (value === null || typeof value !== 'object') return value
  const kept: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    const safe = JSON_LD_URL_KEYS.has(key) ? safeAddress(field) : safeJsonLd(field)
    if (safe !== undefined) kept[key] = safe
  }
  return kept
}

function safeAddress(value: unknown): unknown {
  if (typeof value === 'string') return absoluteHttpUrl(value)
  if (Array.isArray(value)) return value.map(safeAddress).filter((entry) => entry !== undefined)
  return safeJsonLd(value)
}

/** A list item's number: a listicle's "3. " or a how-to's "Step 3: ". */
const NUMBERED = /^(?:\d+\.\s+|(Step) \d+:\s+)/i

/**
 * Sections too thin to stand alone folded into the one before: an H2 section (with its H3s) of
 * fewer than `minimum` words after the first becomes an H3 of the section above it, so what it
 * says stays and no H2 is left short (the score's "sections with substance" check counts an H2's
 * words with its H3s'). A folded heading loses its item number and numbered H2s are counted again
 * from 1, so a listicle's items stay consecutive; a list never drops below three items this way, and a verdict stays. `wordsOf` counts a section's words as the score does.
 */
export function foldThinSections(sections: WrittenSection[], minimum: number, wordsOf: (blocks: string[]) => number): WrittenSection[] {
  const groups: WrittenSection[][] = []
  for (const section of sections) {
    if (section.level === 'h2' || groups.length === 0) groups.push([section])
    else groups.at(-1)!.push(section)
  }
  const kept: WrittenSection[][] = []
  let items = groups.filter((group) => group[0]!.level === 'h2' && NUMBERED.test(group[0]!.heading)).length
  for (const group of groups) {
    const words = wordsOf(group.flatMap((section) => section.blocks))
    const above = kept.at(-1)
    // A list keeps its items: a numbered section is folded only while three or more would remain.
    const item = NUMBERED.test(group[0]!.heading)
    // A verdict is the comparison's own section (the article-type check looks for it): it stays an H2.
    const verdict = VERDICT_HEADING.test(group[0]!.heading)
    if (above && group[0]!.level === 'h2' && words < minimum && !verdict && (!item || items > MINIMUM_TYPE_ITEMS)) {
      if (item) items -= 1
      above.push(...group.map((section) => ({ ...section, heading: section.heading.replace(NUMBERED, ''), level: 'h3' as const })))
    } else kept.push([...group])
  }
  const numbered = kept.filter((group) => group[0]!.level === 'h2' && NUMBERED.test(group[0]!.heading))
  numbered.forEach((group, index) => {
    group[0] = {
      ...group[0]!,
      heading: group[0]!.heading.replace(NUMBERED, (_, step?: string) => (step ? `${step} ${index + 1}: ` : `${index + 1}. `)),
    }
  })
  return kept.flat()
}
