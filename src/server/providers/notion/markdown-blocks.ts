import { marked, type Token, type Tokens } from 'marked'

/**
 * An article's Markdown as Notion blocks: headings, paragraphs, bulleted, numbered and to-do
 * lists (nested one level, as far as one request may nest), quotes, code, dividers, tables and
 * images by https URL (Notion refuses other image addresses; an http one becomes a link).
 * Inline bold, italic, strikethrough, code and links become rich-text annotations. Notion's limits
 * are kept here: 2000 characters per rich-text item (counted in UTF-16 units, the stricter count,
 * never splitting a character), 100 items per rich-text array, 100 children per block, URLs of at
 * most 2000 characters; the caller sends children in requests of at most 100 blocks. The types
 * below are checked against the official client's request types (@notionhq/client,
 * src/server/publishing/connectors/notion/notion.contract.test.ts).
 */

export const NOTION_RICH_TEXT_MAX = 2000
export const NOTION_RICH_TEXT_ITEMS_MAX = 100
export const NOTION_CHILDREN_MAX = 100
export const NOTION_URL_MAX = 2000

export interface NotionRichText {
  type: 'text'
  text: { content: string; link: { url: string } | null }
  annotations: { bold: boolean; italic: boolean; strikethrough: boolean; underline: boolean; code: boolean; color: 'default' }
}

const CODE_LANGUAGES = [
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
  'plain text',
] as const
export type NotionCodeLanguage = (typeof CODE_LANGUAGES)[number]

interface RichTextContent {
  rich_text: NotionRichText[]
}

/** What each block type we send carries under its type's key. */
interface BlockContents {
  paragraph: RichTextContent
  heading_1: RichTextContent
  heading_2: RichTextContent
  heading_3: RichTextContent
  bulleted_list_item: RichTextContent
  numbered_list_item: RichTextContent
  to_do: RichTextContent & { checked: boolean }
  quote: RichTextContent
  code: RichTextContent & { language: NotionCodeLanguage }
  divider: Record<string, never>
  image: { type: 'external'; external: { url: string }; caption: NotionRichText[] }
  table: { table_width: number; has_column_header: boolean; has_row_header: boolean; children: NotionTableRow[] }
  table_row: { cells: NotionRichText[][] }
}
type BlockType = keyof BlockContents
type BlockOf<T extends BlockType, Content = BlockContents[T]> = { object: 'block'; type: T } & { [K in T]: Content }

export type NotionTableRow = BlockOf<'table_row'>
/** A block without children of its own (a table's rows are part of the table). */
export type NotionLeafBlock = { [T in Exclude<BlockType, 'table_row'>]: BlockOf<T> }[Exclude<BlockType, 'table_row'>]
type ListType = 'bulleted_list_item' | 'numbered_list_item' | 'to_do'
/** A block of a request: a list item may hold one level of children, since a request nests two levels at most. */
export type NotionBlock = NotionLeafBlock | { [T in ListType]: BlockOf<T, BlockContents[T] & { children?: NotionLeafBlock[] }> }[ListType]

function block<T extends BlockType>(type: T, content: BlockContents[T]): BlockOf<T> {
  return { object: 'block', type, [type]: content } as BlockOf<T>
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

/** Notion accepts absolute web and mail links of at most 2000 characters; others stay plain text. */
function linkUrl(href: string) {
  try {
    const url = new URL(href)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) && url.href.length <= NOTION_URL_MAX ? url.href : null
  } catch {
    return null
  }
}

/** Notion shows an external image only from an absolute https address ("Invalid image url" otherwise). */
const imageUrl = (href: string) => {
  const url = linkUrl(href)
  return url?.startsWith('https:') ? url : null
}

/** Splits text into pieces of at most `max` UTF-16 units without cutting a surrogate pair. */
function pieces(content: string, max: number) {
  const result: string[] = []
  let start = 0
  while (start < content.length) {
    let end = Math.min(start + max, content.length)
    if (end < content.length && /[\uD800-\uDBFF]/.test(content[end - 1]!)) end -= 1
    result.push(content.slice(start, end))
    start = end
  }
  return result
}

