/**
 * The article as the grounding check reads it (grounding.ts): its Markdown parsed into block-level
 * nodes and judged units (each sentence of a paragraph, list item or blockquote; a table row
 * whole), each with its numbers, its links and its place in the document, so that a failing
 * sentence can be removed exactly.
 */
import { lexer, type MarkedToken, type Token, type Tokens } from 'marked'
import { matchAt, scanNumbers, type NumberToken } from './numbers'
import { decodeEntities } from '~/shared/text-kit'

/** A stretch of a block that a sentence boundary never cuts: a link, emphasis, code, an image. */
interface Atom {
  start: number
  end: number
  docStart: number
  docEnd: number
  href?: string
}

const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s)/g
const NEXT_VISIBLE = /\s*\S/uy
const ABBREVIATIONS = new Set(['approx', 'ca', 'cf', 'vs', 'etc', 'incl', 'esp', 'est', 'fig', 'no', 'nos', 'vol', 'pp'])
const TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'jr', 'sr'])

/** True when the full stop at `dot` ends an abbreviation ("e.g.", "U.S.", "approx.") rather than a sentence. */
function endsAbbreviation(text: string, dot: number, next: string): boolean {
  if (text[dot] !== '.') return false
  const word = (/[\p{L}.]*$/u.exec(text.slice(Math.max(0, dot - 24), dot))?.[0] ?? '').replace(/^\.+/, '')
  const lower = word.toLowerCase()
  // Initials: "U.S.", "e.g.", or one capital after a space ("J. Smith"), unlike the unit in "brew at 93 °C.".
  const isInitial = /^\p{L}(?:\.\p{L})+$/u.test(word) || (/^\p{Lu}$/u.test(word) && /(?:^|\s)$/u.test(text.slice(0, dot - 1)))
  if (TITLES.has(lower) || isInitial) return true
  // "etc." and "no." also end sentences; before a capital they most often do.
  return ABBREVIATIONS.has(lower) && !(/\p{Lu}/u.test(next) && (lower === 'etc' || lower === 'no'))
}

/** Sentence spans [start, end) of the text, trimmed, never cutting an atom. */
export function sentenceSpans(text: string, atoms: readonly Atom[]): Array<[number, number]> {
  const cuts = [0]
  for (const match of text.matchAll(SENTENCE_END)) {
    const cut = match.index + match[0].length
    const next = matchAt(NEXT_VISIBLE, text, cut)?.trimStart() ?? ''
    if (!next || /\p{Ll}/u.test(next) || endsAbbreviation(text, match.index, next)) continue
    if (atoms.some((atom) => atom.start < cut && cut < atom.end)) continue
    cuts.push(cut)
  }
  cuts.push(text.length)

  const spans: Array<[number, number]> = []
  for (let index = 1; index < cuts.length; index++) {
    let start = cuts[index - 1] ?? 0
    let end = cuts[index] ?? 0
    while (start < end && /\s/u.test(text[start] ?? '')) start++
    while (end > start && /\s/u.test(text[end - 1] ?? '')) end--
    if (start === end) continue
    const previous = spans.at(-1)
    if (previous && isCitationOnly(text, start, end, atoms)) previous[1] = end
    else spans.push([start, end])
  }
  return spans
}

/** True when, outside its links, the span holds no letter or digit: "([SCA](https://sca.coffee))". */
function isCitationOnly(text: string, start: number, end: number, atoms: readonly Atom[]): boolean {
  for (let at = start; at < end; at++) {
    const inLink = atoms.some((atom) => atom.href !== undefined && atom.start <= at && at < atom.end)
    if (!inLink && /[\p{L}\p{N}]/u.test(text[at] ?? '')) return false
  }
  return true
}

// ————— Reading the Markdown —————

/** Visible text of a paragraph, list item text or table row, with the document offset of each character. */
interface Block {
  plain: string
  docAt: number[]
  /** Per character: may a number here be a claim (false in code, images, autolink text, separators). */
  countable: boolean[]
  atoms: Atom[]
}

export interface Unit {
  markdown: string
  docStart: number
  docEnd: number
  numbers: NumberToken[]
  hrefs: string[]
  /** The sentence's visible text (link labels kept, Markdown syntax gone); a table row has none. */
  text?: string
}

/** A block-level piece of the article, with what dropping sentences needs to know about it. */
export interface ArticleNode {
  docStart: number
  docEnd: number
  units: Unit[]
  children: ArticleNode[]
  /** Holds something that is not judged (code, a heading, HTML), so it never becomes empty. */
  hasOther: boolean
  /** Starts on the line of a list marker, so removing its lines would take the item's marker too. */
  sharesLine: boolean
  /** An ordered list's first number. */
  orderedStart?: number
}

interface Cursor {
  doc: string
  pos: number
}

interface Located {
  /** Document offset of each character of the raw text, then of its end. */
  offsets: number[]
  /** Document range of the raw text without surrounding whitespace. */
  start: number
  end: number
}

