/**
 * An article's length fits the search results it competes with (docs/product/pipeline.md
 * "Length"): the median word count of the organic results we fetched, clamped to the business's
 * minimum and maximum (settings). The outline is planned for that length in sections of about
 * WORDS_PER_SECTION words, and sections are added after writing while the article is short.
 */

/** The settings' defaults and bounds for a business's article length range. */
export const ARTICLE_LENGTH = {
  defaultMinWords: 1200,
  defaultMaxWords: 3000,
  /** The lowest minimum settings accept. */
  lowestMinWords: 300,
  /** The highest maximum settings accept. */
  highestMaxWords: 10_000,
} as const

/** Words one written section (an H2 or H3 with its two to four paragraphs) carries, as the section prompt asks. */
export const WORDS_PER_SECTION = 200
/** The introduction's share of the target, in words: it is written beside the sections. */
export const INTRODUCTION_WORDS = 120
/** An outline plans at least this many sections, and at most the most the writer is asked for. */
export const MIN_SECTIONS = 4
export const MAX_SECTIONS = 12
/** An article more than this share under its target gets extra sections, when the sources have more to say. */
export const SHORTFALL_SHARE = 0.1
/** Extra section calls after the planned sections are written. */
export const MAX_EXTRA_SECTIONS = 3

export interface LengthTargetInput {
  /** Median word count of the fetched top results; null when none could be read. */
  serpMedianWords: number | null
  min: number
  max: number
}

/** The target word count: the SERP median (the minimum when unknown) clamped to [min, max]. */
export function targetWords({ serpMedianWords, min, max }: LengthTargetInput): number {
  const low = Math.min(min, max)
  const high = Math.max(min, max)
  const median = serpMedianWords !== null && serpMedianWords > 0 ? serpMedianWords : low
  return Math.round(Math.min(high, Math.max(low, median)))
}

/** Sections an outline plans for a target: what is left after the introduction, in sections of WORDS_PER_SECTION. */
export function plannedSections(target: number): number {
  const sections = Math.round(Math.max(0, target - INTRODUCTION_WORDS) / WORDS_PER_SECTION)
  return Math.min(MAX_SECTIONS, Math.max(MIN_SECTIONS, sections))
}

/** True when the article is short of its target by more than SHORTFALL_SHARE. */
export function isShortOfTarget(words: number, target: number): boolean {
  return words < target * (1 - SHORTFALL_SHARE)
}

/**
 * Where a target came from, in a sentence the article page shows. The target and the median
 * tell which bound applied: a target above the median is the minimum, one below it the maximum.
 */
export function targetOrigin({
  target,
  serpMedianWords: median,
  resultsRead,
}: {
  target: number
  serpMedianWords: number | null
  resultsRead?: number | null
}): string {
  const format = (value: number) => value.toLocaleString('en-US')
  if (median === null || median <= 0) return `No top result could be read: your minimum of ${format(target)} words.`
  const results = resultsRead ? `${resultsRead} top result${resultsRead === 1 ? '' : 's'}` : 'the top results'
  const from = `The median of ${results} (${format(median)} words)`
  if (target > median) return `${from}, raised to your minimum of ${format(target)}.`
  if (target < median) return `${from}, capped at your maximum of ${format(target)}.`
  return `${from}.`
}
