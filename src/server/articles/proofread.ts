/**
 * The last pass over a generated article's Markdown (docs/product/pipeline.md §4, "proofreading"):
 * slips a writer makes and a reader notices, fixed where the fix cannot change what a sentence says.
 *
 * - Doubled words: "the the" → "the" (not "had had", "that that", "is is" in "what it is is": English
 *   uses them on purpose).
 * - Repeated punctuation: "!!" → "!", ",," → ",", "word.." → "word." (an ellipsis "..." stays; "?!" stays).
 * - Space before punctuation: "word ," → "word," (not before ; : ! ? in French, whose typography
 *   puts a space there).
 * - Stray citation markers: "[1]" or "[12]" that is not a link ("[1](…)", "[text][1]", "[1]: …"): removed.
 * - Emphasis left open: in a paragraph with an odd number of "**" (or "__"), or of "*"/"_" at word
 *   edges, those markers are removed (the words stay, unemphasised): which pair was meant cannot be told.
 * - Empty headings and empty list items: removed. A heading ending with a colon: the colon goes.
 * - Spelling, in English articles only (spelling.ts): "recieve" → "receive" where only one
 *   correction is possible; other unknown words are left as written and listed (`unknownWords`).
 *   Link text is not checked (names in it are seldom dictionary words).
 *
 * Code (fenced, indented or inline), HTML lines, link targets, autolinks and bare addresses are never
 * touched.
 */

import { checkSpelling, knownWords } from './spelling'

export type ProofreadRule =
  | 'doubled-word'
  | 'repeated-punctuation'
  | 'space-before-punctuation'
  | 'stray-citation-marker'
  | 'unbalanced-emphasis'
  | 'empty-heading'
  | 'empty-list-item'
  | 'heading-colon'
  | 'spelling'

export interface ProofreadFix {
  rule: ProofreadRule
  /** The text as it was and as it is now (a word or a line, ≤ 80 characters each). */
  before: string
  after: string
}

export interface ProofreadResult {
  markdown: string
  fixes: ProofreadFix[]
  /** Words the spelling check did not know and left as written (distinct, a few at most). */
  unknownWords: string[]
}

export interface ProofreadOptions {
  /**
   * The article's material (keyword, title, business profile, fetched pages): its words are never
   * corrected or listed by the spelling check.
   */
  knownText?: string[]
}

/** The spelling check's state for one proofreading, or undefined when the language is not English. */
interface SpellingState {
  known: ReadonlySet<string>
  unknown: string[]
}

/** Doubled on purpose in ordinary English. */
const INTENDED_DOUBLES = new Set(['had', 'that', 'is', 'bye', 'no', 'very', 'so', 'really', 'knock', 'ha', 'tut'])
/** Languages whose typography puts a space before ; : ! ? (and inside « »). */
const SPACED_PUNCTUATION_LANGUAGES = /^(?:french|français|fr)\b/i
/** The languages whose spelling is checked (the dictionary installed is English). */
const SPELLING_LANGUAGES = /^(?:english|en)\b/i

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/
const LIST_ITEM_EMPTY = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]*$/
/** Spans no fix may touch: inline code, link targets, autolinks, bare addresses, HTML tags. */
const PROTECTED = /\\[\\`*_{}[\]()#+\-.!]|`+[^`]*`+|\]\([^)]*\)|<[a-z][^>\n]*>|<\/[a-z][^>\n]*>|https?:\/\/[^\s)>\]]+|\]\[[^\]]*\]/giu
/** For the spelling check, whole links and images too: their text is mostly names. */
const PROTECTED_WITH_LINK_TEXT = new RegExp(`!?\\[[^\\]\\n]*\\](?:\\([^)\\n]*\\)|\\[[^\\]\\n]*\\])|${PROTECTED.source}`, 'giu')

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text)

/** Runs `fix` on the text outside protected spans; the protected spans come back as they were. */
function outsideProtected(text: string, fix: (prose: string) => string, protect = PROTECTED): string {
  const kept: string[] = []
  const masked = text.replace(protect, (span) => `\uE000${kept.push(span) - 1}\uE001`)
  return fix(masked).replace(/\uE000(\d+)\uE001/g, (_, index: string) => kept[Number(index)] ?? '')
}