/**
 * Finds a token's raw text in the document from the cursor on. Nested tokens' raw text lacks the
 * indentation, "> " and list-marker prefixes of the lines it spans (and marked expands tabs), so
 * each line is found by its content after the previous line's end.
 */
function locate(cursor: Cursor, raw: string): Located {
  const { doc } = cursor
  const offsets: number[] = []
  let pos = cursor.pos
  raw.split('\n').forEach((line, index) => {
    if (index > 0) {
      const newline = doc.indexOf('\n', pos)
      offsets.push(newline < 0 ? pos : newline)
      pos = newline < 0 ? pos : newline + 1
    }
    const content = line.trimStart()
    const lead = line.length - content.length
    const found = content ? doc.indexOf(content, pos) : pos
    const start = found < 0 ? pos : found
    for (let k = 0; k < lead; k++) offsets.push(Math.max(pos, start - lead + k))
    for (let k = 0; k < content.length; k++) offsets.push(start + k)
    pos = start + content.length
  })
  offsets.push(pos)
  const first = raw.search(/\S/u)
  const last = raw.trimEnd().length
  return {
    offsets,
    start: first < 0 ? cursor.pos : (offsets[first] ?? pos),
    end: first < 0 ? cursor.pos : (offsets[last - 1] ?? pos) + 1,
  }
}

/** Appends text whose raw source was located; characters the raw lacks map to the nearest earlier position. */
function appendText(block: Block, text: string, raw: string, located: Located, countable: boolean): void {
  const verbatim = text === raw
  let rawAt = 0
  for (let index = 0; index < text.length; index++) {
    const found = verbatim ? index : raw.indexOf(text[index] ?? '', rawAt)
    block.docAt.push(located.offsets[found < 0 ? Math.min(rawAt, raw.length) : found] ?? located.start)
    if (found >= 0) rawAt = found + 1
    block.plain += text[index]
    block.countable.push(countable)
  }
}

/** Appends text that has no source of its own (a line break, the gap between table cells) at a document offset. */
function appendGap(block: Block, text: string, at: number): void {
  for (const char of text) {
    block.plain += char
    block.docAt.push(at)
    block.countable.push(false)
  }
}

function appendInline(block: Block, tokens: readonly Token[], cursor: Cursor, countable: boolean): void {
  for (const generic of tokens) {
    const token = generic as MarkedToken
    const located = locate(cursor, token.raw)
    const start = block.plain.length
    switch (token.type) {
      case 'link':
      case 'strong':
      case 'em':
      case 'del': {
        const isBareUrl = token.type === 'link' && (token.autolink === true || token.text === token.href)
        cursor.pos = located.start
        appendInline(block, token.tokens, cursor, countable && !isBareUrl)
        const href = token.type === 'link' ? token.href : undefined
        block.atoms.push({ start, end: block.plain.length, docStart: located.start, docEnd: located.end, href })
        break
      }
      case 'text':
        if (token.tokens) {
          cursor.pos = located.start
          appendInline(block, token.tokens, cursor, countable)
        } else appendText(block, decodeEntities(token.text), token.raw, located, countable)
        break
      case 'escape':
        appendText(block, token.text, token.raw, located, countable)
        break
      case 'br':
        appendGap(block, '\n', located.start)
        break
      case 'codespan':
        appendText(block, token.text, token.raw, located, false)
        block.atoms.push({ start, end: block.plain.length, docStart: located.start, docEnd: located.end })
        break
      default:
        // Images, inline HTML: not prose, but a sentence that holds one removes it whole.
        block.atoms.push({ start, end: start, docStart: located.start, docEnd: located.end })
    }
    cursor.pos = located.offsets.at(-1) ?? cursor.pos
  }
}

function emptyBlock(): Block {
  return { plain: '', docAt: [], countable: [], atoms: [] }
}

function makeUnit(doc: string, block: Block, numbers: readonly NumberToken[], start: number, end: number): Unit {
  const atoms = block.atoms.filter(
    (atom) => (atom.start < end && atom.end > start) || (atom.start === atom.end && atom.start > start && atom.start < end),
  )
  const docStart = Math.min(block.docAt[start] ?? 0, ...atoms.map((atom) => atom.docStart))
  const docEnd = Math.max((block.docAt[end - 1] ?? 0) + 1, ...atoms.map((atom) => atom.docEnd))
  const hrefs = [...new Set(atoms.flatMap((atom) => (atom.href === undefined ? [] : [atom.href])))]
  const inSpan = numbers.filter((number) => number.isClaim && number.start >= start && number.start < end)
  return { markdown: doc.slice(docStart, docEnd), docStart, docEnd, numbers: inSpan, hrefs, text: block.plain.slice(start, end) }
}

/** Numbers of the block's countable text; everything else is masked so it can neither be nor join a number. */
function blockNumbers(block: Block): NumberToken[] {
  return scanNumbers(block.plain.replace(/[\s\S]/g, (char, index: number) => (block.countable[index] ? char : '\uFFFC')))
}

