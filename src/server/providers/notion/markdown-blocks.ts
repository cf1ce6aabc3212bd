import { marked, type Token, type Tokens } from 'marked'

/**
 * An article's Markdown as Notion blocks: headings, paragraphs, bulleted, numbered and to-do
 * lists (nested one level, as far as one request may nest), quotes, code, dividers, tables and
 * images by URL. Inline bold, italic, strikethrough, code and links become rich-text
 * annotations. Notion's limits are kept here: 2000 characters per rich-text item and 100 items
 * per rich-text array; the caller sends children in requests of at most 100 blocks.
 */

export const NOTION_RICH_TEXT_MAX = 2000
export const NOTION_RICH_TEXT_ITEMS_MAX = 100
export const NOTION_CHILDREN_MAX = 100

export interface NotionRichText {
  type: 'text'
  text: { content: string; link: { url: string } | null }
  annotations: { bold: boolean; italic: boolean; strikethrough: boolean; underline: boolean; code: boolean; color: 'default' }
}

export interface NotionBlock {
  object: 'block'
  type: string
  [content: string]: unknown
}

type Annotations = NotionRichText['annotations']
const PLAIN: Annotations = { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: 'default' }

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)))
    return ENTITIES[entity.toLowerCase()] ?? match
  })
}

/** Notion accepts absolute web and mail links only; others stay plain text. */
function linkUrl(href: string) {
  try {
    const url = new URL(href)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : null
  } catch {
    return null
  }
}

const imageUrl = (href: string) => {
  const url = linkUrl(href)
  return url && !url.startsWith('mailto:') ? url : null
}

function richText(content: string, annotations: Annotations, link: string | null): NotionRichText[] {
  const items: NotionRichText[] = []
  const characters = Array.from(content)
  for (let start = 0; start < characters.length; start += NOTION_RICH_TEXT_MAX) {
    items.push({
      type: 'text',
      text: { content: characters.slice(start, start + NOTION_RICH_TEXT_MAX).join(''), link: link ? { url: link } : null },
      annotations: { ...annotations },
    })
  }
  return items
}

function sameStyle(a: NotionRichText, b: NotionRichText) {
  return JSON.stringify(a.annotations) === JSON.stringify(b.annotations) && a.text.link?.url === b.text.link?.url
}

/** Joins neighbours of the same style, then splits at Notion's 2000 characters. */
function normalize(items: NotionRichText[]) {
  const merged: NotionRichText[] = []
  for (const item of items) {
    const last = merged.at(-1)
    if (last && sameStyle(last, item)) last.text.content += item.text.content
    else merged.push({ ...item, text: { ...item.text }, annotations: { ...item.annotations } })
  }
  return merged
    .filter((item) => item.text.content !== '')
    .flatMap((item) => richText(item.text.content, item.annotations, item.text.link?.url ?? null))
}

function inline(tokens: Token[] | undefined, annotations: Annotations = PLAIN, link: string | null = null): NotionRichText[] {
  const items: NotionRichText[] = []
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        items.push(...inline(token.tokens, { ...annotations, bold: true }, link))
        break
      case 'em':
        items.push(...inline(token.tokens, { ...annotations, italic: true }, link))
        break
      case 'del':
        items.push(...inline(token.tokens, { ...annotations, strikethrough: true }, link))
        break
      case 'codespan':
        items.push(...richText(decodeEntities((token as Tokens.Codespan).text), { ...annotations, code: true }, link))
        break
      case 'link':
        items.push(...inline(token.tokens, annotations, linkUrl((token as Tokens.Link).href) ?? link))
        break
      case 'image':
        items.push(...richText((token as Tokens.Image).text, annotations, link))
        break
      case 'br':
        items.push(...richText('\n', annotations, link))
        break
      case 'html':
        break
      default: {
        const text = token as Tokens.Text
        if ('tokens' in text && text.tokens && text.tokens.length > 0) items.push(...inline(text.tokens, annotations, link))
        else items.push(...richText(decodeEntities(text.text ?? text.raw ?? ''), annotations, link))
      }
    }
  }
  return items
}

/** One block per 100 rich-text items (a longer run continues in a block of the same type). */
function textBlocks(type: string, items: NotionRichText[], extra: Record<string, unknown> = {}): NotionBlock[] {
  const text = normalize(items)
  if (text.length === 0) return []
  const blocks: NotionBlock[] = []
  for (let start = 0; start < text.length; start += NOTION_RICH_TEXT_ITEMS_MAX) {
    blocks.push({ object: 'block', type, [type]: { rich_text: text.slice(start, start + NOTION_RICH_TEXT_ITEMS_MAX), ...extra } })
  }
  return blocks
}

function imageBlock(token: Tokens.Image): NotionBlock | null {
  const url = imageUrl(token.href)
  if (!url) return null
  return {
    object: 'block',
    type: 'image',
    image: { type: 'external', external: { url }, caption: normalize(richText(token.text, PLAIN, null)) },
  }
}

/** A paragraph, with its images lifted out as image blocks in reading order. */
function paragraphBlocks(tokens: Token[]): NotionBlock[] {
  const blocks: NotionBlock[] = []
  let run: Token[] = []
  const flush = () => {
    blocks.push(...textBlocks('paragraph', inline(run)))
    run = []
  }
  for (const token of tokens) {
    const image = token.type === 'image' ? imageBlock(token as Tokens.Image) : null
    if (image) {
      flush()
      blocks.push(image)
    } else run.push(token)
  }
  flush()
  return blocks
}

