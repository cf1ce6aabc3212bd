/**
 * The small Markdown subset the blog's articles are written in, parsed into plain data that
 * article-body.tsx renders as React elements (no HTML strings, no markdown dependency on public
 * pages). Anything outside the subset is kept as literal text.
 *
 * Blocks: `## ` and `### ` headings, paragraphs, `- ` and `1. ` lists (indented lines continue an
 * item), `> ` notes, and `[[image N]]` alone on a line. Inline: `**strong**`, `*emphasis*`,
 * `` `code` `` and `[text](href)`.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }

export type Block =
  | { type: 'heading'; level: 2 | 3; id: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'note'; children: Inline[] }
  | { type: 'image'; index: number }

const HEADING = /^(#{2,3})\s+(.+)$/
const IMAGE = /^\[\[image (\d+)\]\]$/
const UNORDERED_ITEM = /^[-*]\s+(.*)$/
const ORDERED_ITEM = /^\d+\.\s+(.*)$/
const NOTE = /^>\s?(.*)$/
const LINK = /^\[([^\]]+)\]\(([^()\s]+)\)/

/** Links to our own pages, anchors, web pages and mail only: never `javascript:` and the like. */
export const isSafeHref = (href: string) => /^(\/(?!\/)|#|https?:\/\/|mailto:)/i.test(href)

/** "Step 1: Start from your customers" → "step-1-start-from-your-customers". */
export function slugify(text: string) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The visible text of inline content (heading ids, tests). */
export function plainText(inlines: readonly Inline[]): string {
  return inlines.map((node) => ('children' in node ? plainText(node.children) : node.text)).join('')
}

export function parseInline(source: string): Inline[] {
  const nodes: Inline[] = []
  let text = ''
  const pushText = () => {
    if (text) nodes.push({ type: 'text', text })
    text = ''
  }
  let index = 0
  while (index < source.length) {
    const rest = source.slice(index)
    if (rest.startsWith('`')) {
      const end = source.indexOf('`', index + 1)
      if (end > index + 1) {
        pushText()
        nodes.push({ type: 'code', text: source.slice(index + 1, end) })
        index = end + 1
        continue
      }
    } else if (rest.startsWith('**')) {
      const end = source.indexOf('**', index + 2)
      if (end > index + 2) {
        pushText()
        nodes.push({ type: 'strong', children: parseInline(source.slice(index + 2, end)) })
        index = end + 2
        continue
      }
    } else if (rest.startsWith('*')) {
      const end = findClosingStar(source, index + 1)
      if (end > index + 1) {
        pushText()
        nodes.push({ type: 'em', children: parseInline(source.slice(index + 1, end)) })
        index = end + 1
        continue
      }
    } else if (rest.startsWith('[')) {
      const link = LINK.exec(rest)
      if (link && isSafeHref(link[2])) {
        pushText()
        nodes.push({ type: 'link', href: link[2], children: parseInline(link[1]) })
        index += link[0].length
        continue
      }
    }
    text += source[index]
    index += 1
  }
  pushText()
  return nodes
}

/** The `*` closing an emphasis opened before `from`: a single star, not half of a `**`. */
function findClosingStar(source: string, from: number) {
  for (let index = from; index < source.length; index++) {
    if (source[index] !== '*') continue
    if (source[index + 1] === '*') {
      index += 1
      continue
    }
    return index
  }
  return -1
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = []
  const usedIds = new Map<string, number>()
  let paragraph: string[] = []
  let list: { ordered: boolean; items: string[] } | undefined
  let note: string[] = []

  const uniqueId = (text: string) => {
    const base = slugify(text) || 'section'
    const seen = usedIds.get(base) ?? 0
    usedIds.set(base, seen + 1)
    return seen === 0 ? base : `${base}-${seen + 1}`
  }
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) })
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) })
    if (note.length) blocks.push({ type: 'note', children: parseInline(note.join(' ')) })
    paragraph = []
    list = undefined
    note = []
  }

  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (!line) {
      flush()
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      const children = parseInline(heading[2])
      blocks.push({ type: 'heading', level: heading[1].length as 2 | 3, id: uniqueId(plainText(children)), children })
      continue
    }
    const image = IMAGE.exec(line)
    if (image) {
      flush()
      blocks.push({ type: 'image', index: Number(image[1]) })
      continue
    }
    const item = UNORDERED_ITEM.exec(line) ?? ORDERED_ITEM.exec(line)
    if (item) {
      const ordered = !UNORDERED_ITEM.test(line)
      if (!list || list.ordered !== ordered) {
        flush()
        list = { ordered, items: [] }
      }
      list.items.push(item[1])
      continue
    }
    const quoted = NOTE.exec(line)
    if (quoted) {
      if (!note.length) flush()
      note.push(quoted[1])
      continue
    }
    // An indented line right after a list item continues that item.
    if (list && /^\s/.test(rawLine)) {
      list.items[list.items.length - 1] += ` ${line}`
      continue
    }
    if (list || note.length) flush()
    paragraph.push(line)
  }
  flush()
  return blocks
}
