/**
 * Small text tools several features share: rough sentence splitting, English stop words and HTML
 * character references. Article text is measured with readability.ts instead, whose sentence
 * split knows abbreviations ("e.g.", "Dr.") and initials.
 */

/** Where a sentence ends: after ".", "!" or "?" (and a closing quote or bracket), at the white space before the next. */
export const SENTENCE_BREAK = /(?<=[.!?]["”’)]?)\s+/u

/** A short text's sentences at SENTENCE_BREAK, trimmed, without empty ones. */
export const roughSentences = (text: string): string[] =>
  text
    .split(SENTENCE_BREAK)
    .map((sentence) => sentence.trim())
    .filter(Boolean)

/** The commonest English function words, lowercase: words that never say what a text is about. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an and are as at be by can do does for from has have how i in is it its of on or our than that the then these this to
  was we what when where which who why will with you your`.split(/\s+/),
)

/** STOP_WORDS and a purpose's own (space-separated, lowercase). */
export const stopWordsWith = (extra: string): ReadonlySet<string> => new Set([...STOP_WORDS, ...extra.split(/\s+/).filter(Boolean)])

/** The named character references decodeEntities knows: the markup ones and common typography. */
export const NAMED_ENTITIES: Readonly<Record<string, string>> = {
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

/**
 * Decodes character references, so "&#8211;" reads as "–" and not as the number 8211. Numbers
 * past the last code point decode to it; unknown names stay as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi, (reference, decimal?: string, hex?: string, name?: string) => {
    if (decimal || hex) return String.fromCodePoint(Math.min(Number.parseInt(decimal ?? hex ?? '', decimal ? 10 : 16), 0x10ffff))
    return NAMED_ENTITIES[name?.toLowerCase() ?? ''] ?? reference
  })
}