function richText(content: string, annotations: Annotations, link: string | null): NotionRichText[] {
  return pieces(content, NOTION_RICH_TEXT_MAX).map((piece) => ({
    type: 'text',
    text: { content: piece, link: link ? { url: link } : null },
    annotations: { ...annotations },
  }))
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

type TextBlockType = 'paragraph' | 'heading_1' | 'heading_2' | 'heading_3' | 'quote' | ListType

/** One block per 100 rich-text items (a longer run continues in a block of the same type). */
function textBlocks<T extends TextBlockType | 'code'>(
  type: T,
  items: NotionRichText[],
  extra: Omit<BlockContents[T], 'rich_text'>,
): Array<BlockOf<T>> {
  const text = normalize(items)
  const blocks: Array<BlockOf<T>> = []
  for (let start = 0; start < text.length; start += NOTION_RICH_TEXT_ITEMS_MAX) {
    blocks.push(block(type, { ...extra, rich_text: text.slice(start, start + NOTION_RICH_TEXT_ITEMS_MAX) } as BlockContents[T]))
  }
  return blocks
}

/** An image block for an https address; an http one becomes its alt text linked to it; anything else is left out. */
function imageBlocks(token: Tokens.Image): NotionLeafBlock[] {
  const url = imageUrl(token.href)
  if (url) return [block('image', { type: 'external', external: { url }, caption: normalize(richText(token.text, PLAIN, null)) })]
  const link = linkUrl(token.href)
  return link && !link.startsWith('mailto:') ? textBlocks('paragraph', richText(token.text || link, PLAIN, link), {}) : []
}

/** A paragraph, with its images lifted out as image blocks in reading order. */
function paragraphBlocks(tokens: Token[]): NotionLeafBlock[] {
  const blocks: NotionLeafBlock[] = []
  let run: Token[] = []
  const flush = () => {
    blocks.push(...textBlocks('paragraph', inline(run), {}))
    run = []
  }
  for (const token of tokens) {
    const image = token.type === 'image' && linkUrl((token as Tokens.Image).href) ? imageBlocks(token as Tokens.Image) : null
    if (image) {
      flush()
      blocks.push(...image)
    } else run.push(token)
  }
  flush()
  return blocks
}

const CODE_ALIASES: Record<string, NotionCodeLanguage> = {
  js: 'javascript',
  ts: 'typescript',
  sh: 'shell',
  py: 'python',
  yml: 'yaml',
  md: 'markdown',
}

function codeLanguage(lang: string | undefined): NotionCodeLanguage {
  const name = (lang ?? '').trim().toLowerCase()
  return CODE_ALIASES[name] ?? CODE_LANGUAGES.find((known) => known === name) ?? 'plain text'
}

/** A list's items; at depth 0 each keeps what is nested in it as children (one level), deeper ones follow their parent. */
function listBlocks(list: Tokens.List, depth: number): NotionBlock[] {
  const type = list.ordered ? 'numbered_list_item' : 'bulleted_list_item'
  const blocks: NotionBlock[] = []
  for (const item of list.items) {
    const text: NotionRichText[] = []
    const nested: NotionLeafBlock[] = []
    for (const token of item.tokens) {
      if (token.type === 'list') nested.push(...(listBlocks(token as Tokens.List, depth + 1) as NotionLeafBlock[]))
      else if (token.type === 'text' || token.type === 'paragraph') {
        if (text.length > 0) text.push(...richText('\n', PLAIN, null))
        text.push(...inline((token as Tokens.Paragraph).tokens))
      } else if (token.type !== 'checkbox' && token.type !== 'space') nested.push(...(blocksOf([token], depth + 1) as NotionLeafBlock[]))
    }
    const children = depth === 0 && nested.length > 0 ? { children: nested.slice(0, NOTION_CHILDREN_MAX) } : {}
    const items: NotionBlock[] = item.task ? textBlocks('to_do', text, { checked: Boolean(item.checked) }) : textBlocks(type, text, {})
    const [
      first = item.task ? block('to_do', { rich_text: [], checked: Boolean(item.checked) }) : block(type, { rich_text: [] }),
      ...rest
    ] = items
    const withChildren = {
      ...first,
      [first.type]: { ...((first as Record<string, unknown>)[first.type] as object), ...children },
    } as NotionBlock
    blocks.push(withChildren, ...rest)
    // One request nests two levels at most: deeper items join their parent's level.
    if (depth > 0) blocks.push(...nested)
  }
  return blocks
}

function tableBlocks(table: Tokens.Table): NotionLeafBlock[] {
  const width = table.header.length
  const row = (cells: Tokens.TableCell[]) =>
    block('table_row', { cells: Array.from({ length: width }, (_, index) => normalize(inline(cells[index]?.tokens))) })
  const rows = [row(table.header), ...table.rows.map(row)]
  const blocks: NotionLeafBlock[] = []
  for (let start = 0; start < rows.length; start += NOTION_CHILDREN_MAX) {
    blocks.push(
      block('table', {
        table_width: width,
        has_column_header: start === 0,
        has_row_header: false,
        children: rows.slice(start, start + NOTION_CHILDREN_MAX),
      }),
    )
  }
  return blocks
}

function blocksOf(tokens: Token[], depth = 0): NotionBlock[] {
  const blocks: NotionBlock[] = []
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const { depth: level, tokens: content } = token as Tokens.Heading
        const type = level <= 1 ? 'heading_1' : level === 2 ? 'heading_2' : 'heading_3'
        blocks.push(...textBlocks(type, inline(content), {}))
        break
      }
      case 'paragraph':
        blocks.push(...paragraphBlocks((token as Tokens.Paragraph).tokens))
        break
      case 'text':
        blocks.push(...textBlocks('paragraph', inline((token as Tokens.Text).tokens ?? [token]), {}))
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
        blocks.push(...textBlocks('quote', text, {}))
        break
      }
      case 'code': {
        const code = token as Tokens.Code
        blocks.push(...textBlocks('code', richText(code.text, PLAIN, null), { language: codeLanguage(code.lang) }))
        break
      }
      case 'hr':
        blocks.push(block('divider', {}))
        break
      case 'table':
        blocks.push(...tableBlocks(token as Tokens.Table))
        break
      case 'html': {
        const text = decodeEntities(
          (token as Tokens.HTML).text
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
        )
        if (text) blocks.push(...textBlocks('paragraph', richText(text, PLAIN, null), {}))
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

/** Notion takes at most 1000 blocks in one request, nested ones and table rows included. */
export const NOTION_BLOCKS_PER_REQUEST = 1000

/** How many blocks this one is for Notion's per-request count: itself and everything nested in it. */
export function notionBlockCount(block: NotionBlock | NotionTableRow): number {
  const content = (block as Record<string, unknown>)[block.type] as { children?: Array<NotionBlock | NotionTableRow> }
  return 1 + (content.children ?? []).reduce((sum, child) => sum + notionBlockCount(child), 0)
}

/** Splits children into requests Notion accepts: at most `size` top-level items and 1000 blocks in all. */
export function childrenChunks<T>(blocks: T[], size = NOTION_CHILDREN_MAX, weight: (item: T) => number = () => 1): T[][] {
  const chunks: T[][] = []
  let current: T[] = []
  let count = 0
  for (const item of blocks) {
    const itemCount = weight(item)
    if (current.length > 0 && (current.length === size || count + itemCount > NOTION_BLOCKS_PER_REQUEST)) {
      chunks.push(current)
      current = []
      count = 0
    }
    current.push(item)
    count += itemCount
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}
