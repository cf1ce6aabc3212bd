/**
 * Infographics for articles: a horizontal bar chart drawn from numbers that the article's cited
 * sources state, rendered as a self-contained SVG document.
 *
 * Extraction never invents a number. A range ("90–96 °C") becomes two points, its low and its high
 * end, because a midpoint is a figure no source gave; a range counts as one measurement, so a chart
 * needs at least two different measurements. Only values written in the same unit share a chart:
 * 30 seconds of extraction and 21 days of resting would convert to one scale but measure different
 * things; °C and °F, or money in two currencies, never mix.
 *
 * The SVG has no scripts, links, external fonts or images, and every piece of text is escaped.
 */
import {
  CLAUSE_BREAK,
  commonWords,
  composeLabel,
  innerCase,
  labelParts,
  MARK_CLOSE,
  MARK_OPEN,
  readClause,
  type LabelParts,
} from './labels'
import { findMentions, PERCENT, type UnitSpec } from './measurements'
import { capitalise, collapse, hostname, plainSentence, singular, splitWords, truncateWords } from './words'

/** A fact taken from a cited source: the sentence as written in the article and its source. */
export interface CitedFact {
  sentence: string
  sourceUrl: string
  sourceTitle: string
}

export interface ChartPoint {
  label: string
  value: number
  /** '%', '°C', 'minutes', '$', '' for a plain count; a rate adds its base ('kg per person'). */
  unit: string
  sourceUrl: string
}

export interface ChartData {
  title: string
  unit: string
  points: ChartPoint[]
  sources: { url: string; title: string }[]
}

export const MAX_LABEL_LENGTH = 40
export const MAX_POINTS = 8

interface Candidate {
  key: string
  label: string
  value: number
  spec: UnitSpec | undefined
  rate: string
  fact: number
  measurement: string
  pairedWith: number | undefined
  sourceUrl: string
  sourceTitle: string
}

/** A candidate before deduplication pairs a range's two ends. */
type Found = Omit<Candidate, 'pairedWith'>

function candidatesFromFact(fact: CitedFact, factIndex: number, keywordWords: Set<string>, inner: (text: string) => string): Found[] {
  const sentence = plainSentence(fact.sentence)
  const mentions = findMentions(sentence)
  let marked = sentence
  for (let i = mentions.length - 1; i >= 0; i--) {
    marked = `${marked.slice(0, mentions[i].start)}${MARK_OPEN}${i}${MARK_CLOSE}${marked.slice(mentions[i].end)}`
  }
  const clauses = marked.split(CLAUSE_BREAK).filter((clause): clause is string => clause !== undefined)
  const found: Found[] = []
  let previous: LabelParts | undefined
  mentions.forEach((mention, index) => {
    const clause = readClause(clauses, index)
    const parts = clause && labelParts(clause, previous, mention.spec === PERCENT)
    if (!parts) return
    previous = parts
    const isRange = mention.values.length === 2
    const base = composeLabel(parts, keywordWords, inner, MAX_LABEL_LENGTH - (isRange ? ' (high)'.length : 0))
    if (!base) return
    // Only values written in the same unit share a chart: 25 seconds of brewing and 21 days of resting convert to one scale but measure different things.
    const key = mention.spec ? `${mention.spec.unit}${mention.rate ? ` per ${mention.rate}` : ''}` : `count:${singular(mention.noun)}`
    const ends = isRange ? [...mention.values].sort((a, b) => a - b) : mention.values
    ends.forEach((value, end) => {
      const label = isRange ? `${base} (${end === 0 ? 'low' : 'high'})` : base
      const measurement = `${factIndex}:${index}`
      found.push({ key, label, value, spec: mention.spec, rate: mention.rate, fact: factIndex, measurement, ...source(fact) })
    })
  })
  return found
}

function source(fact: CitedFact): { sourceUrl: string; sourceTitle: string } {
  return { sourceUrl: fact.sourceUrl, sourceTitle: collapse(fact.sourceTitle) || hostname(fact.sourceUrl) }
}

/** Candidates of one unit, deduplicated on label and value; a range's two ends stay together. */
function dedupe(candidates: Found[]): Candidate[] {
  const seen = new Set<string>()
  const kept = candidates.filter((candidate) => {
    const identity = `${candidate.label.toLowerCase()}|${candidate.value * (candidate.spec?.factor ?? 1)}`
    if (seen.has(identity)) return false
    seen.add(identity)
    return true
  })
  return kept.map((candidate, i) => {
    const partner = kept.findIndex((other, j) => j !== i && other.measurement === candidate.measurement)
    return { ...candidate, pairedWith: partner >= 0 ? partner : undefined }
  })
}

