/**
 * The quote rule for generated articles (docs/product/pipeline.md §4, "citations"): a quotation, or
 * a statement attributed to someone, must be on the page it cites, word for word. `checkQuotes`
 * finds every quotation and attributed statement of the article and looks for it; the sentences
 * whose text is on no page are removed (`dropSentences` of grounding.ts, as for numbers: a rewrite
 * is another paid call that can fail the same way).
 *
 * What counts:
 * - A quotation: text between "…", “…”, „…“ (or „…”) or «…». Not a quotation: scare quotes of one to
 *   three words ("so-called “fresh” beans"), and titles (text in Title Case with no sentence
 *   punctuation, text after "titled", "called" or "named", or a source page's own title). A
 *   quotation of several sentences is one quotation, and all its sentences go when it fails.
 * - An attributed statement: "According to X, …", "As X says/notes/puts it, …" or "X says/said/
 *   writes/notes/explains/reports/recommends/found (that) …" (a name or noun phrase starting with a
 *   capital) in a sentence that links to a page. What X is said to
 *   have said (the clause after the attribution) is what must be on the page. An attributed
 *   sentence that also quotes is judged by its quotation.
 *
 * Where it must be: on the pages the sentence links to that were fetched; a sentence that links to
 * none of them (no link, or only internal links) may be vouched for by any fetched page.
 *
 * How text compares (normalised match): case, accents' composition, whitespace, punctuation and
 * quote styles are ignored, words compared whole; an ellipsis ("…", "...", "[…]") in a quotation
 * is a gap: its parts must appear in the page in that order.
 */
import { articleSentences, comparableUrl, type GroundingSource } from './grounding'

export interface QuoteInput {
  markdown: string
  sources: GroundingSource[]
}

export interface QuoteFinding {
  /** The sentence's Markdown source, exactly as in the article. */
  sentence: string
  /** Every sentence the quotation spans (one, unless it quotes several): what `dropSentences` removes. */
  sentences: string[]
  /** The quotation's text, or the attributed statement's clause. */
  quote: string
  kind: 'quotation' | 'attribution'
  /** The fetched page that holds it; absent when none does. */
  found?: { url: string; title: string }
  /** The fetched pages it was looked for in (the cited ones, else all). */
  searched: Array<{ url: string; title: string }>
}

export interface QuoteReport {
  /** Every quotation and attributed statement, in article order. */
  checked: QuoteFinding[]
  /** The ones no page holds: their sentences are to be removed. */
  missing: QuoteFinding[]
}

/** A quotation this short is a scare quote or a term, not a quoted statement. */
const MIN_QUOTE_WORDS = 4

/** Opening mark → the closing marks that end it. */
const QUOTE_PAIRS: Record<string, string> = { '"': '"', '“': '”', '„': '“”', '«': '»' }
const OPENERS = new Set(Object.keys(QUOTE_PAIRS))
const TITLE_LEAD = /\b(?:titled|entitled|called|named|headlined|dubbed)\s*[:,]?\s*$/i
const SMALL_WORDS = new Set(
  'a an and as at but by for from in into of on or the to vs via with de la le les des du et el los las y der die das und von zu'.split(
    ' ',
  ),
)
const ELLIPSIS = /\s*(?:\[…\]|\[\.\.\.\]|…|\.{3,})\s*/gu

const ATTRIBUTION_VERBS = [
  'says?|said|notes?|noted|writes?|wrote|explains?|explained|argues?|argued|states?|stated|reports?|reported|claims?|claimed',
  'recommends?|recommended|points? out|pointed out|puts it|put it|observes?|observed|warns?|warned|adds?|added|advises?|advised',
  'finds|found|suggests?|suggested',
].join('|')
const ACCORDING_TO = /^(?:[^,]{0,40}?\s)?according to [^,]{2,80},\s*(.+)$/iu
const AS_X_SAYS = new RegExp(`^as [^,]{2,80}? (?:${ATTRIBUTION_VERBS}),\\s*(.+)$`, 'iu')
const X_SAYS = new RegExp(`^(\\p{Lu}[^,;:]{0,60}?) (?:${ATTRIBUTION_VERBS})(?:,| that)\\s*(.+)$`, 'u')

/** The words of a text as compared: lower case, composed, punctuation and quote marks gone. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * True when the quotation is in the text: its parts between ellipses, each a whole-word run of the
 * normalised text, in order. A quotation with no words is never "found".
 */
export function quoteAppearsIn(quote: string, text: string): boolean {
  const parts = quote
    .split(ELLIPSIS)
    .map(normalizeForMatch)
    .filter((part) => part.length > 0)
  if (parts.length === 0) return false
  const haystack = ` ${normalizeForMatch(text)} `
  let from = 0
  for (const part of parts) {
    const at = haystack.indexOf(` ${part} `, from)
    if (at < 0) return false
    from = at + part.length + 1
  }
  return true
}

const wordCount = (text: string) => normalizeForMatch(text.replace(ELLIPSIS, ' ')).split(' ').filter(Boolean).length

/** Title Case with no sentence punctuation inside: "The Art of Espresso", not a quoted statement. */
function isTitleLike(text: string): boolean {
  if (/[.!?;,]\s|[.!?]$/.test(text.trim())) return false
  const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word))
  return words.length > 0 && words.every((word, index) => (index > 0 && SMALL_WORDS.has(word.toLowerCase())) || /^\P{Ll}/u.test(word))
}

/** The quotations of a sentence's visible text, with what comes before each (to tell a title). */
function quotations(text: string): Array<{ quote: string; before: string }> {
  return scanQuotations(text).found
}

