import { stopWordsWith } from '~/shared/text-kit'

/**
 * What the mocked LLM knows about a request: the content its prompt hands over, never its
 * instructions. The mock builds every answer from this, so a business profile comes from the
 * crawled page and an outline's headings carry the keyword.
 *
 * Instructions and content are told apart by the format our prompts use:
 * - system (and developer) messages are instructions, and never material;
 * - in the other messages, content is labelled: a `Label: value` line (optionally followed by
 *   list items: `- item`, `1. item`, `# heading`), or a line ending in a colon (`Text:`,
 *   `Keywords of one topic:`) followed by its content up to the next blank line;
 * - any other line (a free sentence such as "Describe the business behind this page.") is an
 *   instruction, and never material.
 * A crawl is a run of `Page: <url> (<role>)` sections, each with its Title, Description,
 * Headings and Text; Title, Description, Headings or Text before any Page label form one page.
 */
export interface PromptMaterial {
  /** The keyword, topic or seed the prompt is about. */
  subject: string
  /** The business, brand or site the prompt describes. */
  name: string
  url: string | undefined
  /** Values of "Label: value" lines, keyed by the lower-cased label (the first of each label). */
  fields: Map<string, string>
  /** List items, headings and comma lists after a list-like label, in order. */
  items: string[]
  /** The content's sentences (five words or more, ending like a sentence). */
  sentences: string[]
  /** Content words, most frequent first. */
  words: string[]
  /** A stable number for this prompt, to vary choices between prompts. */
  seed: number
  /** The crawled pages the prompt carries, in order (the first is the page the user gave). */
  pages: PageContent[]
  /** List items that start with a site (a URL or a domain): search results, candidates. Never the prompt's own site. */
  sites: ListedSite[]
  /** Labelled values outside the pages (e.g. the business a competitor is compared against). */
  context: Map<string, string>
}

export interface PageContent {
  url: string | undefined
  /** The crawler's role for the page: home, about, services, pricing, blog, other. */
  role: string
  title: string
  description: string
  headings: Array<{ level: number; text: string }>
  text: string
}

export interface ListedSite {
  url: string
  host: string
  /** The rest of the item: what the prompt says about the site. */
  note: string
}

interface Block {
  label: string
  value: string
  lines: string[]
  /** Opened by "Label:" alone: every line up to the blank line is content. */
  opener: boolean
}

const STOP_WORDS = stopWordsWith(
  `about into over more most other some such them they those all any each few also just only own same so very not no did
  please write create give return list suggest analyse analyze describe based following text page site website keyword keywords topic seed json
  title description heading headings url meta outline article business`,
)

/** FNV-1a: a small stable hash; the mock never uses randomness. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const clean = (value: string) =>
  value
    .replace(/\s+/g, ' ')
    .replace(/^["'“”‘’\s]+|["'“”‘’\s.,;:]+$/g, '')
    .trim()

const LABEL = /^([A-Za-z][A-Za-z0-9 ()'/-]{0,48}?):(?:\s+(.*))?$/
/** A header line ("Keywords of one topic, most searched first:") opens a block like a bare label. */
const HEADER = /^([^:]{1,100}):()$/
const LIST_ITEM = /^(?:[-*•]|\d+[.)]|#{1,6})\s+(.+)$/
const LIST_LABELS = /services|products|offerings|features|keywords|topics|tags|categories|headings|items/
const PAGE_LABELS = /^(?:page |meta |site )?(?:title|description|headings|text|content|body)$/
const SITE_LABELS = /^(?:website|url|site name|domain|home ?page)$/
const URL_PATTERN = /https?:\/\/[^\s"'<>)\]]+/
const DOMAIN_START = /^((?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:\/[^\s,;:]*)?)(?=$|[\s,;:—–-])/i

function fieldValue(fields: Map<string, string>, pattern: RegExp): string | undefined {
  for (const [label, value] of fields) if (pattern.test(label) && value) return value
  return undefined
}

const titleCaseWord = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word)

