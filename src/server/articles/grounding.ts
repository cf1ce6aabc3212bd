/**
 * The grounding rule for generated articles: a sentence that states a number must link to a fetched
 * source whose text contains that number, unless the number comes from a trusted text (the business
 * profile, the focus keyword, the title). `checkGrounding` finds every number claim and judges it;
 * `dropUngrounded` removes the sentences that fail.
 *
 * What counts as a number claim:
 * - A quantity: "18", "$18", "1,200", "3.5", "12%", "12 percent", "1:16", "4:30", "93°C", "18g",
 *   "4-minute", "1.2 million", "10k", and each end of a range ("90–96 °C" states 90 and 96).
 * - Years (1900–2100) too: "founded in 2009" or "a 2021 study" are facts a model invents as readily
 *   as a price, and nothing in the text tells a year from any other four-digit number.
 * - Not a claim: a number in a heading, an ordered-list marker, code, a link's URL or an autolink's
 *   text, an image, inline HTML, or a table's header row.
 * - Not a claim: digits glued to a name: a letter right before them ("V60", "H2O"), a hyphen after a
 *   capital or after such a name ("COVID-19", "V60-02"), letters right after them that are not a unit
 *   ("3D", "5G"), or a dotted chain ("1.2.3").
 * - Not a claim: ordinals ("4th", "21st"). They name a position (a step, a wave, an edition) far more
 *   often than they state a measured fact, and flagging every "3rd step" would drown real findings.
 * - A number standing alone after a name ("AeroPress Go 2") IS a claim: it cannot be told from a
 *   quantity, and a needless rewrite costs less than a missed invention.
 *
 * How numbers compare: by a normalised key, as whole tokens. Group separators go ("1,200" = "1200";
 * a comma, no-break, narrow no-break or thin space between groups of three — a plain space is not a
 * separator, so "3 100 g" stays two numbers); the dot is always the decimal point ("3.5" ≠ "35",
 * "3.50" = "3.5"); currency signs and signs are ignored ("$18" = "18"); a percentage keeps its "%"
 * ("12%" = "12 %" = "12 percent", but ≠ "12"); scale words multiply ("1.2 million" = "1,200,000");
 * ratios, times and fractions compare whole ("1:17" ≠ "1:16"), though a source's "1:16" also vouches
 * for 1 and 16 on their own. A source's title counts as part of its text (a link's label often quotes it).
 *
 * The unit of judgement is the sentence of a paragraph, list item or blockquote, and the row of a
 * table. Boundaries never fall inside a link, emphasis or code span, after a decimal point, or after
 * an abbreviation ("e.g.", "U.S.", "approx."). A citation after the full stop ("… 1:16. ([SCA](…))")
 * belongs to the sentence before it.
 */
import { lexer, type MarkedToken, type Token, type Tokens } from 'marked'

export interface GroundingSource {
  url: string
  title: string
  /** The fetched page's readable text. */
  text: string
}

export interface GroundingInput {
  markdown: string
  sources: GroundingSource[]
  /** Texts whose numbers need no citation: the business profile, the focus keyword, the article title. */
  trusted?: string[]
}

export interface NumberClaim {
  /** The sentence's Markdown source, exactly as it appears in the article (a table row: the whole row). */
  sentence: string
  /** Each number claim once, as written ("$18", "1,200", "12%"), trusted numbers left out. */
  numbers: string[]
  /** Every link target in the sentence, as written. */
  citedUrls: string[]
}

export interface Citation {
  url: string
  title: string
  /** The source sentence (≤ 300 characters around the number) that contains the numbers. */
  passage: string
  numbers: string[]
}

export interface UngroundedClaim extends NumberClaim {
  /** no-citation: no link; unknown-source: links, none to a fetched source; not-in-source: a cited source lacks a number. */
  reason: 'no-citation' | 'not-in-source' | 'unknown-source'
  /** The numbers no cited source (nor trusted text) contains. */
  missing: string[]
}

export interface GroundingReport {
  claims: NumberClaim[]
  grounded: Citation[]
  ungrounded: UngroundedClaim[]
}

const MAX_PASSAGE_LENGTH = 300

// ————— Numbers —————