function pickPoints(candidates: Candidate[], maxPoints: number): Candidate[] {
  const picked: Candidate[] = []
  for (let i = 0; i < candidates.length && picked.length < maxPoints; i++) {
    const candidate = candidates[i]
    if (candidate.pairedWith === undefined) {
      picked.push(candidate)
    } else if (candidate.pairedWith > i) {
      const room = maxPoints - picked.length
      // A range alone would make a chart of one measurement.
      if (room >= 2 && !(room === 2 && picked.length === 0)) picked.push(candidate, candidates[candidate.pairedWith])
    }
  }
  return picked
}

/** The unit the points are shown in: for convertible units, the one most of them were written in. */
function displayUnit(points: Candidate[]): UnitSpec | undefined {
  const specs = points.map((point) => point.spec).filter((spec): spec is UnitSpec => spec !== undefined)
  if (specs.length === 0) return undefined
  const counts = new Map<string, { spec: UnitSpec; count: number }>()
  for (const spec of specs) counts.set(spec.unit, { spec, count: (counts.get(spec.unit)?.count ?? 0) + 1 })
  return [...counts.values()].sort((a, b) => b.count - a.count || a.spec.factor - b.spec.factor)[0].spec
}

const KEYWORD_QUESTION = /^(?:how|what|why|when|where|which|who|whose|is|are|can|does|do|should|will)\b/i

/** "Coffee beans in numbers (%)"; a question-like keyword becomes "Key figures: how long to steep cold brew". */
export function chartTitle(keyword: string, unit: string): string {
  const topic = truncateWords(
    collapse(keyword)
      .replace(/^["'“‘]+|["'”’?!.]+$/g, '')
      .trim(),
    60,
  )
  const suffix = unit ? ` (${unit})` : ''
  if (!topic) return `Key figures${suffix}`
  if (KEYWORD_QUESTION.test(topic)) return `Key figures: ${topic}${suffix}`
  return `${capitalise(topic)} in numbers${suffix}`
}

/** Picks 2–8 comparable points (same unit) from cited facts; null when fewer than 2 comparable numbers exist. */
export function chartDataFromFacts(facts: CitedFact[], options: { keyword: string; maxPoints?: number }): ChartData | null {
  const maxPoints = Math.min(MAX_POINTS, Math.max(2, Math.floor(options.maxPoints ?? MAX_POINTS)))
  const keywordWords = new Set(splitWords(options.keyword).map(singular))
  const inner = innerCase(commonWords(facts.map((fact) => plainSentence(fact.sentence))), keywordWords)
  const all = facts.flatMap((fact, index) => candidatesFromFact(fact, index, keywordWords, inner))
  const groups = new Map<string, Found[]>()
  for (const candidate of all) groups.set(candidate.key, [...(groups.get(candidate.key) ?? []), candidate])
  const ranked = [...groups.values()]
    .map((group) => dedupe(group))
    .map((group) => ({ group, facts: new Set(group.map((c) => c.fact)).size, measurements: new Set(group.map((c) => c.measurement)).size }))
    .filter(({ measurements }) => measurements >= 2)
    .sort((a, b) => b.facts - a.facts || b.group.length - a.group.length)
  const best = ranked[0]
  if (!best) return null
  const picked = pickPoints(best.group, maxPoints)
  if (new Set(picked.map((point) => point.measurement)).size < 2) return null
  const shown = displayUnit(picked)
  const rate = picked[0].rate ? ` per ${picked[0].rate}` : ''
  const unit = `${shown?.unit ?? ''}${rate}`
  const points = picked.map((point): ChartPoint => ({
    label: point.label,
    value: Number(((point.value * (point.spec?.factor ?? 1)) / (shown?.factor ?? 1)).toPrecision(12)),
    unit,
    sourceUrl: point.sourceUrl,
  }))
  const sources = new Map<string, { url: string; title: string }>()
  for (const point of picked)
    if (!sources.has(point.sourceUrl)) sources.set(point.sourceUrl, { url: point.sourceUrl, title: point.sourceTitle })
  return { title: chartTitle(options.keyword, unit), unit, points, sources: [...sources.values()] }
}