function inlineFixes(text: string, language: string, fixes: ProofreadFix[], spelling: SpellingState | undefined): string {
  const punctuated = outsideProtected(text, (prose) => {
    let out = prose.replace(/(?<![\p{L}\p{N}])(\p{L}+)(?:[ \t]+\1)+(?![\p{L}\p{N}])/giu, (whole, first: string) => {
      const second = whole.slice(first.length).trim()
      // A capital on the second word is most often a name ("Bora Bora", "Walla Walla").
      if (INTENDED_DOUBLES.has(first.toLowerCase()) || /^\p{Lu}/u.test(second)) return whole
      fixes.push({ rule: 'doubled-word', before: whole, after: first })
      return first
    })
    // A stray numbered marker: not a link's label ("[1](…)"), a reference ("[text][1]") or its definition ("[1]: …").
    out = out.replace(/[ \t]?(?<!\])\[\d{1,3}\](?![(:[])/gu, (marker) => {
      fixes.push({ rule: 'stray-citation-marker', before: marker.trim(), after: '' })
      return ''
    })
    out = out.replace(/([!?,;:])\1+|(?<!\.)\.\.(?!\.)/gu, (run) => {
      const single = run[0] ?? ''
      fixes.push({ rule: 'repeated-punctuation', before: run, after: single })
      return single
    })
    const spaced = SPACED_PUNCTUATION_LANGUAGES.test(language.trim()) ? '[,.]' : '[,.;:!?]'
    out = out.replace(
      new RegExp(`([\\p{L}\\p{N}*_)\\]”"’])[ \\t]+(${spaced})(?=\\s|$|[)"”’*_])`, 'gu'),
      (whole: string, last: string, mark: string, offset: number, text: string) => {
        // "1 : 2" is a ratio written with spaces, not a slip.
        if (mark === ':' && /\d/.test(last)) return whole
        // The record names the whole word before the mark ("grams ," → "grams,").
        const word = /[\p{L}\p{N}]*$/u.exec(text.slice(0, offset))?.[0] ?? ''
        fixes.push({ rule: 'space-before-punctuation', before: `${word}${whole}`, after: `${word}${last}${mark}` })
        return `${last}${mark}`
      },
    )
    return out
  })
  if (!spelling) return punctuated
  return outsideProtected(
    punctuated,
    (prose) => checkSpelling(prose, spelling.known, (fix) => fixes.push({ rule: 'spelling', ...fix }), spelling.unknown),
    PROTECTED_WITH_LINK_TEXT,
  )
}

/** Removes emphasis markers of a paragraph when they do not pair up. */
function balanceEmphasis(text: string, fixes: ProofreadFix[]): string {
  return outsideProtected(text, (prose) => {
    let out = prose
    for (const marker of ['**', '__']) {
      const count = out.split(marker).length - 1
      if (count % 2 === 1) {
        const before = out
        out = out.split(marker).join('')
        fixes.push({ rule: 'unbalanced-emphasis', before: clip(before), after: clip(out) })
      }
    }
    // Single markers at a word's edge ("_word", "word*"); a list's "* " and "snake_case" are not emphasis.
    for (const edge of [
      /(?<![\p{L}\p{N}*])[*](?=[^\s*])|(?<=[^\s*])[*](?![\p{L}\p{N}*])/gu,
      /(?<![\p{L}\p{N}_])_(?=[^\s_])|(?<=[^\s_])_(?![\p{L}\p{N}_])/gu,
    ]) {
      const body = out.replace(/^([ \t]*)[*][ \t]/gm, '$1\uE002 ')
      const count = [...body.matchAll(edge)].length
      if (count % 2 === 1) {
        const fixed = body.replace(edge, '').replace(/\uE002/g, '*')
        fixes.push({ rule: 'unbalanced-emphasis', before: clip(out), after: clip(fixed) })
        out = fixed
      }
    }
    return out
  })
}

/** Proofreads the article's Markdown; `language` is the article's (settings' name, e.g. "English"). */
export function proofread(markdown: string, language = 'English', options: ProofreadOptions = {}): ProofreadResult {
  const fixes: ProofreadFix[] = []
  const spelling: SpellingState | undefined = SPELLING_LANGUAGES.test(language.trim())
    ? { known: knownWords(options.knownText ?? []), unknown: [] }
    : undefined
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n')
  const out: string[] = []
  let fence: string | undefined
  let paragraph: string[] = []
  // After a removed line, the blank line that separated it goes too, so no gap doubles.
  let dropBlank = false

  const flush = () => {
    if (paragraph.length === 0) return
    out.push(...balanceEmphasis(paragraph.join('\n'), fixes).split('\n'))
    paragraph = []
  }

  for (const line of lines) {
    if (fence) {
      out.push(line)
      if (line.trim().startsWith(fence)) fence = undefined
      continue
    }
    const opening = FENCE.exec(line)
    if (opening) {
      flush()
      fence = opening[1]?.slice(0, 3)
      out.push(line)
      continue
    }
    // Indented code, HTML blocks and blank lines pass through and end a paragraph.
    if (line.trim() === '' && dropBlank) {
      dropBlank = false
      continue
    }
    dropBlank = false
    if (line.trim() === '' || /^(?: {4}|\t)/.test(line) || /^ {0,3}</.test(line)) {
      flush()
      out.push(line)
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      const text = (heading[2] ?? '').replace(/[ \t]+#+$/, '').trim()
      if (!/[\p{L}\p{N}]/u.test(text)) {
        fixes.push({ rule: 'empty-heading', before: clip(line), after: '' })
        dropBlank = out.length === 0 || out.at(-1)?.trim() === ''
        continue
      }
      // The title (H1) stays as the outline gave it: the meta, the slug and the structured data use it.
      if (heading[1] === '#') {
        out.push(line)
        continue
      }
      let fixed = inlineFixes(text, language, fixes, spelling)
      if (/[ \t]*:$/.test(fixed)) {
        const trimmed = fixed.replace(/[ \t]*:$/, '')
        fixes.push({ rule: 'heading-colon', before: clip(fixed), after: clip(trimmed) })
        fixed = trimmed
      }
      out.push(`${heading[1]} ${fixed}`)
      continue
    }
    if (LIST_ITEM_EMPTY.test(line)) {
      fixes.push({ rule: 'empty-list-item', before: line.trim(), after: '' })
      continue
    }
    // Each list item is a paragraph of its own for emphasis.
    if (/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]/.test(line)) flush()
    paragraph.push(inlineFixes(line, language, fixes, spelling))
  }
  flush()
  const text = out.join('\n')
  return { markdown: markdown.includes('\r\n') ? text.replace(/\n/g, '\r\n') : text, fixes, unknownWords: spelling?.unknown ?? [] }
}