/** The quotations of a text, and whether a quotation mark opens and is not closed in it. */
function scanQuotations(text: string): { found: Array<{ quote: string; before: string }>; open: boolean } {
  const found: Array<{ quote: string; before: string }> = []
  for (let at = 0; at < text.length; at++) {
    const mark = text[at] ?? ''
    if (!OPENERS.has(mark)) continue
    // A straight double quote opens only at the start of a word run ("He said "x"", not 5" or a closing one).
    if (mark === '"' && /[\p{L}\p{N}]/u.test(text[at - 1] ?? '')) continue
    const closers = QUOTE_PAIRS[mark] ?? ''
    let end = at + 1
    while (end < text.length && !closers.includes(text[end] ?? '')) end++
    if (end >= text.length) return { found, open: true }
    // A full stop or comma inside the closing mark is punctuation of the article's sentence.
    found.push({
      quote: text
        .slice(at + 1, end)
        .trim()
        .replace(/[.,;:]+$/u, ''),
      before: text.slice(0, at),
    })
    at = end
  }
  return { found, open: false }
}

/** A quotation may hold several sentences ("“Grind fresh. Brew at once.”"): at most this many are read as one. */
const MAX_QUOTED_SENTENCES = 4

/**
 * The article's sentences, those a quotation spans joined into one: a sentence that opens a
 * quotation it does not close is read with the ones after it until the quotation closes.
 */
function quotingUnits(markdown: string): Array<{ sentences: string[]; text: string; hrefs: string[] }> {
  const sentences = articleSentences(markdown)
  const units: Array<{ sentences: string[]; text: string; hrefs: string[] }> = []
  for (let index = 0; index < sentences.length; index++) {
    const first = sentences[index]!
    const unit = { sentences: [first.sentence], text: first.text, hrefs: [...first.hrefs] }
    if (scanQuotations(first.text).open) {
      const limit = Math.min(sentences.length, index + MAX_QUOTED_SENTENCES)
      let joined = first.text
      for (let next = index + 1; next < limit; next++) {
        joined = `${joined} ${sentences[next]!.text}`
        if (scanQuotations(joined).open) continue
        const spanned = sentences.slice(index + 1, next + 1)
        unit.sentences.push(...spanned.map((item) => item.sentence))
        unit.hrefs.push(...spanned.flatMap((item) => item.hrefs))
        unit.text = joined
        index = next
        break
      }
    }
    units.push(unit)
  }
  return units
}

/** The attributed clause of a sentence ("According to the SCA, water should…" → "water should…"), if any. */
function attributedClause(text: string): string | undefined {
  // The citation in brackets at the end ("… ([SCA](…)).") is not part of what was said.
  const sentence = text
    .trim()
    .replace(/\s*\([^()]*\)\s*([.!?…]*)$/u, '$1')
    .replace(/[.!?…]+$/u, '')
  for (const pattern of [ACCORDING_TO, AS_X_SAYS, X_SAYS]) {
    const match = pattern.exec(sentence)
    const clause = match?.at(-1)?.trim()
    if (clause && wordCount(clause) >= MIN_QUOTE_WORDS) return clause
  }
  return undefined
}

/** Checks every quotation and attributed statement of the article against the fetched pages. */
export function checkQuotes(input: QuoteInput): QuoteReport {
  const byUrl = new Map<string, GroundingSource>()
  for (const source of input.sources) if (!byUrl.has(comparableUrl(source.url))) byUrl.set(comparableUrl(source.url), source)
  const titles = new Set(input.sources.map((source) => normalizeForMatch(source.title)).filter(Boolean))
  const report: QuoteReport = { checked: [], missing: [] }

  for (const { sentences, text, hrefs } of quotingUnits(input.markdown)) {
    const sentence = sentences[0] ?? ''
    const quoted = quotations(text)
      .filter(({ quote, before }) => wordCount(quote) >= MIN_QUOTE_WORDS && !TITLE_LEAD.test(before))
      .filter(({ quote }) => !isTitleLike(quote) && !titles.has(normalizeForMatch(quote)))
      .map(({ quote }) => ({ quote, kind: 'quotation' as const }))
    const clause = quoted.length === 0 && hrefs.length > 0 ? attributedClause(text) : undefined
    const claims = clause ? [{ quote: clause, kind: 'attribution' as const }] : quoted
    if (claims.length === 0) continue

    const cited = [...new Set(hrefs.map(comparableUrl))].flatMap((url) => byUrl.get(url) ?? [])
    const pages = cited.length > 0 ? cited : input.sources
    const searched = pages.map(({ url, title }) => ({ url, title }))
    for (const claim of claims) {
      const page = pages.find((source) => quoteAppearsIn(claim.quote, `${source.title}\n${source.text}`))
      const finding: QuoteFinding = {
        sentence,
        sentences,
        ...claim,
        searched,
        ...(page ? { found: { url: page.url, title: page.title } } : {}),
      }
      report.checked.push(finding)
      if (!page) report.missing.push(finding)
    }
  }
  return report
}

/** Why a quotation was removed, as the article's fact check shows it: "not found in Espresso Brewing Guide". */
export function missingReason(finding: QuoteFinding): string {
  const names = finding.searched.map((page) => page.title || page.url)
  if (names.length === 0) return 'no source was read'
  if (names.length === 1) return `not found in ${names[0]}`
  return finding.searched.length > 2 ? `not found in any of the ${names.length} sources` : `not found in ${names.join(' or ')}`
}