/** The host of a URL or bare domain, lower-cased and without "www.". */
export function hostOf(address: string): string | undefined {
  try {
    return new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`).host.toLowerCase().replace(/^www\./, '')
  } catch {
    return undefined
  }
}

const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc', 'me', 'nhs', 'sch', 'or', 'ne', 'go'])

/** The registrable part of a host ("shop.example.co.uk" → "example.co.uk"), so subdomains count as one site. */
export function siteOfHost(host: string): string {
  const bare = host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
  if (/^[\d.]+$/.test(bare) || bare.includes(':') || !bare.includes('.')) return bare
  const labels = bare.split('.')
  const keep = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2
  return labels.slice(-keep).join('.')
}

/** Splits the prompt's user messages into labelled blocks; free lines (instructions) are dropped. */
function parseBlocks(text: string): Block[] {
  const blocks: Block[] = []
  let current: Block | undefined
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line) {
      // A blank line ends a block, except right after a "Label:" that has no content yet.
      if (current && (current.value || current.lines.length > 0 || !current.opener)) current = undefined
      continue
    }
    // Inside a block's content only a bare "Label:" starts the next block (a page's text may end in a colon).
    const labelled = LABEL.exec(line) ?? (current?.opener ? null : HEADER.exec(line))
    const isLabel = labelled && !/^https?$/i.test(labelled[1]!)
    if (isLabel && (!current?.opener || !labelled[2])) {
      current = { label: labelled[1]!.trim().toLowerCase(), value: (labelled[2] ?? '').trim(), lines: [], opener: !labelled[2] }
      blocks.push(current)
    } else if (current && (current.opener || LIST_ITEM.test(line))) {
      current.lines.push(line)
    } else {
      // An instruction: the block it follows is over.
      current = undefined
    }
  }
  return blocks
}

function parsePages(blocks: Block[], siteUrl: string | undefined): PageContent[] {
  const pages: PageContent[] = []
  let page: PageContent | undefined
  const newPage = (url: string | undefined, role: string): PageContent => {
    const created = { url, role, title: '', description: '', headings: [], text: '' }
    pages.push(created)
    return created
  }
  for (const block of blocks) {
    if (/^page$/.test(block.label)) {
      page = newPage(
        URL_PATTERN.exec(block.value)?.[0],
        /\((\w+)\)/.exec(block.value)?.[1]?.toLowerCase() ?? (pages.length ? 'other' : 'home'),
      )
      continue
    }
    if (!PAGE_LABELS.test(block.label)) {
      if (!SITE_LABELS.test(block.label)) page = undefined
      continue
    }
    page ??= newPage(siteUrl, pages.length ? 'other' : 'home')
    const kind = block.label.replace(/^(?:page|meta|site) /, '')
    if (kind === 'title') page.title ||= block.value
    else if (kind === 'description') page.description ||= [block.value, ...block.lines].join(' ').trim()
    else if (kind === 'headings') {
      for (const line of [block.value, ...block.lines].filter(Boolean)) {
        const heading = /^(#{1,6})\s+(.+)$/.exec(line)
        const item = LIST_ITEM.exec(line)
        page.headings.push(
          heading ? { level: heading[1]!.length, text: heading[2]!.trim() } : { level: 2, text: (item?.[1] ?? line).trim() },
        )
      }
    } else page.text = [page.text, block.value, ...block.lines].filter(Boolean).join(' ')
  }
  return pages
}

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["“‘(]?[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(/\s+/).length >= 5 && /[.!?]["”’)]?$/.test(sentence))
}

export function extractMaterial(messages: Array<string | { role: string; text: string }>): PromptMaterial {
  // Only what the user hands over is material: system and developer messages are instructions.
  const content = messages
    .filter((message) => typeof message === 'string' || !/^(system|developer)$/.test(message.role))
    .map((message) => (typeof message === 'string' ? message : message.text))
    .join('\n\n')
  const blocks = parseBlocks(content)

  const fields = new Map<string, string>()
  const items: string[] = []
  const prose: string[] = []
  const sites: ListedSite[] = []
  const ownHosts = new Set<string>()
  for (const block of blocks) {
    const value = clean(block.value)
    if (value && !fields.has(block.label)) fields.set(block.label, value)
    if (value) prose.push(block.value)
    for (const url of block.value.match(new RegExp(URL_PATTERN, 'g')) ?? []) {
      const host = hostOf(url)
      if (host) ownHosts.add(siteOfHost(host))
    }
    // "Services: a, b, c" is a list as much as a field.
    if (value && LIST_LABELS.test(block.label))
      items.push(
        ...value
          .split(/\s*,\s*/)
          .map(clean)
          .filter(Boolean),
      )
    for (const line of block.lines) {
      const item = LIST_ITEM.exec(line)
      if (!item) {
        prose.push(line)
        continue
      }
      const text = item[1]!.trim()
      items.push(clean(text))
      const site = DOMAIN_START.exec(text)
      const host = site && hostOf(site[1]!)
      if (site && host)
        sites.push({
          url: `https://${host.replace(/:\d+$/, '')}`,
          host,
          note: text
            .slice(site[0].length)
            .replace(/^\s*[:—–-]\s*/, '')
            .trim(),
        })
    }
  }

  const url = fieldValue(fields, /^(?:website|url|site|home ?page|page)$/)
    ?.match(URL_PATTERN)?.[0]
    ?.replace(/[.,;]+$/, '')
  const pages = parsePages(blocks, url)
  const pageLabels = new Set(blocks.filter((block) => PAGE_LABELS.test(block.label) || block.label === 'page').map((block) => block.label))
  const context = new Map([...fields].filter(([label]) => !pageLabels.has(label) && !SITE_LABELS.test(label)))

  const title = pages[0]?.title || fieldValue(fields, /^(page |site )?title$/)
  const words = contentWords(prose.join('\n'))
  const subject = clean(
    fieldValue(fields, /keyword|topic|seed|subject|query|focus/) ??
      title?.split(/\s[|–—-]\s/)[0] ??
      items[0] ??
      words.slice(0, 2).join(' '),
  ).toLowerCase()

  const urlHost = url ? hostOf(url) : undefined
  const domainName =
    urlHost && /[a-z]/.test(urlHost.split('.')[0]!) ? urlHost.split('.')[0]!.split('-').map(titleCaseWord).join(' ') : undefined
  const name = clean(
    fieldValue(fields, /business name|company|brand|site name|^business$|^name$/) ??
      title?.split(/\s[|–—:-]\s/)[0] ??
      domainName ??
      titleCaseWord(subject),
  )

  const sentences = prose.flatMap(splitSentences)

  return {
    subject: subject || 'this topic',
    name: name || 'This business',
    url,
    fields,
    items,
    sentences,
    words,
    seed: stableHash(content),
    pages,
    sites: sites.filter((site) => !ownHosts.has(siteOfHost(site.host))),
    context,
  }
}

function contentWords(text: string): string[] {
  const counts = new Map<string, number>()
  for (const word of text
    .replace(new RegExp(URL_PATTERN, 'g'), ' ')
    .toLowerCase()
    .match(/[a-z][a-z'-]{2,}/g) ?? []) {
    if (!STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word)
}