function textNode(tokens: readonly Token[], located: Located, cursor: Cursor, sharesLine: boolean): ArticleNode {
  const block = emptyBlock()
  cursor.pos = located.start
  appendInline(block, tokens, cursor, true)
  const numbers = blockNumbers(block)
  const units = sentenceSpans(block.plain, block.atoms).map(([start, end]) => makeUnit(cursor.doc, block, numbers, start, end))
  return { docStart: located.start, docEnd: located.end, units, children: [], hasOther: false, sharesLine }
}

const LIST_MARKER = /[-+*]|\d{1,9}[.)]/y

function listItemNode(item: Tokens.ListItem, cursor: Cursor): ArticleNode {
  const located = locate(cursor, item.raw)
  const marker = matchAt(LIST_MARKER, cursor.doc, located.start) ?? ''
  cursor.pos = located.start + marker.length
  const { nodes, hasOther } = readBlocks(item.tokens, cursor, true)
  return { docStart: located.start, docEnd: located.end, units: [], children: nodes, hasOther, sharesLine: false }
}

/** A table: its header row is not judged; each body row is one unit, removed as a whole line. */
function tableNode(table: Tokens.Table, located: Located, cursor: Cursor, sharesLine: boolean): ArticleNode {
  const { doc } = cursor
  cursor.pos = located.start
  for (const cell of table.header) appendInline(emptyBlock(), cell.tokens, cursor, false)
  const headerEnd = doc.indexOf('\n', cursor.pos)
  let lineStart = doc.indexOf('\n', headerEnd + 1) + 1
  const rows = table.rows.map((cells) => {
    const lineEnd = doc.indexOf('\n', lineStart) < 0 ? doc.length : doc.indexOf('\n', lineStart)
    const block = emptyBlock()
    cursor.pos = lineStart
    for (const cell of cells) {
      appendInline(block, cell.tokens, cursor, true)
      appendGap(block, ' | ', cursor.pos)
    }
    const numbers = blockNumbers(block).filter((number) => number.isClaim)
    const hrefs = [...new Set(block.atoms.flatMap((atom) => (atom.href === undefined ? [] : [atom.href])))]
    const unit: Unit = { markdown: doc.slice(lineStart, lineEnd).trim(), docStart: lineStart, docEnd: lineEnd, numbers, hrefs }
    const row: ArticleNode = { docStart: lineStart, docEnd: lineEnd, units: [unit], children: [], hasOther: false, sharesLine: false }
    lineStart = lineEnd + 1
    return row
  })
  return { docStart: located.start, docEnd: located.end, units: [], children: rows, hasOther: false, sharesLine }
}

/** Reads block tokens in document order; `firstSharesLine` marks the first one as sitting on a list marker's line. */
function readBlocks(tokens: readonly Token[], cursor: Cursor, firstSharesLine: boolean): { nodes: ArticleNode[]; hasOther: boolean } {
  const nodes: ArticleNode[] = []
  let hasOther = false
  let sharesLine = firstSharesLine
  for (const generic of tokens) {
    const token = generic as MarkedToken
    const located = locate(cursor, token.raw)
    if (token.type === 'space' || token.type === 'checkbox' || token.type === 'def') {
      cursor.pos = located.offsets.at(-1) ?? cursor.pos
      continue
    }
    switch (token.type) {
      case 'paragraph':
      case 'text':
        nodes.push(textNode(token.tokens ?? [], located, cursor, sharesLine))
        break
      case 'list': {
        cursor.pos = located.start
        const items = token.items.map((item) => listItemNode(item, cursor))
        const orderedStart = token.ordered ? Number(token.start === '' ? 1 : token.start) : undefined
        nodes.push({ docStart: located.start, docEnd: located.end, units: [], children: items, hasOther: false, sharesLine, orderedStart })
        break
      }
      case 'blockquote': {
        cursor.pos = located.start
        const inner = readBlocks(token.tokens, cursor, sharesLine)
        nodes.push({ docStart: located.start, docEnd: located.end, units: [], children: inner.nodes, hasOther: inner.hasOther, sharesLine })
        break
      }
      case 'table':
        nodes.push(tableNode(token, located, cursor, sharesLine))
        break
      default:
        // Headings, code, HTML, rules: never judged.
        hasOther = true
    }
    sharesLine = false
    cursor.pos = located.offsets.at(-1) ?? cursor.pos
  }
  return { nodes, hasOther }
}

export function readArticle(markdown: string): { doc: string; nodes: ArticleNode[] } {
  const doc = markdown.replace(/\r\n?/g, '\n')
  return { doc, nodes: readBlocks(lexer(doc), { doc, pos: 0 }, false).nodes }
}

export function allUnits(nodes: readonly ArticleNode[]): Unit[] {
  return nodes.flatMap((node) => [...node.units, ...allUnits(node.children)])
}