const CODE_LANGUAGES = new Set([
  'bash',
  'c',
  'c++',
  'css',
  'go',
  'html',
  'java',
  'javascript',
  'json',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'shell',
  'sql',
  'typescript',
  'xml',
  'yaml',
])
const CODE_ALIASES: Record<string, string> = { js: 'javascript', ts: 'typescript', sh: 'shell', py: 'python', yml: 'yaml', md: 'markdown' }

function codeLanguage(lang: string | undefined) {
  const name = (lang ?? '').trim().toLowerCase()
  const known = CODE_ALIASES[name] ?? name
  return CODE_LANGUAGES.has(known) ? known : 'plain text'
}

function listBlocks(list: Tokens.List, depth: number): NotionBlock[] {
  const type = list.ordered ? 'numbered_list_item' : 'bulleted_list_item'
  const blocks: NotionBlock[] = []
  for (const item of list.items) {
    const text: NotionRichText[] = []
    const nested: NotionBlock[] = []
    for (const token of item.tokens) {
      if (token.type === 'list') nested.push(...listBlocks(token as Tokens.List, depth + 1))
      else if (token.type === 'text' || token.type === 'paragraph') {
        if (text.length > 0) text.push(...richText('\n', PLAIN, null))
        text.push(...inline((token as Tokens.Paragraph).tokens))
      } else if (token.type !== 'checkbox' && token.type !== 'space') nested.push(...blocksOf([token], depth + 1))
    }
    const itemType = item.task ? 'to_do' : type
    const extra = item.task ? { checked: Boolean(item.checked) } : {}
    const [first, ...rest] = textBlocks(itemType, text, extra)
    const block = first ?? { object: 'block', type: itemType, [itemType]: { rich_text: [], ...extra } }
    // One request nests two levels at most: deeper items join their parent's level.
    if (nested.length > 0 && depth === 0) (block[itemType] as Record<string, unknown>).children = nested.slice(0, NOTION_CHILDREN_MAX)
    blocks.push(block, ...rest)
    if (depth > 0) blocks.push(...nested)
  }
  return blocks
}

function tableBlock(table: Tokens.Table): NotionBlock[] {
  const width = table.header.length
  const row = (cells: Tokens.TableCell[]) => ({
    object: 'block',
    type: 'table_row',
    table_row: { cells: Array.from({ length: width }, (_, index) => normalize(inline(cells[index]?.tokens))) },
  })
  const rows = [row(table.header), ...table.rows.map(row)]
  const blocks: NotionBlock[] = []
  for (let start = 0; start < rows.length; start += NOTION_CHILDREN_MAX) {
    blocks.push({
      object: 'block',
      type: 'table',
      table: {
        table_width: width,
        has_column_header: start === 0,
        has_row_header: false,
        children: rows.slice(start, start + NOTION_CHILDREN_MAX),
      },
    })
  }
  return blocks
}

function blocksOf(tokens: Token[], depth = 0): NotionBlock[] {
  const blocks: NotionBlock[] = []
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const { depth: level, tokens: content } = token as Tokens.Heading
        blocks.push(...textBlocks(`heading_${Math.min(3, Math.max(1, level))}`, inline(content)))
        break
      }
      case 'paragraph':
        blocks.push(...paragraphBlocks((token as Tokens.Paragraph).tokens))
        break
      case 'text':
        blocks.push(...textBlocks('paragraph', inline((token as Tokens.Text).tokens ?? [token])))
        break
      case 'list':
        blocks.push(...listBlocks(token as Tokens.List, depth))
        break
      case 'blockquote': {
        const quote = (token as Tokens.Blockquote).tokens.filter((child) => child.type !== 'space')
        const text = quote.flatMap((child, index) => [
          ...(index > 0 ? richText('\n', PLAIN, null) : []),
          ...inline('tokens' in child && child.tokens ? child.tokens : [child]),
        ])
        blocks.push(...textBlocks('quote', text))
        break
      }
      case 'code': {
        const code = token as Tokens.Code
        blocks.push(...textBlocks('code', richText(code.text, PLAIN, null), { language: codeLanguage(code.lang) }))
        break
      }
      case 'hr':
        blocks.push({ object: 'block', type: 'divider', divider: {} })
        break
      case 'table':
        blocks.push(...tableBlock(token as Tokens.Table))
        break
      case 'html': {
        const text = decodeEntities(
          (token as Tokens.HTML).text
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
        )
        if (text) blocks.push(...textBlocks('paragraph', richText(text, PLAIN, null)))
        break
      }
      default:
        break
    }
  }
  return blocks
}

export function markdownToNotionBlocks(markdown: string): NotionBlock[] {
  return blocksOf(marked.lexer(markdown, { gfm: true }))
}

/** Plain text as rich text within Notion's limits (for properties). */
export function plainRichText(content: string) {
  return normalize(richText(content, PLAIN, null)).slice(0, NOTION_RICH_TEXT_ITEMS_MAX)
}

/** Splits children into requests Notion accepts. */
export function childrenChunks<T>(blocks: T[], size = NOTION_CHILDREN_MAX): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < blocks.length; start += size) chunks.push(blocks.slice(start, start + size))
  return chunks
}
