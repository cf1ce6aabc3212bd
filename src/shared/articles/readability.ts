/**
 * Readability measures for article text. Every function here takes plain text, not Markdown: the
 * caller strips the syntax first (the SEO score does it with the Markdown lexer). A blank line
 * always ends a sentence, so a caller can join headings, paragraphs and list items with "\n\n"
 * and have each counted on its own even without a final full stop.
 */

/** A word: letters or digits, with inner apostrophes and hyphens ("don't", "well-known", "3.5"). */
const WORD = /[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu

export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? []
}

export function countWords(text: string): number {
  return wordsOf(text).length
}

/**
 * Abbreviations that precede a name or a further clause and so never end a sentence, lowercase,
 * without their full stop. Dotted abbreviations such as "e.g.", "i.e.", "U.S." and "a.m." are
 * recognised by their shape instead.
 */
const NON_FINAL_ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'sr', 'jr', 'vs', 'cf', 'approx', 'fig'])

/** A dotted abbreviation: "e.g.", "i.e.", "U.S.", "a.m.". */
const DOTTED_ABBREVIATION = /^(?:\p{L}\.){2,}$/u

/** End punctuation, any closing quotes or brackets after it, then the white space before the next sentence. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)/gu

/** The run of characters that are not white space ending at `end`, opening punctuation removed. */
function tokenEndingAt(text: string, end: number): string {
  let start = end
  while (start > 0 && !/\s/.test(text[start - 1])) start -= 1
  return text.slice(start, end).replace(/^[^\p{L}\p{N}]+/u, '')
}

/**
 * Whether the terminator ending at `end` closes a sentence. A sentence never ends before a
 * lowercase word, which keeps "e.g. beans", "3 p.m. tomorrow" and "wait... then" whole; a full
 * stop between two characters that are not white space ("3.5 grams") is never a candidate.
 */
function endsSentence(block: string, end: number): boolean {
  let next = end
  while (next < block.length && /\s/.test(block[next])) next += 1
  if (next === block.length) return true
  if (/\p{Ll}/u.test(block[next])) return false
  const lastToken = tokenEndingAt(block, end)
  if (!lastToken.endsWith('.') || lastToken.endsWith('..')) return true
  const word = lastToken.slice(0, -1)
  if (NON_FINAL_ABBREVIATIONS.has(word.toLowerCase())) return false
  // A single capital is an initial ("J. Smith"); a dotted abbreviation is taken to continue.
  return !/^\p{Lu}$/u.test(word) && !DOTTED_ABBREVIATION.test(lastToken)
}

/** The sentences of a text, trimmed; fragments without a word (a stray "—") are dropped. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = []
  for (const block of text.split(/\n\s*\n/)) {
    let start = 0
    for (const match of block.matchAll(SENTENCE_END)) {
      const end = match.index + match[0].length
      if (endsSentence(block, end)) {
        sentences.push(block.slice(start, end))
        start = end
      }
    }
    sentences.push(block.slice(start))
  }
  return sentences.map((sentence) => sentence.trim()).filter((sentence) => countWords(sentence) > 0)
}

export interface SentenceStats {
  sentences: number
  words: number
  /** Words per sentence; 0 when the text has no sentence. */
  averageWordsPerSentence: number
}

export function sentenceStats(text: string): SentenceStats {
  const sentences = splitSentences(text).length
  const words = countWords(text)
  return { sentences, words, averageWordsPerSentence: sentences === 0 ? 0 : words / sentences }
}

/**
 * An English syllable estimate: groups of vowels (y included), less a silent final "e" ("make"),
 * except in a consonant + "le" ending ("table") or when accented ("café"), at least one per word.
 * Other accents are ignored and a word without letters (a number) counts as one.
 */
export function countSyllables(word: string): number {
  const lowercase = word.normalize('NFC').toLowerCase()
  const letters = lowercase.normalize('NFD').replace(/[^a-z]/g, '')
  if (letters.length <= 3) return 1
  let syllables = letters.match(/[aeiouy]+/g)?.length ?? 0
  const silentFinalE = /[^aeiouy]e$/.test(letters) && !/[^aeiouy]le$/.test(letters) && !lowercase.endsWith('é')
  if (silentFinalE) syllables -= 1
  return Math.max(1, syllables)
}

/**
 * Flesch reading ease of an English text: 206.835 − 1.015 × words per sentence − 84.6 × syllables
 * per word. Higher is easier: 60–70 is plain English, below 30 is very hard. Not clamped, so very
 * simple text can pass 100; a text without words scores 0.
 */
export function fleschReadingEase(text: string): number {
  const words = wordsOf(text)
  const sentences = splitSentences(text).length
  if (words.length === 0 || sentences === 0) return 0
  const syllables = words.reduce((sum, word) => sum + countSyllables(word), 0)
  return 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syllables / words.length)
}

/** Whether a language, by name or by code, is English: "English", "english", "en", "en-US", "EN-gb", "en_GB". */
export function isEnglish(language: string): boolean {
  const value = language.trim().toLowerCase()
  return /^en(?:[-_][a-z0-9]+)*$/.test(value) || /^english\b/.test(value)
}
