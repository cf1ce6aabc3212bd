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
import { allUnits, readArticle, sentenceSpans, type ArticleNode, type Unit } from './article-units'
import { matchAt, scanNumbers, vouchedKeys } from './numbers'

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
