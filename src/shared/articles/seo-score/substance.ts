import { countKeyword, normalisedWords } from '../keyword-rule'
import { splitSentences, wordsOf } from '../readability'
import { SEO_LIMITS } from './checks'
import type { OutlineBlock } from './outline'
import { count, fail, formatNumber, pass, type ArticleFacts, type Outcome } from './outcome'

// Substance: repetition, thin sections and keyword stuffing, the checks filler fails (SUBSTANCE_CHECKS).

const quote = (text: string, words = 10) => {
  const all = text.trim().split(/\s+/)
  return `"${all.slice(0, words).join(' ')}${all.length > words ? ' …' : ''}"`
}

/** The word sequences of the prose blocks: a run never spans two blocks. */
const proseBlocks = (blocks: OutlineBlock[]) => blocks.filter((block) => block.kind === 'prose').map((block) => block.text)

/** Every run of `length` words inside the keyword: a long keyword must be said more than once, which is not repetition. */
function keywordRuns(keyword: string, length: number): Set<string> {
  const words = normalisedWords(keyword)
  const runs = new Set<string>()
  for (let at = 0; at + length <= words.length; at++) runs.add(words.slice(at, at + length).join(' '))
  return runs
}

export function repetition({ blocks, input }: ArticleFacts): Outcome {
  const { repeatedRunWords: run, repeatedTrigramShare: ceiling } = SEO_LIMITS
  const ofKeyword = keywordRuns(input.keyword, run)
  const prose = proseBlocks(blocks)
  if (prose.length === 0) return fail('The article has no body text to measure.', 'Write the body text: it has no paragraphs.')
  const sentenceCounts = new Map<string, { text: string; times: number }>()
  for (const sentence of prose.flatMap((text) => splitSentences(text))) {
    const key = normalisedWords(sentence).join(' ')
    if (key.split(' ').length < 4) continue
    const known = sentenceCounts.get(key)
    if (known) known.times += 1
    else sentenceCounts.set(key, { text: sentence, times: 1 })
  }
  const repeatedSentences = [...sentenceCounts.values()].filter((entry) => entry.times > 1)
  const runs = new Map<string, number>()
  const trigrams = new Map<string, number>()
  for (const text of prose) {
    const words = normalisedWords(text)
    for (let at = 0; at + run <= words.length; at++) {
      const key = words.slice(at, at + run).join(' ')
      runs.set(key, (runs.get(key) ?? 0) + 1)
    }
    for (let at = 0; at + 3 <= words.length; at++) {
      const key = words.slice(at, at + 3).join(' ')
      trigrams.set(key, (trigrams.get(key) ?? 0) + 1)
    }
  }
  const repeatedRuns = [...runs].filter(([key, times]) => times > 1 && !ofKeyword.has(key))
  const totalTrigrams = [...trigrams.values()].reduce((sum, times) => sum + times, 0)
  const repeatedTrigrams = [...trigrams.values()].filter((times) => times > 1).reduce((sum, times) => sum + times, 0)
  const share = totalTrigrams === 0 ? 0 : repeatedTrigrams / totalTrigrams
  const percent = (value: number) => `${Math.round(value * 1000) / 10}%`
  const detail = `${count(repeatedSentences.length, 'sentence')} repeated, ${count(repeatedRuns.length, `${run}-word run`)} repeated, ${percent(share)} of word trigrams repeated.`
  const hints: string[] = []
  if (repeatedSentences.length > 0) {
    const worst = [...repeatedSentences].sort((a, b) => b.times - a.times)[0]
    hints.push(`Rewrite the ${count(repeatedSentences.length, 'repeated sentence')}: ${quote(worst.text)} appears ${worst.times} times.`)
  } else if (repeatedRuns.length > 0) {
    hints.push(`Reword ${count(repeatedRuns.length, 'passage')} said twice, such as ${quote(repeatedRuns[0][0])}.`)
  }
  if (share > ceiling)
    hints.push(
      `Vary the wording: ${percent(share)} of three-word phrases recur (at most ${percent(ceiling)} pass); say new things rather than reuse sentence frames.`,
    )
  if (hints.length === 0) return pass(detail)
  return fail(detail, hints.join(' '))
}

export function thinSections({ blocks }: ArticleFacts): Outcome {
  const minimum = SEO_LIMITS.minimumSectionWords
  const sections: Array<{ heading: string; words: number; wordsBeforeH3: number; questions: number; subheadings: number }> = []
  for (const block of blocks) {
    const current = sections.at(-1)
    if (block.kind === 'heading' && block.depth <= 2) {
      const heading = block.depth === 2 ? block.text.trim() : ''
      sections.push({ heading, words: heading ? 0 : Number.POSITIVE_INFINITY, wordsBeforeH3: 0, questions: 0, subheadings: 0 })
    } else if (block.kind === 'heading' && current) {
      current.subheadings += 1
      if (block.text.trim().endsWith('?')) current.questions += 1
    } else if (current) {
      const words = wordsOf(block.text).length
      current.words += words
      if (current.subheadings === 0) current.wordsBeforeH3 += words
    }
  }
  // A FAQ (an H2 made only of question subheadings, e.g. "Frequently asked questions") is judged by
  // the FAQ check: its answers are meant to be short.
  const isFaq = (section: (typeof sections)[number]) =>
    section.questions >= 1 && section.questions === section.subheadings && section.wordsBeforeH3 === 0
  const h2 = sections.filter((section) => section.heading !== '' && !isFaq(section))
  const thin = h2.filter((section) => section.words < minimum)
  if (h2.length === 0) return fail('The article has no H2 section.', `Divide the body into H2 sections of ${minimum} words or more each.`)
  const detail = `${formatNumber(h2.length - thin.length)} of ${count(h2.length, 'H2 section')} have ${minimum} words or more.`
  if (thin.length === 0) return pass(detail)
  const named = thin
    .slice(0, 3)
    .map((section) => `"${section.heading}" (${formatNumber(section.words)})`)
    .join(', ')
  return fail(
    detail,
    `Give every H2 section at least ${minimum} words of its own, or merge it into another: ${named}${thin.length > 3 ? ` and ${formatNumber(thin.length - 3)} more` : ''}.`,
    (h2.length - thin.length) / h2.length,
  )
}

export function keywordStuffing({ input, quotedKeyword, blocks, words }: ArticleFacts): Outcome {
  const ceiling = SEO_LIMITS.keywordDensityCeiling
  const mentions = blocks.reduce((sum, block) => sum + countKeyword(block.text, input.keyword), 0)
  const density = words === 0 ? 0 : (mentions / words) * 100
  const rounded = Math.round(density * 10) / 10
  const detail = `${quotedKeyword} appears ${count(mentions, 'time')} in ${count(words, 'word')} (${rounded} per 100 words).`
  const allowed = Math.floor((words * ceiling) / 100)
  if (words === 0) return fail(detail, 'Write the body text: it has no words.')
  if (density <= ceiling || mentions <= 2) return pass(detail)
  return fail(
    detail,
    `Use ${quotedKeyword} at most ${count(allowed, 'time')} here (${ceiling} per 100 words; it has ${mentions}): say "it", or name the thing another way.`,
  )
}
