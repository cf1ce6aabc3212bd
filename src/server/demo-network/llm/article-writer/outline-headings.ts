import { QUESTION_START, type WriterContext } from './brief'
import { type Casing, sentenceCase } from './casing'
import type { MaterialPage } from './material'
import {
  stemsOf,
  overlap,
  without,
  similarity,
  hasDigit,
  wordCount,
  normalizedLine,
  splitSentences,
  FIRST_PERSON,
  isStatement,
} from './words'

// Section headings from the search results: rephrased, merged across pages, and kept where the results say enough under them.

export interface HeadingCandidate {
  text: string
  stems: Set<string>
  places: Array<{ page: number; index: number }>
  /** Mean relative position in the pages that carry it (0 = top). */
  position: number
  score: number
}

const NUMBERING = /^(?:(?:step|tip|part|chapter)\s*\d+\s*[:.)–-]?\s*|#?\d+\s*[.):–-]\s*)/i
const NAVIGATION =
  /^(?:home|blog|contact(?: us)?|menu|about(?: us)?|shop|cart|search|log ?in|sign up|subscribe|privacy policy|terms.*|follow us|share.*|read more|related (?:posts|articles)|recent posts|categories|tags|comments?|leave a (?:comment|reply))$/i
const NOT_A_SECTION =
  /\b(?:conclusion|summary|final thoughts|wrapping up|faqs?|frequently asked questions|table of contents|about the author|methodology|disclosure|newsletter)\b/i
export const IMPERATIVE_START =
  /^(?:choose|pick|select|buy|store|use|check|avoid|find|compare|measure|track|keep|set up|plan|build|look for|try|start)\s/i
