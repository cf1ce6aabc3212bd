import type { WriterContext } from './brief'
import { FOLLOW_UPS, CLOSERS } from './phrasing'
import { hasDigit, wordCount, splitSentences } from './words'

// The article written so far, read back as sentences for the FAQ and the meta description.

/** The article's own sentences, with Markdown structure gone: a heading's line and list items are not sentences to reuse. */
export function articleSentences(article: string): string[] {
  // Citations go with the sentence they close; link texts stay as words.
  const plain = article
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\s*\(\[[^\]]*\]\([^)]*\)\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
  return plain
    .split(/\s(?=#{1,6}\s)|\s(?=[-+*]\s)|\|/)
    .flatMap((segment) => {
      const sentences = splitSentences(segment.trim())
      return /^(?:#{1,6}|[-+*])\s/.test(segment.trim()) ? sentences.slice(1) : sentences
    })
    .filter(
      (sentence, index, all) =>
        wordCount(sentence) >= 5 && /[.!]$/.test(sentence) && !hasDigit(sentence) && all.indexOf(sentence) === index,
    )
}

/** The writer's own framing sentences: true of any subject, so they answer no question and describe no article. */
const FRAMING =
  /^(?:it|this|that|these|those|they|knowing|few choices|a good place to start|the answer)\b|^\p{L}+\s+(?:it|this|that|these|those|they)\b|worth (?:seeing|understanding) why|the short answer depends|takes less time than most people think|is a common comparison|not the same for everyone|easier to get right once|bigger difference than most people expect|easier than it looks|comes down to a handful|the reasons are practical/iu

/** A sentence that says something on its own: not a lead-in ("…: …"), not about the business, not leaning on the one before ("It…", "Treat that…"), not framing. */
export function isInformative(sentence: string, context: WriterContext): boolean {
  return (
    !sentence.includes(':') &&
    !sentence.toLowerCase().includes(context.business.toLowerCase()) &&
    !FRAMING.test(sentence) &&
    ![...CLOSERS, ...FOLLOW_UPS].includes(sentence)
  )
}
