import { findBanned } from '~/server/articles/banned-phrases'
import type { WriterContext } from './brief'
import { cased } from './casing'
import { type MaterialPage, type ArticleMaterial, listOf } from './material'
import { sourceLabel, markdownLinkText } from './sources'
import { WORD, stemsOf, overlap, hasDigit, wordCount, capitalise, withoutEndPunctuation, splitSentences, isStatement } from './words'

// A comparison's table, from the sources' sentences about each option.

/** What options are usually compared on, each with the words a sentence about it uses. */
const CRITERIA: Array<[string, string[]]> = [
  ['Taste', ['taste', 'tastes', 'flavour', 'flavours', 'flavor', 'flavors', 'acidity', 'sweet', 'sweetness', 'bitter', 'notes']],
  ['Body and texture', ['body', 'crema', 'sediment', 'oils', 'texture', 'mouthfeel']],
  ['Ease of use', ['easy', 'easier', 'forgiving', 'simple', 'practice', 'skill', 'beginners', 'effort', 'steady']],
  ['Cleaning and care', ['cleaning', 'maintenance', 'descale', 'descaling']],
  ['Cost', ['cost', 'costs', 'price', 'prices', 'expensive', 'budget', 'afford']],
  ['Time', ['time', 'quick', 'quickly', 'fast', 'faster', 'slow', 'slower', 'minutes', 'wait']],
  ['Equipment', ['kettle', 'filter', 'filters', 'gear', 'equipment', 'tools', 'timer']],
  ['Grind', ['grind', 'grinder', 'grinding', 'ground', 'grounds']],
  ['Caffeine and strength', ['caffeine', 'strong', 'stronger', 'strength']],
  ['Freshness', ['fresh', 'freshness', 'stale', 'staling']],
  ['Durability', ['lasts', 'durable', 'sturdy', 'years']],
  ['Size', ['size', 'capacity', 'large', 'compact']],
  ['Health', ['health', 'healthy', 'healthier']],
]

/** A source sentence a table cell may tell. */
interface CellSource {
  text: string
  page: MaterialPage
}

/**
 * A table cell from a source sentence carrying one of the words, told whole. A sentence with a
 * number cites its page, as every figure of the article does (the grounding check holds it to
 * that page); one holding a banned phrase of the business's voice is never told.
 */
function cellFrom({ text, page }: CellSource, words: readonly string[], banned: readonly string[]): string | undefined {
  const whole = withoutEndPunctuation(text)
  const has = (whole.toLowerCase().match(WORD) ?? []).some((word) => words.includes(word))
  if (!has || /["“”|[\]]/.test(whole) || wordCount(whole) < 5 || wordCount(whole) > 22 || findBanned(whole, banned).length > 0)
    return undefined
  return hasDigit(whole) ? `${capitalise(whole)} ([${markdownLinkText(sourceLabel(page))}](${page.url}))` : capitalise(whole)
}

/**
 * A comparison's table (src/shared/articles/article-types.ts): one column per option of "A vs B",
 * one row per criterion (CRITERIA) both options' source sentences speak to, each cell a source
 * sentence about that option (rows only where both have one). Without two named options, or
 * sources describing each apart, the rows are the criteria the sources speak to, with what they
 * say. Undefined when the sources give no row.
 */
export function comparisonTable(material: ArticleMaterial, context: WriterContext): string | undefined {
  const sentences: CellSource[] = material.pages
    .filter((page) => page.role.startsWith('source'))
    .flatMap((page) => splitSentences(page.text).map((text) => ({ text, page })))
    .filter(({ text }) => isStatement(text))
    .filter((sentence, index, all) => all.findIndex((other) => other.text === sentence.text) === index)
    // A cell without a figure first: it needs no citation.
    .sort((a, b) => Number(hasDigit(a.text)) - Number(hasDigit(b.text)))
  const banned = listOf(material, 'bannedPhrases') ?? []
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`
  const used = new Set<string>()
  const cellOf = (pool: CellSource[], words: readonly string[]) => {
    const cell = pool.map((sentence) => cellFrom(sentence, words, banned)).find((text) => text !== undefined && !used.has(text))
    if (cell) used.add(cell)
    return cell
  }
  if (context.intent.kind === 'versus') {
    const options = [context.intent.a, context.intent.b]
    const mentions = (sentence: CellSource, option: string) => {
      const stems = stemsOf(option)
      return overlap(stemsOf(sentence.text), stems) === stems.size
    }
    // A sentence about one option only describes it; one naming both is left to the prose.
    const [a, b] = options.map((option, index) =>
      sentences.filter((sentence) => mentions(sentence, option) && !mentions(sentence, options[1 - index])),
    )
    const rows = CRITERIA.flatMap(([label, words]) => {
      const cellA = cellOf(a, words)
      const cellB = cellA ? cellOf(b, words) : undefined
      if (cellA && !cellB) used.delete(cellA)
      return cellA && cellB ? [row([label, cellA, cellB])] : []
    }).slice(0, 6)
    const head = options.map((option) => capitalise(cased(option, context.casing)))
    // Sources that describe neither option on its own still give the criteria table below.
    if (rows.length > 0) return [row(['', ...head]), row(['---', '---', '---']), ...rows].join('\n')
  }
  const rows = CRITERIA.flatMap(([label, words]) => {
    const cell = cellOf(sentences, words)
    return cell ? [row([label, cell])] : []
  }).slice(0, 6)
  return rows.length > 0 ? [row(['Criterion', 'What the sources say']), row(['---', '---']), ...rows].join('\n') : undefined
}
