import { getDefaults, Lexer, type MarkedToken, type Token } from 'marked'

// Reading the Markdown: the article's readable text in blocks, and the links it makes.

export type OutlineBlock = { kind: 'heading'; depth: number; text: string } | { kind: 'prose' | 'table'; text: string }

interface ArticleOutline {
  /** Readable text in document order: code blocks, raw HTML, image alt texts and bare URLs left out. */
  blocks: OutlineBlock[]
  hrefs: string[]
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The lexer leaves character references in text as written; words are counted on the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi, (reference, decimal, hex, name) => {
    const codePoint = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined
    if (codePoint !== undefined) return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference
    return NAMED_ENTITIES[name.toLowerCase()] ?? reference
  })
}

const LOOKS_LIKE_URL = /^(?:[a-z][a-z\d+.-]*:|www\.)\S*$/i

function inlineText(tokens: Token[], hrefs: string[]): string {
  let text = ''
  for (const token of tokens as MarkedToken[]) {
    if (token.type === 'link') {
      hrefs.push(token.href)
      if (!token.autolink && !LOOKS_LIKE_URL.test(token.text.trim())) text += inlineText(token.tokens, hrefs)
    } else if (token.type === 'br') text += ' '
    else if (token.type === 'codespan' || token.type === 'escape') text += token.text
    else if (token.type === 'text') text += token.tokens ? inlineText(token.tokens, hrefs) : decodeEntities(token.text)
    else if (token.type === 'strong' || token.type === 'em' || token.type === 'del') text += inlineText(token.tokens, hrefs)
    // Images, inline HTML tags and checkboxes have no text a reader sees in the flow.
  }
  return text
}

function collectBlocks(tokens: Token[], outline: ArticleOutline): void {
  const add = (block: OutlineBlock) => {
    if (block.text.trim() !== '') outline.blocks.push(block)
  }
  for (const token of tokens as MarkedToken[]) {
    if (token.type === 'heading') add({ kind: 'heading', depth: token.depth, text: inlineText(token.tokens, outline.hrefs) })
    else if (token.type === 'paragraph' || token.type === 'text') {
      add({ kind: 'prose', text: token.tokens ? inlineText(token.tokens, outline.hrefs) : decodeEntities(token.text) })
    } else if (token.type === 'list') for (const item of token.items) collectBlocks(item.tokens, outline)
    else if (token.type === 'blockquote') collectBlocks(token.tokens, outline)
    else if (token.type === 'table') {
      for (const row of [token.header, ...token.rows]) {
        add({ kind: 'table', text: row.map((cell) => inlineText(cell.tokens, outline.hrefs)).join(' ') })
      }
    }
    // Code blocks, raw HTML blocks, rules and link definitions hold no article prose.
  }
}

export function readOutline(markdown: string): ArticleOutline {
  const outline: ArticleOutline = { blocks: [], hrefs: [] }
  // Fresh defaults, so options another module set on the shared `marked` instance do not apply.
  collectBlocks(Lexer.lex(markdown, getDefaults()), outline)
  return outline
}
