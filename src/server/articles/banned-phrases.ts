import { ARTICLE_SCHEMAS, type CallToAction, type Faq, type Outline } from './prompts'
import { SENTENCE_BREAK } from '~/shared/text-kit'

/**
 * A business's banned words and phrases never appear in an article (docs/product/pipeline.md
 * "Brand voice"). Matching is case-insensitive on whole words: "best" bans "Best" and "best," but
 * not "bestseller"; the words of a phrase may be separated by any whitespace. What cannot be
 * rewritten away is removed: the sentence holding it in prose, the phrase itself in a heading or
 * a label (a title, a button), where removing the sentence would leave nothing.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** One pattern for all the phrases; null when there are none. */
export function bannedPattern(phrases: readonly string[]): RegExp | null {
  const parts = phrases
    .map((phrase) => phrase.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.split(/\s+/).map(escape).join('\\s+'))
  return parts.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}_])(?:${parts.join('|')})(?![\\p{L}\\p{N}_])`, 'giu')
}

/** The banned phrases `text` contains, as the business wrote them, each once. */
export function findBanned(text: string, phrases: readonly string[]): string[] {
  return phrases.filter((phrase) => bannedPattern([phrase])?.test(text))
}

/** `text` with every banned phrase taken out and the spacing and punctuation around it tidied. */
export function stripBanned(text: string, phrases: readonly string[]): string {
  const pattern = bannedPattern(phrases)
  if (!pattern) return text
  return text
    .replace(pattern, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([(“"‘])\s+/g, '$1')
    .replace(/^[\s,;:–-]+/, '')
    .replace(/[\s,;:–-]+$/, '')
    .trim()
}

/** Prose without its sentences that hold a banned phrase ('' when every sentence does). */
export function dropBannedSentences(text: string, phrases: readonly string[]): string {
  const pattern = bannedPattern(phrases)
  if (!pattern) return text
  return text
    .split(SENTENCE_BREAK)
    .filter((sentence) => !new RegExp(pattern.source, pattern.flags).test(sentence))
    .join(' ')
    .trim()
}

/** A short text (an answer, a description): its clean sentences, or, when none is clean, the text with the phrases taken out. */
export function scrubProse(text: string, phrases: readonly string[]): string {
  if (findBanned(text, phrases).length === 0) return text
  return dropBannedSentences(text, phrases) || stripBanned(text, phrases)
}

const LINE_PREFIX = /^(\s*(?:[-*+]|\d+[.)])\s+|\s*>\s*)?(.*)$/

/**
 * One Markdown block of an article without banned phrases: a heading loses the phrase, a figure or
 * an HTML block (an image, the video) goes, and prose loses the sentences (list items: the items)
 * holding one. '' when nothing is left.
 */
export function scrubBlock(block: string, phrases: readonly string[]): string {
  if (findBanned(block, phrases).length === 0) return block
  const trimmed = block.trim()
  if (/^#{1,6}\s/.test(trimmed)) {
    const [, hashes, text] = /^(#{1,6})\s+(.*)$/.exec(trimmed)!
    const heading = stripBanned(text!, phrases)
    return heading ? `${hashes} ${heading}` : ''
  }
  if (/^(?:<|!\[)/.test(trimmed)) return ''
  return block
    .split('\n')
    .map((line) => {
      const [, prefix = '', body = ''] = LINE_PREFIX.exec(line)!
      const kept = dropBannedSentences(body, phrases)
      return kept ? `${prefix}${kept}` : ''
    })
    .filter(Boolean)
    .join('\n')
}

/** A whole Markdown document, block by block (scrubBlock); code fences are left as they are. */
export function scrubMarkdown(markdown: string, phrases: readonly string[]): string {
  if (findBanned(markdown, phrases).length === 0) return markdown
  return markdown
    .split(/\n{2,}/)
    .map((block) => (block.trimStart().startsWith('```') ? block : scrubBlock(block, phrases)))
    .filter((block) => block.trim() !== '')
    .join('\n\n')
}