const REPHRASINGS: Array<[RegExp, string]> = [
  [/^the importance of (.+)$/i, 'why $1 matters'],
  [/^(?:the |a )?(?:complete |ultimate |beginner'?s |quick )?guide to (.+)$/i, '$1: the essentials'],
  [/^(?:everything )?(?:you need to know|what to know) about (.+)$/i, '$1: what to know'],
  [/^tips (?:for|on) (.+)$/i, 'practical tips for $1'],
  [/^understand(?:ing)? (.+)$/i, 'making sense of $1'],
]
const AUXILIARIES = new Set('is are was were do does did can could should will would much many long often makes make'.split(' '))
/** Words a heading may add to the keyword and still say nothing more ("The best espresso beans: a guide"). */
const EMPTY_ADDITIONS = new Set(['best', 'top', 'guide', 'complete', 'ultimate', 'review', 'essential', 'what', 'know'])

/** A result's heading as our section heading: numbering and chrome gone, sentence case, lightly rephrased. */
function rephraseHeading(raw: string, casing: Casing): string {
  let text = raw
    .replace(NUMBERING, '')
    .replace(/[\s.:;,–-]+$/, '')
    .trim()
  for (const [pattern, replacement] of REPHRASINGS) text = text.replace(pattern, replacement)
  if (IMPERATIVE_START.test(text)) text = `how to ${text}`
  const [first = '', second = ''] = text.toLowerCase().split(/\s+/)
  if (!text.endsWith('?') && QUESTION_START.test(first) && AUXILIARIES.has(second)) text += '?'
  return sentenceCase(text, casing)
}

/** Names no section may carry: the business's and the ranking sites' ("… | Bean Review", beanreview.example). */
function brandNames(business: string, results: MaterialPage[]): string[] {
  const brands = results.flatMap((page) => {
    const segments = page.title.split(/\s[|–—-]\s/)
    const host = /^https?:\/\/(?:www\.)?([^./]+)/i.exec(page.url)?.[1]
    return [...(segments.length > 1 ? [segments.at(-1)!] : []), ...(host ? [host] : [])]
  })
  return [business, ...brands].map((name) => name.trim().toLowerCase()).filter((name) => name.length > 2)
}

/** Stems the results share: the topic's vocabulary, so a heading about shipping or a newsletter falls away. */
function topicStems(results: MaterialPage[], keywordStems: Set<string>): Set<string> {
  const pagesWith = new Map<string, number>()
  for (const page of results)
    for (const stem of stemsOf([page.title, ...page.headings, page.text].join(' '))) pagesWith.set(stem, (pagesWith.get(stem) ?? 0) + 1)
  const shared = [...pagesWith].filter(([, count]) => count >= Math.min(2, results.length)).map(([stem]) => stem)
  return new Set([...keywordStems, ...shared])
}

const MIN_SECTION_STATEMENTS = 5

export function headingCandidates(results: MaterialPage[], context: WriterContext, keywordStems: Set<string>): HeadingCandidate[] {
  const topic = topicStems(results, keywordStems)
  const brands = brandNames(context.business, results)
  const candidates: HeadingCandidate[] = []
  results.forEach((page, pageIndex) => {
    page.headings.forEach((raw, index) => {
      const text = rephraseHeading(raw, context.casing)
      const stems = stemsOf(text)
      const lower = text.toLowerCase()
      const words = wordCount(text)
      if (words < 2 || words > 12 || hasDigit(text) || NAVIGATION.test(raw.trim()) || NOT_A_SECTION.test(text)) return
      if (FIRST_PERSON.test(text) || brands.some((brand) => lower.includes(brand)) || overlap(stems, topic) === 0) return
      if ([...without(stems, keywordStems)].every((stem) => EMPTY_ADDITIONS.has(stem))) return
      const place = { page: pageIndex, index }
      const position = index / Math.max(1, page.headings.length)
      const same = candidates.find((candidate) => similarity(candidate.stems, stems) >= 0.5)
      if (same) {
        if (!same.places.some((known) => known.page === pageIndex))
          same.position = (same.position * same.places.length + position) / (same.places.length + 1)
        same.places.push(place)
      } else candidates.push({ text, stems, places: [place], position, score: 0 })
    })
  })
  // A heading is a section only where the results say enough under it for 80 words of substance:
  // five distinct plain statements (figures are cited once a section, so they do not count). A
  // heading over one figure ("How popular is …?") or two lines is left to the sections around it.
  const enough = (candidate: HeadingCandidate) => {
    const said = new Set<string>()
    let located = false
    // Headings merged for sharing the keyword ("Types of X", "How popular is X?") lend no text:
    // only those that ask the same beyond the keyword count.
    const own = without(candidate.stems, keywordStems)
    for (const { page, index } of candidate.places) {
      const source = results[page]!
      if (similarity(without(stemsOf(rephraseHeading(source.headings[index]!, context.casing)), keywordStems), own) < 0.5) continue
      const start = source.text.indexOf(source.headings[index]!)
      if (start < 0) continue
      located = true
      const from = start + source.headings[index]!.length
      const next = source.headings
        .slice(index + 1)
        .map((heading) => source.text.indexOf(heading, from))
        .filter((at) => at >= 0)
      const under = source.text.slice(from, next.length > 0 ? Math.min(...next) : undefined)
      for (const sentence of splitSentences(under)) if (isStatement(sentence) && !hasDigit(sentence)) said.add(normalizedLine(sentence))
    }
    // A page whose text does not carry its headings cannot tell what is under them: the heading stays.
    return !located || said.size >= MIN_SECTION_STATEMENTS
  }
  for (const candidate of candidates) {
    const pages = new Set(candidate.places.map((place) => place.page)).size
    candidate.score = pages * 3 + overlap(candidate.stems, keywordStems) + overlap(candidate.stems, topic) * 0.5 - candidate.position
  }
  return candidates.filter(enough).sort((a, b) => b.score - a.score || a.position - b.position)
}

/** The h2 a remaining heading belongs under: the nearest chosen one before it on the same page. */
export function parentOf(candidate: HeadingCandidate, parents: HeadingCandidate[]): HeadingCandidate | undefined {
  let best: { parent: HeadingCandidate; distance: number } | undefined
  for (const place of candidate.places)
    for (const parent of parents)
      for (const at of parent.places) {
        const distance = place.index - at.index
        if (at.page === place.page && distance > 0 && distance <= 3 && (!best || distance < best.distance)) best = { parent, distance }
      }
  return best?.parent
}