interface NumberToken {
  /** Offsets in the scanned text; `start` includes a currency sign. */
  start: number
  end: number
  surface: string
  key: string
  /** The keys of a ratio's or fraction's parts, which a source vouches for on their own. */
  parts: string[]
  isClaim: boolean
}

const NUMERAL = /\d{1,3}(?:[,\u00A0\u202F\u2009]\d{3})+(?!\d)|\d+/y
const DECIMAL_PART = /\.\d+/y
const COMPOUND_JOIN = /[:/](?=\d)/y
const PERCENT = /[ \u00A0\u202F]?%|[ \u00A0]per ?cent\b/iy
const SCALE_WORD = /[ \u00A0](thousand|million|billion|trillion)\b/iy
const LETTERS = /\p{L}+/uy
const SCALE_PLACES: Record<string, number> = { thousand: 3, million: 6, billion: 9, trillion: 12, k: 3, bn: 9 }
const CURRENCY = '$€£¥'

/** Letters that may follow digits directly and still leave a quantity ("18g", "250ml", "1.5L", "10am", "2x"). */
const UNIT_SUFFIXES = new Set(
  (
    'g kg mg mcg µg ml mL cl dl l L oz lb lbs min mins h hr hrs s sec secs ms cm mm m km ft mph kph x kcal cal ' +
    'W kW kWh V mAh GB MB TB Hz kHz GHz px ppm bar psi C F am pm AM PM d yr yrs wk wks p'
  ).split(' '),
)

function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at
  return pattern.exec(text)?.[0]
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9'
}

/** "1,200.50" → "1200.5", "007" → "7". */
function normalizeNumeral(numeral: string): string {
  const [whole = '', fraction = ''] = numeral.replace(/[,\u00A0\u202F\u2009]/g, '').split('.')
  const integer = whole.replace(/^0+(?=\d)/, '')
  const decimals = fraction.replace(/0+$/, '')
  return decimals ? `${integer}.${decimals}` : integer
}

/** Moves the decimal point right, exactly: ("1.2", 6) → "1200000". */
function shiftDecimal(normalized: string, places: number): string {
  const [integer = '', fraction = ''] = normalized.split('.')
  const digits = integer + fraction.padEnd(places, '0')
  const point = integer.length + places
  return normalizeNumeral(`${digits.slice(0, point)}.${digits.slice(point)}`)
}

/** True when the digits at `start` belong to a name: "V60", "COVID-19", the "02" of "V60-02". */
function isGluedToName(text: string, start: number, previousNameEnd: number): boolean {
  const before = text[start - 1] ?? ''
  if (/\p{L}/u.test(before)) return true
  if (before !== '-' && before !== '_') return false
  return /\p{Lu}/u.test(text[start - 2] ?? '') || start - 1 === previousNameEnd
}

function readNumber(text: string, start: number, previousNameEnd: number): NumberToken {
  const numerals: string[] = []
  const joins: string[] = []
  let end = start
  let isClaim = !isGluedToName(text, start, previousNameEnd)
  for (;;) {
    let numeral = matchAt(NUMERAL, text, end) ?? ''
    end += numeral.length
    for (let decimal = matchAt(DECIMAL_PART, text, end); decimal; decimal = matchAt(DECIMAL_PART, text, end)) {
      if (numeral.includes('.')) isClaim = false
      numeral += decimal
      end += decimal.length
    }
    numerals.push(normalizeNumeral(numeral))
    const join = matchAt(COMPOUND_JOIN, text, end)
    if (!join) break
    joins.push(join)
    end += join.length
  }

  const percent = matchAt(PERCENT, text, end)
  const scaleWord = percent ? undefined : matchAt(SCALE_WORD, text, end)
  const letters = percent || scaleWord ? undefined : matchAt(LETTERS, text, end)
  const scale = scaleWord?.trim().toLowerCase() ?? (letters === 'k' || letters === 'bn' ? letters : undefined)
  // Ordinals ("4th") and names ("3D", "5G") end in letters that are neither a unit nor a scale.
  if (letters && !scale && !UNIT_SUFFIXES.has(letters)) isClaim = false
  end += (percent ?? scaleWord ?? letters ?? '').length

  const compound = numerals.length > 1
  const key = compound
    ? numerals.map((part, index) => (index === 0 ? part : `${joins[index - 1]}${part}`)).join('')
    : `${scale ? shiftDecimal(numerals[0] ?? '', SCALE_PLACES[scale] ?? 0) : numerals[0]}${percent ? '%' : ''}`
  const surfaceStart = CURRENCY.includes(text[start - 1] ?? '_') ? start - 1 : start
  return { start: surfaceStart, end, surface: text.slice(surfaceStart, end), key, parts: compound ? numerals : [], isClaim }
}