/** An outline whose title, headings and points hold no banned phrase (sections left without a heading go). */
export function scrubOutline(outline: Outline, phrases: readonly string[]): Outline {
  return {
    title: stripBanned(outline.title, phrases),
    sections: outline.sections
      .map((section) => ({
        ...section,
        heading: stripBanned(section.heading, phrases),
        points: section.points.map((point) => stripBanned(point, phrases)).filter(Boolean),
      }))
      .filter((section) => section.heading !== ''),
  }
}

/** FAQ items whose question holds a banned phrase go; answers lose the sentences holding one. */
export function scrubFaq(questions: Faq, phrases: readonly string[]): Faq {
  return questions
    .filter((item) => findBanned(item.question, phrases).length === 0)
    .map((item) => ({ ...item, answer: scrubProse(item.answer, phrases) }))
    .filter((item) => item.answer !== '')
}

export function scrubMeta(meta: { metaTitle: string; metaDescription: string }, phrases: readonly string[]) {
  return { metaTitle: stripBanned(meta.metaTitle, phrases), metaDescription: scrubProse(meta.metaDescription, phrases) }
}

export function scrubCta(cta: CallToAction, phrases: readonly string[]): CallToAction {
  return {
    heading: stripBanned(cta.heading, phrases),
    text: scrubProse(cta.text, phrases),
    buttonLabel: stripBanned(cta.buttonLabel, phrases),
  }
}

/** An article prompt's answer (by its schema name) without banned phrases; any other answer unchanged. */
export function scrubArticlePart(schemaName: string, answer: unknown, phrases: readonly string[]): unknown {
  if (phrases.length === 0 || answer === undefined) return answer
  switch (schemaName) {
    case ARTICLE_SCHEMAS.outline:
      return scrubOutline(answer as Outline, phrases)
    case ARTICLE_SCHEMAS.section:
      return { blocks: (answer as { blocks: string[] }).blocks.map((block) => scrubBlock(block, phrases)).filter(Boolean) }
    case ARTICLE_SCHEMAS.faq:
      return { questions: scrubFaq((answer as { questions: Faq }).questions, phrases) }
    case ARTICLE_SCHEMAS.meta:
      return scrubMeta(answer as { metaTitle: string; metaDescription: string }, phrases)
    case ARTICLE_SCHEMAS.cta:
      return scrubCta(answer as CallToAction, phrases)
    default:
      return answer
  }
}

/** A prompt asked again because its answer held banned phrases: the system message names them. */
export function withoutBannedAgain(request: { system: string; prompt: string }, found: readonly string[]) {
  return {
    system: `${request.system} Your previous answer used banned phrases (${found.map((phrase) => `“${phrase}”`).join(', ')}): write it again without them or any form of them.`,
    prompt: request.prompt,
  }
}

/** How often an answer holding a banned phrase is asked again (sections; an outline once) before the phrase is removed. */
export const BANNED_REWRITE_TRIES = 2

/**
 * Asks, and asks again (at most `tries` times, naming what it used) while the answer holds a
 * banned phrase. Returns the last answer, which may still hold one: the caller then removes it
 * (scrubBlock, scrubOutline), so the saved article never does.
 */
export async function askAvoidingBanned<T>(
  request: { system: string; prompt: string },
  phrases: readonly string[],
  ask: (request: { system: string; prompt: string }) => Promise<T>,
  textOf: (answer: T) => string,
  tries = BANNED_REWRITE_TRIES,
): Promise<{ answer: T; rewrites: number }> {
  let answer = await ask(request)
  let found = findBanned(textOf(answer), phrases)
  let rewrites = 0
  while (found.length > 0 && rewrites < tries) {
    answer = await ask(withoutBannedAgain(request, found))
    rewrites++
    found = findBanned(textOf(answer), phrases)
  }
  return { answer, rewrites }
}

/** The text of an outline a banned phrase could hide in. */
export const outlineText = (outline: Outline) =>
  [outline.title, ...outline.sections.flatMap((section) => [section.heading, ...section.points])].join('\n')
