import { fleschReadingEase, isEnglish, sentenceStats } from '../readability'
import { readingLevelFor } from '../reading-level'
import { SEO_LIMITS } from './checks'
import { count, fail, formatNumber, pass, type ArticleFacts, type Outcome } from './outcome'

// Length and readability.

export function contentLength({ input, words }: ArticleFacts): Outcome {
  const target =
    input.targetWordCount !== undefined && input.targetWordCount !== null && input.targetWordCount > 0 ? input.targetWordCount : null
  if (target !== null) {
    const detail = `${count(words, 'word')}; the target is ${formatNumber(target)}.`
    if (words >= target) return pass(detail)
    return fail(
      detail,
      `Add about ${count(target - words, 'word')} of substance to reach the target of ${formatNumber(target)}.`,
      words / target,
    )
  }
  const median = input.serpMedianWordCount !== null && input.serpMedianWordCount > 0 ? input.serpMedianWordCount : null
  const has = `this article has ${formatNumber(words)}`
  if (median === null) {
    const needed = SEO_LIMITS.minimumWordsWithoutSerp
    const detail = `${count(words, 'word')}; without search results to compare, ${formatNumber(needed)} are needed.`
    if (words >= needed) return pass(detail)
    return fail(detail, `Add about ${count(needed - words, 'word')} to reach ${formatNumber(needed)}: ${has}.`, words / needed)
  }
  const needed = Math.ceil(median * SEO_LIMITS.serpMedianShare)
  const detail = `${count(words, 'word')}; the top results have a median of ${formatNumber(median)} (${formatNumber(needed)} needed).`
  if (words >= needed) return pass(detail)
  return fail(
    detail,
    `Add about ${count(median - words, 'word')}: the top results have a median of ${formatNumber(median)} and ${has}.`,
    words / needed,
  )
}

export function readability({ input, blocks }: ArticleFacts): Outcome {
  const prose = blocks
    .filter((block) => block.kind === 'prose')
    .map((block) => block.text)
    .join('\n\n')
  const stats = sentenceStats(prose)
  if (stats.words === 0) return fail('The article has no body text to measure.', 'Write the body text: it has no paragraphs.')
  const average = Math.round(stats.averageWordsPerSentence)
  if (isEnglish(input.language)) {
    // The level the business's readers need (reading-level.ts): plain English for beginners.
    const level = readingLevelFor(input.audiences)
    const { fleschPass, fleschFloor } = level
    const ease = Math.round(fleschReadingEase(prose))
    const detail = `Flesch reading ease ${ease}, for ${level.label} ${fleschPass} or more; sentences average ${count(average, 'word')}.`
    if (ease >= fleschPass) return pass(detail)
    return fail(
      detail,
      `Raise the Flesch reading ease to ${fleschPass} or more for ${level.label} (it is ${ease}): shorten sentences (they average ${count(average, 'word')}) and prefer shorter words.`,
      (ease - fleschFloor) / (fleschPass - fleschFloor),
    )
  }
  const { sentenceWordsPass, sentenceWordsCeiling } = SEO_LIMITS
  const detail = `Sentences average ${count(average, 'word')}.`
  if (stats.averageWordsPerSentence <= sentenceWordsPass) return pass(detail)
  return fail(
    detail,
    `Shorten sentences to an average of ${sentenceWordsPass} words or fewer (they average ${average}).`,
    (sentenceWordsCeiling - stats.averageWordsPerSentence) / (sentenceWordsCeiling - sentenceWordsPass),
  )
}