/** Every number in the text, claims and names alike, in order. */
function scanNumbers(text: string): NumberToken[] {
  const tokens: NumberToken[] = []
  let previousNameEnd = -1
  for (let at = 0; at < text.length; at++) {
    if (!isDigit(text[at])) continue
    const token = readNumber(text, at, previousNameEnd)
    if (!token.isClaim) previousNameEnd = token.end
    tokens.push(token)
    at = token.end - 1
  }
  return tokens
}

/** The keys a text vouches for: each claim's key and, for ratios and fractions, each part's. */
function vouchedKeys(token: NumberToken): string[] {
  return token.isClaim ? [token.key, ...token.parts] : []
}

// ————— Sentences —————

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
function sentenceSpans(text: string, atoms: readonly Atom[]): Array<[number, number]> {
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

interface Unit {
  markdown: string
  docStart: number
  docEnd: number
  numbers: NumberToken[]
  hrefs: string[]
  /** The sentence's visible text (link labels kept, Markdown syntax gone); a table row has none. */
  text?: string
}

/** A block-level piece of the article, with what dropping sentences needs to know about it. */
interface ArticleNode {
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

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  deg: '°',
  times: '×',
  euro: '€',
  pound: '£',
  percnt: '%',
}

/** Decodes character references, so "&#8211;" reads as "–" and not as the number 8211. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi, (reference, decimal?: string, hex?: string, name?: string) => {
    if (decimal || hex) return String.fromCodePoint(Math.min(Number.parseInt(decimal ?? hex ?? '', decimal ? 10 : 16), 0x10ffff))
    return NAMED_ENTITIES[name?.toLowerCase() ?? ''] ?? reference
  })
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

function readArticle(markdown: string): { doc: string; nodes: ArticleNode[] } {
  const doc = markdown.replace(/\r\n?/g, '\n')
  return { doc, nodes: readBlocks(lexer(doc), { doc, pos: 0 }, false).nodes }
}

function allUnits(nodes: readonly ArticleNode[]): Unit[] {
  return nodes.flatMap((node) => [...node.units, ...allUnits(node.children)])
}

// ————— Judging —————

/** A URL as compared: scheme and host in lower case, no fragment, no trailing slash. */
function normalizeUrl(url: string): string {
  try {
    const parsed = new URL(url.trim())
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`
  } catch {
    return url.trim().replace(/#.*$/, '').replace(/\/+$/, '')
  }
}

/** The source's sentences (≤ 300 characters) by the number keys they vouch for; the first one wins. */
function passagesByKey(source: GroundingSource): Map<string, string> {
  const passages = new Map<string, string>()
  const add = (sentence: string) => {
    for (const token of scanNumbers(sentence)) {
      for (const key of vouchedKeys(token)) if (!passages.has(key)) passages.set(key, excerpt(sentence, token.start, token.end))
    }
  }
  for (const line of source.text.split(/\n+/)) {
    for (const [start, end] of sentenceSpans(line, [])) add(line.slice(start, end))
  }
  add(source.title.trim())
  return passages
}

/** The sentence, or ≤ 300 characters of it centred on [start, end), cut at spaces and marked with "…". */
function excerpt(sentence: string, start: number, end: number): string {
  if (sentence.length <= MAX_PASSAGE_LENGTH) return sentence
  const room = MAX_PASSAGE_LENGTH - 2
  let from = Math.max(0, Math.min(Math.floor((start + end - room) / 2), sentence.length - room))
  let to = from + room
  const spaceAfterFrom = sentence.indexOf(' ', from)
  if (from > 0 && spaceAfterFrom >= 0 && spaceAfterFrom < start) from = spaceAfterFrom + 1
  const spaceBeforeTo = sentence.lastIndexOf(' ', to)
  if (to < sentence.length && spaceBeforeTo >= end) to = spaceBeforeTo
  return `${from > 0 ? '…' : ''}${sentence.slice(from, to).trim()}${to < sentence.length ? '…' : ''}`
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)]
}

/** Judges every sentence of the article that states a number against the sources it links to. */
export function checkGrounding(input: GroundingInput): GroundingReport {
  const trustedKeys = new Set((input.trusted ?? []).flatMap((text) => scanNumbers(text).flatMap(vouchedKeys)))
  const sourcesByUrl = new Map<string, { source: GroundingSource; passages?: Map<string, string> }>()
  for (const source of input.sources) {
    if (!sourcesByUrl.has(normalizeUrl(source.url))) sourcesByUrl.set(normalizeUrl(source.url), { source })
  }
  const evidence = (entry: { source: GroundingSource; passages?: Map<string, string> }) => (entry.passages ??= passagesByKey(entry.source))

  const report: GroundingReport = { claims: [], grounded: [], ungrounded: [] }
  const citations = new Map<string, Citation>()
  for (const unit of allUnits(readArticle(input.markdown).nodes)) {
    const numbers = unit.numbers.filter((number) => !trustedKeys.has(number.key))
    if (numbers.length === 0) continue
    const claim: NumberClaim = { sentence: unit.markdown, numbers: unique(numbers.map((n) => n.surface)), citedUrls: unit.hrefs }
    report.claims.push(claim)

    const cited = unique(unit.hrefs.map(normalizeUrl)).flatMap((url) => sourcesByUrl.get(url) ?? [])
    const found = numbers.map((number) => ({ number, match: cited.find((entry) => evidence(entry).has(number.key)) }))
    const missing = unique(found.flatMap(({ number, match }) => (match ? [] : [number.surface])))
    if (missing.length > 0) {
      const reason = cited.length > 0 ? 'not-in-source' : unit.hrefs.length > 0 ? 'unknown-source' : 'no-citation'
      report.ungrounded.push({ ...claim, reason, missing })
      continue
    }
    for (const { number, match } of found) {
      if (!match) continue
      const passage = evidence(match).get(number.key) ?? ''
      const id = `${match.source.url}\n${passage}`
      const citation = citations.get(id) ?? { url: match.source.url, title: match.source.title, passage, numbers: [] }
      if (!citation.numbers.includes(number.surface)) citation.numbers.push(number.surface)
      citations.set(id, citation)
    }
  }
  report.grounded = [...citations.values()]
  return report
}

/**
 * Every judged sentence of the article (of a paragraph, list item or blockquote; a table's body row
 * whole), as its Markdown source and the link targets in it, in order. Headings, code and HTML are
 * not sentences. Other checks (quotes.ts) read the article through this, so a sentence they fail
 * is removed by `dropSentences` exactly as a number's is.
 */
export function articleSentences(markdown: string): Array<{ sentence: string; text: string; hrefs: string[] }> {
  return allUnits(readArticle(markdown).nodes).map((unit) => ({
    sentence: unit.markdown,
    text: unit.text ?? unit.markdown,
    hrefs: unit.hrefs,
  }))
}

/** A URL as the checks compare it: scheme and host in lower case, no fragment, no trailing slash. */
export { normalizeUrl as comparableUrl }

// ————— Dropping —————

interface Edit {
  start: number
  end: number
  text: string
  /** Remove the whole lines the range touches, and a blank line so that no gap doubles. */
  wholeLines: boolean
}

function isEmptied(node: ArticleNode, removed: ReadonlySet<Unit>): boolean {
  if (node.hasOther || node.units.length + node.children.length === 0) return false
  return node.units.every((unit) => removed.has(unit)) && node.children.every((child) => isEmptied(child, removed))
}

/** Removes each run of removed sentences with the space that separated it from a kept neighbour. */
function sentenceEdits(units: readonly Unit[], removed: ReadonlySet<Unit>, edits: Edit[]): void {
  for (let first = 0; first < units.length; first++) {
    if (!removed.has(units[first] as Unit)) continue
    let last = first
    while (last + 1 < units.length && removed.has(units[last + 1] as Unit)) last++
    const before = units[first - 1]
    const after = units[last + 1]
    const start = after || !before ? (units[first] as Unit).docStart : before.docEnd
    const end = after ? after.docStart : (units[last] as Unit).docEnd
    edits.push({ start, end, text: '', wholeLines: false })
    first = last
  }
}

function collectEdits(doc: string, node: ArticleNode, removed: ReadonlySet<Unit>, edits: Edit[]): void {
  if (!node.sharesLine && isEmptied(node, removed)) {
    edits.push({ start: node.docStart, end: node.docEnd, text: '', wholeLines: true })
    return
  }
  sentenceEdits(node.units, removed, edits)
  for (const child of node.children) collectEdits(doc, child, removed, edits)
  if (node.orderedStart === undefined || !node.children.some((item) => isEmptied(item, removed))) return
  // Numbering restarts from the list's first number, so removing "1." does not leave a list that starts at 2.
  node.children
    .filter((item) => !isEmptied(item, removed))
    .forEach((item, index) => {
      const digits = matchAt(/\d+/y, doc, item.docStart) ?? ''
      const number = String((node.orderedStart ?? 1) + index)
      if (digits && digits !== number)
        edits.push({ start: item.docStart, end: item.docStart + digits.length, text: number, wholeLines: false })
    })
}

const BLANK_LINE = /^[ \t>]*$/

/** Widens [start, end) to whole lines, plus one blank line when blank lines surround it. */
function wholeLineRange(text: string, start: number, end: number): [number, number] {
  let from = text.lastIndexOf('\n', start - 1) + 1
  const newline = text.indexOf('\n', Math.max(start, end - 1))
  let to = newline < 0 ? text.length : newline + 1
  const previousStart = from > 0 ? text.lastIndexOf('\n', from - 2) + 1 : 0
  const blankBefore = from === 0 || BLANK_LINE.test(text.slice(previousStart, from - 1))
  const nextEnd = text.indexOf('\n', to) < 0 ? text.length : text.indexOf('\n', to) + 1
  const blankAfter = to < text.length && BLANK_LINE.test(text.slice(to, nextEnd).replace(/\n$/, ''))
  // Of two blank lines, the one inside a blockquote goes when the block was the quote's last.
  const quotedBefore = from > 0 && text.slice(previousStart, from).includes('>')
  const quotedAfter = text.slice(to, nextEnd).includes('>')
  if (blankBefore && blankAfter && !(quotedBefore && !quotedAfter)) to = nextEnd
  else if (blankBefore && (blankAfter || to === text.length) && from > 0) from = previousStart
  return [from, to]
}

/** The article without the given sentences; a paragraph, list item, table row or list left empty goes too. */
export function dropUngrounded(markdown: string, ungrounded: UngroundedClaim[]): string {
  return dropSentences(
    markdown,
    ungrounded.map((claim) => claim.sentence),
  )
}

/**
 * The article without the given sentences (each as `articleSentences` gives it); a paragraph, list
 * item, table row or list left empty goes too.
 */
export function dropSentences(markdown: string, sentences: readonly string[]): string {
  const targets = new Set(sentences)
  if (targets.size === 0) return markdown
  const { doc, nodes } = readArticle(markdown)
  const removed = new Set(allUnits(nodes).filter((unit) => targets.has(unit.markdown)))
  if (removed.size === 0) return markdown

  const edits: Edit[] = []
  for (const node of nodes) collectEdits(doc, node, removed, edits)
  // Outermost edits first; an edit inside another's range is covered by it.
  edits.sort((a, b) => a.start - b.start || b.end - a.end)
  let reach = 0
  const kept = edits.filter((edit) => {
    if (edit.start < reach) return false
    reach = edit.end
    return true
  })

  let text = doc
  for (const edit of kept.reverse()) {
    const [start, end] = edit.wholeLines ? wholeLineRange(text, edit.start, edit.end) : [edit.start, edit.end]
    text = text.slice(0, start) + edit.text + text.slice(end)
  }
  return markdown.includes('\r\n') ? text.replace(/\n/g, '\r\n') : text
}
